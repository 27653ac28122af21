// The reader's bounds (each hit with small limits and one at the defaults), the header's
// declared charset (docs/decisions.md D66) and the value helpers, tested directly.
#include "OfxBuilder.h"
#include "OfxHeader.h"
#include "OfxText.h"
#include "OfxValues.h"

#include <cppunit/extensions/HelperMacros.h>

#include <cstring>

using namespace finimport::ofx;

namespace {

// Parses `text` with `limits`; returns the ParseError message or "" when it parsed.
std::string failure(const std::string& text, const Limits& limits = {}) {
    std::size_t pos = 0;
    ReadFunction read = [&](char* buffer, std::size_t capacity) -> std::int64_t {
        const std::size_t n = std::min(capacity, text.size() - pos);
        std::memcpy(buffer, text.data() + pos, n);
        pos += n;
        return std::int64_t(n);
    };
    try {
        parseDocument(read, limits);
    } catch (const ParseError& e) {
        return e.message();
    }
    return "";
}

std::string statement(const std::string& entries) {
    return "<OFX><STMTRS><CURDEF>USD<BANKACCTFROM><ACCTID>1</BANKACCTFROM><BANKTRANLIST>" +
           entries + "</BANKTRANLIST></STMTRS></OFX>";
}

std::string repeat(const std::string& s, std::size_t n) {
    std::string out;
    for (std::size_t i = 0; i < n; ++i)
        out += s;
    return out;
}

} // namespace

class OfxReaderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OfxReaderTest);
    CPPUNIT_TEST(inputSizeBound);
    CPPUNIT_TEST(depthBound);
    CPPUNIT_TEST(tagAndTextBounds);
    CPPUNIT_TEST(declarationBounds);
    CPPUNIT_TEST(securityBound);
    CPPUNIT_TEST(entryAndStatementBounds);
    CPPUNIT_TEST(fieldBound);
    CPPUNIT_TEST(declaredCharsets);
    CPPUNIT_TEST(numbers);
    CPPUNIT_TEST(dates);
    CPPUNIT_TEST(entities);
    CPPUNIT_TEST_SUITE_END();

