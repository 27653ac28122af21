// Streaming CSV reader: quoting, line ends, BOM, separators, ragged rows, hard errors.
#include "finimport/csv.hpp"
#include "finimport/detect.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

using finimport::sdk::CsvReader;
using finimport::sdk::CsvRecord;

namespace {

// A source that hands out at most `chunk` bytes per call, to exercise buffer refills.
CsvReader::Source sourceOf(std::string text, std::size_t chunk = 3) {
    auto state = std::make_shared<std::pair<std::string, std::size_t>>(std::move(text), 0);
    return [state, chunk](char* buffer, std::size_t capacity) -> std::int64_t {
        auto& [data, pos] = *state;
        std::size_t n = std::min({capacity, chunk, data.size() - pos});
        std::memcpy(buffer, data.data() + pos, n);
        pos += n;
        return std::int64_t(n);
    };
}

struct Parsed {
    std::vector<CsvRecord> records;
    std::string error;
};

// The records of `text` through next(); every parse also reads it through nextViews() and
// checks that the views give the same records, lines and error (both paths are public).
Parsed parse(const std::string& text, char separator = ',', std::size_t chunk = 3) {
    CsvReader reader(sourceOf(text, chunk), separator);
    Parsed parsed;
    CsvRecord record;
    while (reader.next(record))
        parsed.records.push_back(record);
    if (reader.error()) parsed.error = reader.error()->message();

    CsvReader viewReader(sourceOf(text, chunk), separator);
    finimport::sdk::CsvRecordView view;
    std::size_t count = 0;
    while (viewReader.nextViews(view)) {
        CPPUNIT_ASSERT_MESSAGE("nextViews read more records: " + text,
                               count < parsed.records.size());
        const CsvRecord& copied = parsed.records[count++];
        CPPUNIT_ASSERT_EQUAL_MESSAGE(text, copied.line, view.line);
        CPPUNIT_ASSERT_MESSAGE("nextViews read other fields: " + text,
                               std::equal(copied.fields.begin(), copied.fields.end(),
                                          view.fields.begin(), view.fields.end()));
    }
    CPPUNIT_ASSERT_EQUAL_MESSAGE("nextViews read fewer records: " + text, parsed.records.size(),
                                 count);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(text, parsed.error,
                                 viewReader.error() ? viewReader.error()->message() : "");
    return parsed;
}

using Fields = std::vector<std::string>;

} // namespace

class CsvReaderTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CsvReaderTest);
    CPPUNIT_TEST(plainRecordsAndLines);
    CPPUNIT_TEST(wholeLinesReadAsFieldByField);
    CPPUNIT_TEST(viewsAcrossSixteenByteSteps);
    CPPUNIT_TEST(quotedFieldsAndDoubledQuotes);
    CPPUNIT_TEST(embeddedNewlinesCountPhysicalLines);
    CPPUNIT_TEST(lineEndings);
    CPPUNIT_TEST(byteOrderMarkIsDropped);
    CPPUNIT_TEST(semicolonSeparator);
    CPPUNIT_TEST(raggedRowsAndBlankLines);
    CPPUNIT_TEST(lenientQuotes);
    CPPUNIT_TEST(unterminatedQuoteIsAnError);
    CPPUNIT_TEST(nulBytesAreErrors);
    CPPUNIT_TEST(readErrorAndFirstLine);
    CPPUNIT_TEST(emptyInput);
    CPPUNIT_TEST(separatorDetection);
    CPPUNIT_TEST_SUITE_END();

