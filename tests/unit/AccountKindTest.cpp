// Account kinds: names, classification and flows factor (docs/balances.md "Account kinds").
#include "domain/AccountKind.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

using namespace finimport::domain;

class AccountKindTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(AccountKindTest);
    CPPUNIT_TEST(tableOfKinds);
    CPPUNIT_TEST(unknownSnakeNames);
    CPPUNIT_TEST_SUITE_END();

public:
    void tableOfKinds() {
        struct Row {
            const char* snake;
            const char* name;
            BalanceKind balance;
            bool liability;
            int factor;
        };
        const Row rows[] = {
            {"depository", "Depository", BalanceKind::Cash, false, 1},
            {"credit_card", "CreditCard", BalanceKind::Cash, true, -1},
            {"investment", "Investment", BalanceKind::Investment, false, 1},
            {"crypto", "Crypto", BalanceKind::Investment, false, 1},
            {"property", "Property", BalanceKind::NonCash, false, 1},
            {"vehicle", "Vehicle", BalanceKind::NonCash, false, 1},
            {"other_asset", "OtherAsset", BalanceKind::NonCash, false, 1},
            {"loan", "Loan", BalanceKind::NonCash, true, -1},
            {"other_liability", "OtherLiability", BalanceKind::NonCash, true, -1},
        };
        for (const Row& r : rows) {
            auto kind = accountKindFromSnake(r.snake);
            CPPUNIT_ASSERT_MESSAGE(r.snake, kind.has_value());
            CPPUNIT_ASSERT_EQUAL(std::string(r.snake), std::string(accountKindSnake(*kind)));
            CPPUNIT_ASSERT_EQUAL(std::string(r.name), std::string(accountKindName(*kind)));
            CPPUNIT_ASSERT_MESSAGE(r.snake, balanceKindOf(*kind) == r.balance);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.snake, r.liability, isLiability(*kind));
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.snake, r.factor, flowsFactor(*kind));
        }
    }

    void unknownSnakeNames() {
        CPPUNIT_ASSERT(!accountKindFromSnake("CreditCard"));
        CPPUNIT_ASSERT(!accountKindFromSnake("Depository"));
        CPPUNIT_ASSERT(!accountKindFromSnake("brokerage"));
        CPPUNIT_ASSERT(!accountKindFromSnake(""));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(AccountKindTest);
