// CamtImport's bounds: each limit accepted at its value and refused one past it. The default
// depth and text limits go through the built plugin; the counting limits through the reader
// compiled in with small values (a real 50,000-entry file would be slow to build here).
#include "CamtReader.h"
#include "StatementTestSupport.h"

#include "finimport/plugin.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>

namespace {

std::string wrap(const std::string& statements) {
    return "<Document><BkToCstmrStmt>" + statements + "</BkToCstmrStmt></Document>";
}

std::string repeat(const std::string& s, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i)
        out += s;
    return out;
}

// Runs the reader over `doc`; "" when it passed, else the fatal message.
std::string readWith(const camt::Limits& limits, const std::string& doc) {
    std::size_t pos = 0;
    auto read = [&](char* buffer, std::size_t capacity) {
        const std::size_t n = std::min(capacity, doc.size() - pos);
        std::memcpy(buffer, doc.data() + pos, n);
        pos += n;
        return std::int64_t(n);
    };
    try {
        camt::readCamt(read, limits, [](const camt::Statement&) { return true; });
    } catch (const finimport::Fatal& e) {
        return e.what();
    }
    return "";
}

const std::string kEntry = "<Ntry><Amt>1</Amt><CdtDbtInd>CRDT</CdtDbtInd></Ntry>";

} // namespace

class CamtBoundsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CamtBoundsTest);
    CPPUNIT_TEST(nestingDepth);
    CPPUNIT_TEST(textPerElement);
    CPPUNIT_TEST(statementsPerFile);
    CPPUNIT_TEST(entriesPerStatement);
    CPPUNIT_TEST(detailsPerEntry);
    CPPUNIT_TEST(balancesPerStatement);
    CPPUNIT_TEST(elementsPerStatement);
    CPPUNIT_TEST(smallChunksGiveTheSameAnswer);
    CPPUNIT_TEST_SUITE_END();

public:
    void nestingDepth() {
        // Document/BkToCstmrStmt/Stmt + 61 = 64 elements deep: accepted; one more is refused.
        auto nested = [](std::size_t n) {
            return wrap("<Stmt>" + repeat("<X>", n) + repeat("</X>", n) + kEntry + "</Stmt>");
        };
        auto ok = stmt::run("finimport_camt.so", "camt.statements", nested(61));
        CPPUNIT_ASSERT_EQUAL(std::string(), ok.result.fatal);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), ok.transactions.size());
        auto deep = stmt::run("finimport_camt.so", "camt.statements", nested(62));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CAMT could not be parsed: elements nest deeper than 64 (line 1)"),
            deep.result.fatal);
    }

    void textPerElement() {
        auto withText = [](std::size_t n) {
            return wrap("<Stmt><Ntry><Amt>1</Amt><CdtDbtInd>CRDT</CdtDbtInd><AddtlNtryInf>" +
                        std::string(n, 'a') + "</AddtlNtryInf></Ntry></Stmt>");
        };
        auto ok = stmt::run("finimport_camt.so", "camt.statements", withText(65536));
        CPPUNIT_ASSERT_EQUAL(std::string(65536, 'a'), *ok.transactions.at(0)["name"]);
        auto big = stmt::run("finimport_camt.so", "camt.statements", withText(65537));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: an element holds more "
                                         "than 65536 bytes of text (line 1)"),
                             big.result.fatal);
    }

    void statementsPerFile() {
        camt::Limits l;
        l.maxStatements = 3;
        CPPUNIT_ASSERT_EQUAL(std::string(), readWith(l, wrap(repeat("<Stmt/>", 3))));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: the file holds more than "
                                         "3 statements (line 1)"),
                             readWith(l, wrap(repeat("<Stmt/>", 4))));
    }

    void entriesPerStatement() {
        camt::Limits l;
        l.maxEntries = 5;
        CPPUNIT_ASSERT_EQUAL(std::string(),
                             readWith(l, wrap("<Stmt>" + repeat(kEntry, 5) + "</Stmt>")));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: a statement holds more "
                                         "than 5 entries (line 1)"),
                             readWith(l, wrap("<Stmt>" + repeat(kEntry, 6) + "</Stmt>")));
        // The default admits far more than a 10 MB file can hold (about 12,000).
        CPPUNIT_ASSERT_EQUAL(std::size_t(50000), camt::Limits{}.maxEntries);
    }

    void detailsPerEntry() {
        camt::Limits l;
        l.maxDetails = 2;
        auto doc = [](std::size_t n) {
            return wrap("<Stmt><Ntry><NtryDtls>" + repeat("<TxDtls/>", n) +
                        "</NtryDtls></Ntry></Stmt>");
        };
        CPPUNIT_ASSERT_EQUAL(std::string(), readWith(l, doc(2)));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: an entry holds more than "
                                         "2 transaction details (line 1)"),
                             readWith(l, doc(3)));
    }

    void balancesPerStatement() {
        camt::Limits l;
        l.maxBalances = 2;
        CPPUNIT_ASSERT_EQUAL(std::string(), readWith(l, wrap("<Stmt><Bal/><Bal/></Stmt>")));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: a statement holds more "
                                         "than 2 balances (line 1)"),
                             readWith(l, wrap("<Stmt><Bal/><Bal/><Bal/></Stmt>")));
    }

    void elementsPerStatement() {
        camt::Limits l;
        l.maxElementsPerStatement = 10;
        CPPUNIT_ASSERT_EQUAL(std::string(),
                             readWith(l, wrap("<Stmt>" + repeat("<X/>", 10) + "</Stmt><Stmt>" +
                                              repeat("<X/>", 10) + "</Stmt>")));
        CPPUNIT_ASSERT_EQUAL(std::string("The CAMT could not be parsed: a statement holds more "
                                         "than 10 elements (line 1)"),
                             readWith(l, wrap("<Stmt>" + repeat("<X/>", 11) + "</Stmt>")));
    }

    void smallChunksGiveTheSameAnswer() {
        camt::Limits l;
        l.chunk = 1; // every read is parsed at once
        CPPUNIT_ASSERT_EQUAL(std::string(), readWith(l, wrap("<Stmt>" + kEntry + "</Stmt>")));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(CamtBoundsTest);
