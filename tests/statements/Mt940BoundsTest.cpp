// Mt940Import's bounds: each limit accepted at its value and refused one past it. Line and
// field lengths go through the built plugin; counts through the reader with small limits.
#include "Mt940Reader.h"
#include "StatementTestSupport.h"

#include "finimport/plugin.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>

namespace {

std::string readWith(const mt940::Limits& limits, const std::string& text) {
    std::size_t pos = 0;
    auto read = [&](char* buffer, std::size_t capacity) {
        const std::size_t n = std::min(capacity, text.size() - pos);
        std::memcpy(buffer, text.data() + pos, n);
        pos += n;
        return std::int64_t(n);
    };
    try {
        mt940::readMt940(read, limits, [](const mt940::RawStatement&) { return true; });
    } catch (const finimport::Fatal& e) {
        return e.what();
    }
    return "";
}

std::string repeat(const std::string& s, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i)
        out += s;
    return out;
}

stmt::Output runMt940(const std::string& content) {
    return stmt::run("finimport_mt940.so", "mt940.statements", content);
}

} // namespace

class Mt940BoundsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(Mt940BoundsTest);
    CPPUNIT_TEST(lineLength);
    CPPUNIT_TEST(fieldLength);
    CPPUNIT_TEST(fieldsPerStatement);
    CPPUNIT_TEST(statementsPerFile);
    CPPUNIT_TEST_SUITE_END();

public:
    void lineLength() {
        const std::string head = ":20:A\n:25:B\n:61:240102D1,NTRFNONREF\n:86:";
        auto ok = runMt940(head + std::string(8192 - 4, 'x') + "\n");
        CPPUNIT_ASSERT_EQUAL(std::string(8188, 'x'), *ok.transactions.at(0)["name"]);
        CPPUNIT_ASSERT_EQUAL(std::string("The MT940 could not be parsed: a line is longer than "
                                         "8192 bytes (line 4)"),
                             runMt940(head + std::string(8192 - 3, 'x') + "\n").result.fatal);
    }

    void fieldLength() {
        // An empty :86: line and 8 continuation lines: 8 × (1 + 8191) = 65,536 bytes of text.
        const std::string head = ":20:A\n:25:B\n:61:240102D1,NTRFNONREF\n:86:\n";
        const std::string text = repeat(std::string(8191, 'y') + "\n", 8);
        auto fits = runMt940(head + text);
        CPPUNIT_ASSERT_EQUAL(std::string(), fits.result.fatal);
        CPPUNIT_ASSERT_EQUAL(std::size_t(8 * 8191 + 7), fits.transactions.at(0)["notes"]->size());
        CPPUNIT_ASSERT_EQUAL(std::string("The MT940 could not be parsed: a field is longer than "
                                         "65536 bytes (line 13)"),
                             runMt940(head + text + "z\n").result.fatal);
    }

    void fieldsPerStatement() {
        mt940::Limits l;
        l.maxFields = 4;
        CPPUNIT_ASSERT_EQUAL(std::string(), readWith(l, ":20:A\n" + repeat(":61:x\n", 3)));
        CPPUNIT_ASSERT_EQUAL(std::string("The MT940 could not be parsed: a statement holds more "
                                         "than 4 fields (line 5)"),
                             readWith(l, ":20:A\n" + repeat(":61:x\n", 4)));
    }

    void statementsPerFile() {
        mt940::Limits l;
        l.maxStatements = 2;
        CPPUNIT_ASSERT_EQUAL(std::string(), readWith(l, repeat(":20:A\n-\n", 2)));
        CPPUNIT_ASSERT_EQUAL(std::string("The MT940 could not be parsed: the file holds more than "
                                         "2 statements (line 5)"),
                             readWith(l, repeat(":20:A\n-\n", 3)));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(Mt940BoundsTest);
