#pragma once
// Account kinds and how each one's balance is kept (docs/balances.md "Account kinds").

#include <optional>
#include <string_view>

namespace finimport::domain {

enum class AccountKind {
    Depository,
    CreditCard,
    Investment,
    Crypto,
    Property,
    Vehicle,
    OtherAsset,
    Loan,
    OtherLiability
};

// Cash: all cash. Investment: cash plus holdings. NonCash: no cash at all.
enum class BalanceKind { Cash, Investment, NonCash };

// "credit_card" -> CreditCard (exact, lower case, as in JSON `account_type`).
std::optional<AccountKind> accountKindFromSnake(std::string_view snake);
// "CreditCard" -> CreditCard (exact, the reference app's type name).
std::optional<AccountKind> accountKindFromName(std::string_view name);
// JSON `account_type`: "credit_card".
std::string_view accountKindSnake(AccountKind kind);
// The reference app's type name: "CreditCard".
std::string_view accountKindName(AccountKind kind);

// CreditCard, Loan and OtherLiability.
bool isLiability(AccountKind kind);
// 1 for assets, -1 for liabilities: the sign applied to a day's flows.
int flowsFactor(AccountKind kind);
BalanceKind balanceKindOf(AccountKind kind);

} // namespace finimport::domain