public:
    // A line that lies whole in the buffer is read in one go (plain lines); the same bytes read
    // 3 at a time go field by field. Both give these records, lines and errors.
    // nextViews scans 16 bytes a step: a separator, quote, CR, CRLF, NUL or line end on each
    // side of a step's edge reads as next() reads it (parse() compares the two).
    void viewsAcrossSixteenByteSteps() {
        for (std::size_t at = 10; at < 40; ++at) {
            const std::string head(at, 'x');
            for (const std::string& tail :
                 std::vector<std::string>{",b\n", "\"q\",b\n", "\r\nz\n", "\ry\n", "\n", ",\n",
                                          "a\"b\n", std::string("\0a\n", 3)}) {
                const std::string text = "h\n" + head + tail + head + "," + head + "\n";
                for (std::size_t chunk : {std::size_t(7), std::size_t(65536)})
                    parse(text, ',', chunk);
            }
        }
        const Parsed parsed =
            parse("0123456789abcde,0123456789abcdef,0123456789abcdefg\r\n", ',', 65536);
        CPPUNIT_ASSERT(parsed.records.size() == 1);
        CPPUNIT_ASSERT(parsed.records[0].fields ==
                       Fields({"0123456789abcde", "0123456789abcdef", "0123456789abcdefg"}));
    }

    void wholeLinesReadAsFieldByField() {
        struct Case {
            std::string text;
            std::vector<Fields> records;
            std::vector<std::uint64_t> lines;
            std::string error;
        };
        const std::vector<Case> cases = {
            {"date,name,amount\n2024-01-05,Coffee,-4.50\n",
             {{"date", "name", "amount"}, {"2024-01-05", "Coffee", "-4.50"}},
             {1, 2},
             ""},
            {"a,b\r\nc,d\r\n", {{"a", "b"}, {"c", "d"}}, {1, 2}, ""},
            {"a,b\r\r\nc\n", {{"a", "b"}, {""}, {"c"}}, {1, 2, 3}, ""},
            {"\n,\n ,x \n", {{""}, {"", ""}, {" ", "x "}}, {1, 2, 3}, ""},
            {"a,\"b,c\"\nd,\"e\"\"f\"\n", {{"a", "b,c"}, {"d", "e\"f"}}, {1, 2}, ""},
            {"a,b\"c\nd\n", {{"a", "b\"c"}, {"d"}}, {1, 2}, ""},
            {"a,b\nno newline at the end", {{"a", "b"}, {"no newline at the end"}}, {1, 2}, ""},
            {"a\rb\nc\n", {{"a"}, {"b"}, {"c"}}, {1, 2, 3}, ""},
            {std::string("a,b\nc,d\0e\n", 11),
             {{"a", "b"}},
             {1},
             "The CSV could not be parsed: NUL byte in record (line 2)"},
            {"\xEF\xBB\xBF"
             "a;b,c\n",
             {{"a;b", "c"}},
             {1},
             ""},
        };
        for (const Case& c : cases) {
            for (std::size_t chunk : {std::size_t(3), std::size_t(65536)}) {
                const Parsed parsed = parse(c.text, ',', chunk);
                const std::string what = "chunk " + std::to_string(chunk) + ": " + c.text;
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, c.error, parsed.error);
                CPPUNIT_ASSERT_EQUAL_MESSAGE(what, c.records.size(), parsed.records.size());
                for (std::size_t i = 0; i < c.records.size(); ++i) {
                    CPPUNIT_ASSERT_MESSAGE(what, c.records[i] == parsed.records[i].fields);
                    CPPUNIT_ASSERT_EQUAL_MESSAGE(what, c.lines[i], parsed.records[i].line);
                }
            }
        }
    }

    void plainRecordsAndLines() {
        auto p = parse("a,b,c\n1,2,3\n");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), p.records.size());
        CPPUNIT_ASSERT(p.records[0].fields == (Fields{"a", "b", "c"}));
        CPPUNIT_ASSERT(p.records[1].fields == (Fields{"1", "2", "3"}));
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(1), p.records[0].line);
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(2), p.records[1].line);
        CPPUNIT_ASSERT(p.error.empty());
        auto q = parse("a, b ,c"); // not trimmed, no final newline
        CPPUNIT_ASSERT(q.records.at(0).fields == (Fields{"a", " b ", "c"}));
    }

    void quotedFieldsAndDoubledQuotes() {
        auto p = parse("\"a,b\",\"say \"\"hi\"\"\",\"\"\n");
        CPPUNIT_ASSERT(p.records.at(0).fields == (Fields{"a,b", "say \"hi\"", ""}));
    }

    void embeddedNewlinesCountPhysicalLines() {
        auto p = parse("h1,h2\n\"line1\nline2\",x\r\n\"a\r\nb\",y\nlast,z\n");
        CPPUNIT_ASSERT_EQUAL(std::size_t(4), p.records.size());
        CPPUNIT_ASSERT(p.records[1].fields == (Fields{"line1\nline2", "x"}));
        CPPUNIT_ASSERT(p.records[2].fields == (Fields{"a\r\nb", "y"}));
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(2), p.records[1].line);
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(4), p.records[2].line);
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(6), p.records[3].line);
    }

    void lineEndings() {
        for (const std::string eol : {"\r\n", "\n", "\r"}) {
            auto p = parse("a,b" + eol + "1,2" + eol + "3,4" + eol);
            CPPUNIT_ASSERT_EQUAL(std::size_t(3), p.records.size());
            CPPUNIT_ASSERT(p.records[2].fields == (Fields{"3", "4"}));
            CPPUNIT_ASSERT_EQUAL(std::uint64_t(3), p.records[2].line);
        }
    }

    void byteOrderMarkIsDropped() {
        auto p = parse("\xEF\xBB\xBF"
                       "date,amount\n");
        CPPUNIT_ASSERT(p.records.at(0).fields == (Fields{"date", "amount"}));
        auto q = parse("x\xEF\xBB\xBF");
        CPPUNIT_ASSERT(q.records.at(0).fields == (Fields{"x\xEF\xBB\xBF"}));
        auto bomOnly = parse("\xEF\xBB\xBF");
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), bomOnly.records.size());
    }

    void semicolonSeparator() {
        auto p = parse("a;b,c;\"d;e\"\n", ';');
        CPPUNIT_ASSERT(p.records.at(0).fields == (Fields{"a", "b,c", "d;e"}));
    }

    void raggedRowsAndBlankLines() {
        auto p = parse("a,b,c\n1\n\n1,2,3,4\n,\n");
        CPPUNIT_ASSERT_EQUAL(std::size_t(5), p.records.size());
        CPPUNIT_ASSERT(p.records[1].fields == (Fields{"1"}));
        CPPUNIT_ASSERT(p.records[2].fields == (Fields{""}));
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(3), p.records[2].line);
        CPPUNIT_ASSERT(p.records[3].fields == (Fields{"1", "2", "3", "4"}));
        CPPUNIT_ASSERT(p.records[4].fields == (Fields{"", ""}));
    }

    void lenientQuotes() {
        auto p = parse("ab\"c,d\"\"e\n");
        CPPUNIT_ASSERT(p.records.at(0).fields == (Fields{"ab\"c", "d\"\"e"}));
        // A stray quote after a quoted part: the field is literal text (liberal parsing).
        auto q = parse("\"[{\"a\":\"b\"}]\",\"x\"\n");
        CPPUNIT_ASSERT(q.records.at(0).fields == (Fields{"\"[{\"a\":\"b\"}]\"", "x"}));
        auto r = parse("\"a\"\"b\"c,d\n");
        CPPUNIT_ASSERT(r.records.at(0).fields == (Fields{"\"a\"\"b\"c", "d"}));
        CPPUNIT_ASSERT(r.error.empty());
    }

    void unterminatedQuoteIsAnError() {
        auto p = parse("a,b\n1,2\n3,\"open\nstill open\n");
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), p.records.size());
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unclosed quoted field (line 3)"), p.error);
        auto q = parse("\"");
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: unclosed quoted field (line 1)"), q.error);
    }

    void nulBytesAreErrors() {
        auto p = parse(std::string("da\0te,amount\n1,2\n", 17));
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), p.records.size());
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: NUL byte in header (line 1)"), p.error);
        auto q = parse(std::string("a\n\"x\ny\0\"\n", 9));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), q.records.size());
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: NUL byte in record (line 3)"), q.error);
    }

    void readErrorAndFirstLine() {
        int calls = 0;
        CsvReader failing([&calls](char* b, std::size_t) -> std::int64_t {
            if (calls++ == 0) {
                std::memcpy(b, "a,b\nc", 5);
                return 5;
            }
            return -1;
        });
        CsvRecord record;
        CPPUNIT_ASSERT(failing.next(record));
        CPPUNIT_ASSERT(!failing.next(record));
        CPPUNIT_ASSERT_EQUAL(
            std::string("The CSV could not be parsed: the input could not be read (line 2)"),
            failing.error()->message());
        CsvReader offset(sourceOf("x\ny\n"), ',', 4);
        CPPUNIT_ASSERT(offset.next(record));
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(4), record.line);
        CPPUNIT_ASSERT(offset.next(record));
        CPPUNIT_ASSERT_EQUAL(std::uint64_t(5), record.line);
    }

    void emptyInput() {
        auto p = parse("");
        CPPUNIT_ASSERT_EQUAL(std::size_t(0), p.records.size());
        CPPUNIT_ASSERT(p.error.empty());
        auto big = parse(std::string(200000, 'x') + "\n", ',', 70000);
        CPPUNIT_ASSERT_EQUAL(std::size_t(200000), big.records.at(0).fields.at(0).size());
    }
    // D37/D54 `col_sep=auto`: the candidate whose most frequent field count (> 1) holds on
    // the most lines wins; quoted separators do not count; ties and nothing → `,`.
    void separatorDetection() {
        using finimport::sdk::detectSeparator;
        CPPUNIT_ASSERT_EQUAL(';', detectSeparator("a;b;c\n1;\"2,5\";3\n4;\"5,5\";6\n"));
        CPPUNIT_ASSERT_EQUAL(',', detectSeparator("\"-2,56\",x\n\"750,00\",y\n"));
        CPPUNIT_ASSERT_EQUAL('\t', detectSeparator("a\tb\n1\t2\n3\t4\n"));
        CPPUNIT_ASSERT_EQUAL('|', detectSeparator("K|1|2\n|a|b|c\n|d|e|f\n"));
        CPPUNIT_ASSERT_EQUAL(',', detectSeparator("a;b,c\n")); // a tie
        CPPUNIT_ASSERT_EQUAL(',', detectSeparator("single\ncolumn\n"));
        CPPUNIT_ASSERT_EQUAL(',', detectSeparator(""));
        // Only the first 64 KiB count: a `;` file with a `,` tail beyond the bound.
        std::string big;
        while (big.size() < finimport::sdk::kSeparatorSampleBytes)
            big += "a;b;c\n";
        for (int i = 0; i < 20000; ++i)
            big += "a,b\n";
        CPPUNIT_ASSERT_EQUAL(';', detectSeparator(big));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CsvReaderTest);