public:
    void inputSizeBound() {
        Limits l;
        l.maxInputBytes = 100;
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: the file is larger than "
                                         "100 bytes (line 1)"),
                             failure(std::string(101, ' '), l));
        l.maxInputBytes = statement("").size();
        CPPUNIT_ASSERT_EQUAL(std::string(""), failure(statement(""), l));
    }

    void depthBound() {
        Limits l;
        l.maxDepth = 4;
        CPPUNIT_ASSERT_EQUAL(std::string(""), failure("<OFX><A><B><C>x</C></B></A></OFX>", l));
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: elements are nested "
                                         "deeper than 4 levels (line 2)"),
                             failure("<OFX><A><B><C>\n<D>x</D></C></B></A></OFX>", l));
        // At the default (64): 100 unclosed aggregates.
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: elements are nested "
                                         "deeper than 64 levels (line 1)"),
                             failure("<OFX>" + repeat("<AGG>", 100)));
    }

    void tagAndTextBounds() {
        Limits l;
        l.maxTagBytes = 16;
        l.maxTextBytes = 32;
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: a tag is longer than 16 "
                                         "characters (line 1)"),
                             failure("<OFX><NAME_IS_MUCH_TOO_LONG>x</NAME></OFX>", l));
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: a text is longer than 32 "
                                         "characters (line 1)"),
                             failure("<OFX><NAME>" + std::string(33, 'x') + "</OFX>", l));
        CPPUNIT_ASSERT_EQUAL(std::string(""),
                             failure(statement("<NAME>" + std::string(32, 'x')), l));
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: a text is longer than "
                                         "65536 characters (line 1)"),
                             failure("<OFX><NAME>" + std::string(70000, 'x') + "</OFX>"));
    }

    void declarationBounds() {
        Limits l;
        l.maxTextBytes = 32;
        CPPUNIT_ASSERT_EQUAL(std::string(""),
                             failure("<!--" + std::string(29, '-') + ">" + statement(""), l));
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: a declaration is longer "
                                         "than 32 characters (line 2)"),
                             failure("\n<!--" + std::string(40, 'x') + "-->" + statement(""), l));
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: the file ends inside a <! "
                                         "or <? declaration (line 1)"),
                             failure("<?xml version=\"1.0\""));
    }

    void securityBound() {
        Limits l;
        l.maxSecurities = 2;
        const std::string info = "<STOCKINFO><SECINFO><SECID><UNIQUEID>X";
        auto seclist = [&](int n) {
            std::string list = "<OFX>" + statement("").substr(5) + "<SECLIST>";
            list.resize(list.size() - std::string("</OFX><SECLIST>").size());
            list += "<SECLIST>";
            for (int i = 0; i < n; ++i)
                list += info + std::to_string(i) + "</SECID><SECNAME>n</SECINFO></STOCKINFO>\n";
            return list + "</SECLIST></OFX>";
        };
        CPPUNIT_ASSERT_EQUAL(std::string(""), failure(seclist(2), l));
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: the SECLIST has more than 2 "
                                         "securities (line 3)"),
                             failure(seclist(3), l));
    }

    void entryAndStatementBounds() {
        Limits l;
        l.maxEntriesPerStatement = 3;
        l.maxStatements = 2;
        const std::string trn = "<STMTTRN><TRNAMT>1</STMTTRN>\n";
        CPPUNIT_ASSERT_EQUAL(std::string(""), failure(statement(repeat(trn, 3)), l));
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: a statement has more than "
                                         "3 entries (line 4)"),
                             failure(statement(repeat(trn, 4)), l));
        const std::string st = "<STMTRS><CURDEF>USD</STMTRS>\n";
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: the file has more than 2 "
                                         "statements (line 3)"),
                             failure("<OFX>" + repeat(st, 3) + "</OFX>", l));
    }

    void fieldBound() {
        Limits l;
        l.maxFieldsPerRecord = 4;
        std::string fields;
        for (int i = 0; i < 5; ++i)
            fields += "<F" + std::to_string(i) + ">v";
        CPPUNIT_ASSERT_EQUAL(std::string("The OFX could not be parsed: an aggregate has more than "
                                         "4 elements (line 1)"),
                             failure(statement("<STMTTRN>" + fields + "</STMTTRN>"), l));
    }

    void declaredCharsets() {
        CPPUNIT_ASSERT_EQUAL(
            std::string("windows-1252"),
            *declaredCharset("OFXHEADER:100\nENCODING:USASCII\nCHARSET:1252\n\n<OFX>"));
        CPPUNIT_ASSERT_EQUAL(std::string("windows-1252"),
                             *declaredCharset("\r\n  ENCODING:USASCII\r\nCHARSET:NONE\r\n<OFX>"));
        CPPUNIT_ASSERT_EQUAL(std::string("UTF-8"),
                             *declaredCharset("ENCODING:UTF-8\nCHARSET:NONE\n<OFX>"));
        CPPUNIT_ASSERT_EQUAL(std::string("ISO-8859-1"),
                             *declaredCharset("ENCODING:USASCII\nCHARSET:8859-1\n<OFX>"));
        CPPUNIT_ASSERT_EQUAL(std::string("windows-1252"),
                             *declaredCharset("<?xml version=\"1.0\" encoding=\"ASCII\"?><OFX>"));
        CPPUNIT_ASSERT_EQUAL(std::string("windows-1250"),
                             *declaredCharset("<?xml version='1.0' encoding='windows-1250'?>"));
        CPPUNIT_ASSERT(!declaredCharset("<OFX><NAME>CHARSET:1252"));
        CPPUNIT_ASSERT(!declaredCharset("Date,Amount"));
    }

    void numbers() {
        CPPUNIT_ASSERT_EQUAL(std::string("-2571.4500"),
                             parseNumber("-00000000002571.4500").value->text);
        CPPUNIT_ASSERT_EQUAL(std::int64_t(-257145000000),
                             parseNumber("-00000000002571.4500").value->scaled);
        CPPUNIT_ASSERT_EQUAL(std::string("200.29"), parseNumber("200,29").value->text);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), parseNumber("-0").value->text);
        CPPUNIT_ASSERT_EQUAL(std::string("0.00000002"),
                             parseNumber("0.000000015", true).value->text);
        CPPUNIT_ASSERT_EQUAL(std::string("-0.00000002"),
                             parseNumber("-0.000000015", true).value->text);
        CPPUNIT_ASSERT(NumberError::TooManyDecimals == parseNumber("0.000000015").error);
        CPPUNIT_ASSERT(NumberError::Format == parseNumber("1.2.3").error);
        CPPUNIT_ASSERT_EQUAL(std::string("1234.56"), parseNumber("1,234.56").value->text);
        CPPUNIT_ASSERT_EQUAL(std::string("-1234.56"), parseNumber("-1.234,56").value->text);
        CPPUNIT_ASSERT_EQUAL(std::string("12345678.9"), parseNumber("12,345,678.9").value->text);
        CPPUNIT_ASSERT_EQUAL(std::string("1.234"), parseNumber("1,234").value->text);
        CPPUNIT_ASSERT(NumberError::Format == parseNumber("1,23.45").error);
        CPPUNIT_ASSERT(NumberError::Format == parseNumber("1234,567.8").error);
        CPPUNIT_ASSERT(NumberError::Format == parseNumber(",123.4").error);
        CPPUNIT_ASSERT(NumberError::Format == parseNumber("1.234,5.6").error);
        CPPUNIT_ASSERT(NumberError::Format == parseNumber("+").error);
        CPPUNIT_ASSERT(NumberError::Format == parseNumber("1e3").error);
        CPPUNIT_ASSERT(NumberError::OutOfRange == parseNumber("92233720368.54775808").error);
        CPPUNIT_ASSERT_EQUAL(std::string("92233720368.54775807"),
                             parseNumber("92233720368.54775807").value->text);
    }

    void dates() {
        using finimport::sdk::CivilDate;
        CPPUNIT_ASSERT(CivilDate({2012, 7, 20}) == *parseDate("20120720000000.000[-4:EDT]"));
        CPPUNIT_ASSERT(CivilDate({2018, 8, 4}) == *parseDate("20180804093914:014"));
        CPPUNIT_ASSERT(CivilDate({2024, 2, 29}) == *parseDate("20240229"));
        CPPUNIT_ASSERT(!parseDate("2024022"));
        CPPUNIT_ASSERT(!parseDate("20241301"));
        CPPUNIT_ASSERT(!parseDate("00000101"));
        CPPUNIT_ASSERT(!parseDate("20240101 12:00"));
        CPPUNIT_ASSERT(!parseDate("20240101[-5:EST"));
    }

    void entities() {
        CPPUNIT_ASSERT_EQUAL(std::string("<"), decodeEntities("&amp;amp;amp;amp;lt;"));
        CPPUNIT_ASSERT_EQUAL(std::string("a&b"), decodeEntities("a&b"));
        CPPUNIT_ASSERT_EQUAL(std::string("&#xD800;"), decodeEntities("&#xD800;"));
        CPPUNIT_ASSERT_EQUAL(std::string("\xF0\x9F\x98\x80"), decodeEntities("&#128512;"));
        CPPUNIT_ASSERT_EQUAL(std::string("x y"), cleanValue("  x\r\ny \n"));
        CPPUNIT_ASSERT_EQUAL(std::string("\xE2\x82\xAC\xEF\xBF\xBD"), repairUtf8("\x80\x81"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OfxReaderTest);
