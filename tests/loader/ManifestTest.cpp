// Manifest parsing errors, file acceptance (docs/decisions.md D11) and UTF-8 repair.
#include "plugin/Manifest.h"
#include "plugin/Utf8.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::plugin;

namespace {

std::string errorOf(const std::string& json) {
    const auto result = parseManifest(json);
    CPPUNIT_ASSERT_MESSAGE("manifest unexpectedly valid: " + json, !result.manifest);
    return result.error;
}

// A valid manifest with `extra` members appended.
std::string manifestWith(const std::string& extra) {
    return R"({"types":["CsvImport"],"media_types":["text/csv"],"extensions":[".csv"])" + extra +
           "}";
}

std::string withOption(const std::string& option) {
    return manifestWith(R"(,"options":[)" + option + "]");
}

} // namespace

class ManifestTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ManifestTest);
    CPPUNIT_TEST(parsesEveryField);
    CPPUNIT_TEST(refusesInvalidJsonAndShapes);
    CPPUNIT_TEST(refusesBadTopLevelFields);
    CPPUNIT_TEST(refusesBadOptions);
    CPPUNIT_TEST(acceptsByMediaTypeOrExtension);
    CPPUNIT_TEST(parsesTypeDetailsAndErrors);
    CPPUNIT_TEST(refusesBadTypeDetails);
    CPPUNIT_TEST(parsesOptionChecksAndRules);
    CPPUNIT_TEST(repairsInvalidUtf8);
    CPPUNIT_TEST(statementFormatFields);
    CPPUNIT_TEST_SUITE_END();

public:
    void parsesEveryField() {
        const auto result = parseManifest(R"({
          "types": ["TransactionImport", "TradeImport"],
          "media_types": ["Text/CSV", "application/csv"],
          "extensions": [".CSV", ".txt"],
          "binary": true,
          "capabilities": ["preview"],
          "options": [
            {"name": "col_sep", "type": "enum", "values": [",", ";"], "default": ","},
            {"name": "skip_rows", "type": "integer", "default": 0, "description": "Rows to skip"},
            {"name": "signed", "type": "boolean", "default": false},
            {"name": "label", "type": "string"}
          ]})");
        CPPUNIT_ASSERT_EQUAL(std::string(), result.error);
        const Manifest& m = *result.manifest;
        CPPUNIT_ASSERT((m.types == std::vector<std::string>{"TransactionImport", "TradeImport"}));
        CPPUNIT_ASSERT((m.mediaTypes == std::vector<std::string>{"text/csv", "application/csv"}));
        CPPUNIT_ASSERT((m.extensions == std::vector<std::string>{".csv", ".txt"}));
        CPPUNIT_ASSERT(m.binary);
        CPPUNIT_ASSERT((m.capabilities == std::vector<std::string>{"preview"}));
        CPPUNIT_ASSERT_EQUAL(size_t{4}, m.options.size());
        CPPUNIT_ASSERT(m.options[0].type == OptionType::Enum);
        CPPUNIT_ASSERT((m.options[0].values == std::vector<std::string>{",", ";"}));
        CPPUNIT_ASSERT_EQUAL(std::string(","), *m.options[0].defaultValue);
        CPPUNIT_ASSERT_EQUAL(std::string("0"), *m.findOption("skip_rows")->defaultValue);
        CPPUNIT_ASSERT_EQUAL(std::string("Rows to skip"), *m.options[1].description);
        CPPUNIT_ASSERT_EQUAL(std::string("false"), *m.options[2].defaultValue);
        CPPUNIT_ASSERT(!m.options[3].defaultValue);
        CPPUNIT_ASSERT(m.findOption("nope") == nullptr);

        const auto minimal = parseManifest(manifestWith(""));
        CPPUNIT_ASSERT(minimal.manifest);
        CPPUNIT_ASSERT(!minimal.manifest->binary);
        CPPUNIT_ASSERT(minimal.manifest->options.empty());
    }

    void refusesInvalidJsonAndShapes() {
        // The one JSON reader's detail (docs/decisions.md D180).
        CPPUNIT_ASSERT_EQUAL(std::string("not valid JSON: unterminated array at column 15"),
                             errorOf(R"({"types": ["A")"));
        CPPUNIT_ASSERT_EQUAL(std::string("not valid JSON: unexpected end of input at column 1"),
                             errorOf(""));
        CPPUNIT_ASSERT_EQUAL(std::string("not valid JSON: object key expected at column 2"),
                             errorOf("{not json"));
        CPPUNIT_ASSERT_EQUAL(std::string("must be a JSON object"), errorOf("[1]"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"types\" is required"), errorOf("{}"));
    }

    void refusesBadTopLevelFields() {
        CPPUNIT_ASSERT_EQUAL(std::string("\"types\" must not be empty"),
                             errorOf(R"({"types":[],"media_types":[],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"types\"[1] must be a non-empty string"),
                             errorOf(R"({"types":["A",2],"media_types":[],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"types\" lists \"A\" twice"),
                             errorOf(R"({"types":["A","A"],"media_types":[],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"types\" must be an array of strings"),
                             errorOf(R"({"types":"A","media_types":[],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"media_types\" is required"),
                             errorOf(R"({"types":["A"],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"("media_types": "csv" is not a media type (type/subtype, no parameters))"),
            errorOf(R"({"types":["A"],"media_types":["csv"],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"("media_types": "text/csv; charset=utf-8" is not a media type (type/subtype, no parameters))"),
            errorOf(
                R"({"types":["A"],"media_types":["text/csv; charset=utf-8"],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"("media_types": "text /csv" is not a media type (type/subtype, no parameters))"),
            errorOf(R"({"types":["A"],"media_types":["text /csv"],"extensions":[]})"));
        CPPUNIT_ASSERT_EQUAL(std::string(R"("extensions": "csv" must start with ".")"),
                             errorOf(R"({"types":["A"],"media_types":[],"extensions":["csv"]})"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"binary\" must be a boolean"),
                             errorOf(manifestWith(R"(,"binary":"yes")")));
        CPPUNIT_ASSERT_EQUAL(std::string("\"capabilities\"[0] must be a non-empty string"),
                             errorOf(manifestWith(R"(,"capabilities":[""])")));
        CPPUNIT_ASSERT_EQUAL(std::string("unknown key \"extentions\""),
                             errorOf(manifestWith(R"(,"extentions":[".csv"])")));
        CPPUNIT_ASSERT_EQUAL(std::string("\"options\" must be an array"),
                             errorOf(manifestWith(R"(,"options":{})")));
    }

    // The host's facts about a type come from here (no format table in the host).
    void parsesTypeDetailsAndErrors() {
        auto parsed = finimport::plugin::parseManifest(manifestWith(
            R"(,"format":"pdf","file_noun":"a PDF file","max_content_bytes":26214400,)"
            R"("required_prefix":"%PDF-","default_error_code":"nothing_recognisable",)"
            R"("type_details":{"CsvImport":{"mappings":["category","account"],"needs_account":true,)"
            R"("row_cap":"accounts","record_kinds":["transaction","trade"],)"
            R"("rows_newest_first":true,"fixed_options":{"date_col_label":"Date"},)"
            R"("required_columns":{"date":"date_col_label","amount":"amount_col_label"}}})"));
        CPPUNIT_ASSERT_MESSAGE(parsed.error, parsed.manifest.has_value());
        const auto& m = *parsed.manifest;
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_pdf"), m.invalidCode());
        CPPUNIT_ASSERT_EQUAL(std::string("a PDF file"), m.fileNounText());
        CPPUNIT_ASSERT_EQUAL(int64_t(26214400), m.maxContentBytes);
        CPPUNIT_ASSERT_EQUAL(std::string("%PDF-"), *m.requiredPrefix);
        CPPUNIT_ASSERT_EQUAL(std::string("nothing_recognisable"), *m.defaultErrorCode);
        const auto& d = m.details("CsvImport");
        CPPUNIT_ASSERT(d.hasMapping("category") && d.hasMapping("account") && !d.hasMapping("tag"));
        CPPUNIT_ASSERT(d.needsAccount && d.rowsNewestFirst);
        CPPUNIT_ASSERT_EQUAL(std::string("accounts"), d.rowCap);
        CPPUNIT_ASSERT(d.hasRecordKind("trade") && !d.hasRecordKind("account"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), d.fixedOptions.size());
        CPPUNIT_ASSERT_EQUAL(std::string("Date"), d.fixedOptions[0].second);
        // In the manifest's order, not sorted.
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), d.requiredColumns.size());
        CPPUNIT_ASSERT_EQUAL(std::string("date"), d.requiredColumns[0].first);
        CPPUNIT_ASSERT_EQUAL(std::string("amount_col_label"), d.requiredColumns[1].second);
        // Undeclared: the defaults a third-party 1.0 manifest gets.
        auto plain = finimport::plugin::parseManifest(manifestWith(""));
        CPPUNIT_ASSERT_EQUAL(std::string("invalid_file"), plain.manifest->invalidCode());
        CPPUNIT_ASSERT_EQUAL(std::string("a file of this type"), plain.manifest->fileNounText());
        CPPUNIT_ASSERT_EQUAL(int64_t(10485760), plain.manifest->maxContentBytes);
        CPPUNIT_ASSERT_EQUAL(std::string("rows"), plain.manifest->details("CsvImport").rowCap);
        CPPUNIT_ASSERT(plain.manifest->details("CsvImport").recordKinds.empty());
        auto noNoun = finimport::plugin::parseManifest(manifestWith(R"(,"format":"mt940")"));
        CPPUNIT_ASSERT_EQUAL(std::string("a MT940 file"), noNoun.manifest->fileNounText());
    }

    void refusesBadTypeDetails() {
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(type_details.CsvImport: "mappings": "payee" is not a known value)"),
            errorOf(manifestWith(R"(,"type_details":{"CsvImport":{"mappings":["payee"]}})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"(type_details.CsvImport: "row_cap" must be one of rows, accounts, service)"),
            errorOf(manifestWith(R"(,"type_details":{"CsvImport":{"row_cap":"many"}})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"(type_details.CsvImport: "record_kinds": "invoice" is not a known value)"),
            errorOf(manifestWith(R"(,"type_details":{"CsvImport":{"record_kinds":["invoice"]}})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(type_details.CsvImport: unknown key "needs_acount")"),
            errorOf(manifestWith(R"(,"type_details":{"CsvImport":{"needs_acount":true}})")));
        // Another importer's details (a narrowed copy of a multi-type manifest) are checked,
        // then left to that importer.
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(type_details.OtherImport: unknown key "needs_acount")"),
            errorOf(manifestWith(R"(,"type_details":{"OtherImport":{"needs_acount":true}})")));
        {
            auto other = finimport::plugin::parseManifest(
                manifestWith(R"(,"type_details":{"OtherImport":{"needs_account":true}})"));
            CPPUNIT_ASSERT(other.manifest.has_value());
            CPPUNIT_ASSERT_EQUAL(size_t(0), other.manifest->typeDetails.count("OtherImport"));
        }
        CPPUNIT_ASSERT_EQUAL(std::string(R"("format" must be lower-case letters and digits)"),
                             errorOf(manifestWith(R"(,"format":"PDF")")));
        CPPUNIT_ASSERT_EQUAL(std::string(R"("max_content_bytes" must be a positive integer)"),
                             errorOf(manifestWith(R"(,"max_content_bytes":0)")));
    }

    void parsesOptionChecksAndRules() {
        auto parsed = finimport::plugin::parseManifest(manifestWith(
            R"(,"options":[{"name":"col_sep","type":"enum","values":[",","\t"],)"
            R"("label":"Column separator","aliases":{"tab":"\t"}},)"
            R"({"name":"rows_to_skip","type":"integer","minimum":0,"below_line_count":true},)"
            R"({"name":"factor","type":"decimal"},{"name":"label","type":"string","max_length":9}],)"
            R"("rules":[{"when":{"col_sep":"\t"},"require":["label"],"after":"factor",)"
            R"("message":"TAB needs a label"}])"));
        CPPUNIT_ASSERT_MESSAGE(parsed.error, parsed.manifest.has_value());
        const auto& m = *parsed.manifest;
        CPPUNIT_ASSERT_EQUAL(std::string("Column separator"), m.options[0].displayName());
        CPPUNIT_ASSERT_EQUAL(std::string("Rows to skip"), m.options[1].displayName());
        CPPUNIT_ASSERT_EQUAL(std::string("\t"), m.options[0].aliases.at(0).second);
        CPPUNIT_ASSERT(m.options[1].belowLineCount && *m.options[1].minimum == 0);
        CPPUNIT_ASSERT(m.options[2].type == finimport::plugin::OptionType::Decimal);
        CPPUNIT_ASSERT_EQUAL(int64_t(9), *m.options[3].maxLength);
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), m.rules.size());
        CPPUNIT_ASSERT_EQUAL(std::string("factor"), m.rules[0].after);
        CPPUNIT_ASSERT_EQUAL(std::string("TAB needs a label"), m.rules[0].message);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(rules[0]: "nope" is not a declared option)"),
            errorOf(
                manifestWith(R"(,"rules":[{"when":{"nope":"x"},"after":"nope","message":"m"}])")));
    }

    void refusesBadOptions() {
        CPPUNIT_ASSERT_EQUAL(std::string("options[0]: must be an object"),
                             errorOf(withOption("1")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(options[0]: "name" must be a string of letters, digits and "_")"),
            errorOf(withOption(R"({"name":"col sep","type":"string"})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"(options[0] ("x"): "type" must be one of string, integer, boolean, enum, decimal)"),
            errorOf(withOption(R"({"name":"x","type":"float"})")));
        CPPUNIT_ASSERT_EQUAL(std::string(R"(options[0] ("x"): "values" is required)"),
                             errorOf(withOption(R"({"name":"x","type":"enum"})")));
        CPPUNIT_ASSERT_EQUAL(std::string(R"(options[0] ("x"): "values" must not be empty)"),
                             errorOf(withOption(R"({"name":"x","type":"enum","values":[]})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(options[0] ("x"): "values" is only allowed for enum options)"),
            errorOf(withOption(R"({"name":"x","type":"string","values":["a"]})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(options[0] ("skip_rows"): "default" must be an integer)"),
            errorOf(withOption(R"({"name":"skip_rows","type":"integer","default":"2"})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(options[0] ("skip_rows"): "default" must be an integer)"),
            errorOf(withOption(R"({"name":"skip_rows","type":"integer","default":1.5})")));
        CPPUNIT_ASSERT_EQUAL(std::string(R"(options[0] ("b"): "default" must be a boolean)"),
                             errorOf(withOption(R"({"name":"b","type":"boolean","default":1})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(options[0] ("e"): "default" must be one of "values")"),
            errorOf(withOption(R"({"name":"e","type":"enum","values":["a"],"default":"b"})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"(options[0] ("type"): the name is reserved: the host always passes "type")"),
            errorOf(withOption(R"({"name":"type","type":"string"})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(
                R"(options[0] ("default_currency"): the name is reserved: the host always passes "default_currency")"),
            errorOf(withOption(R"({"name":"default_currency","type":"string"})")));
        CPPUNIT_ASSERT_EQUAL(std::string(R"(options[0] ("x"): unknown key "defualt")"),
                             errorOf(withOption(R"({"name":"x","type":"string","defualt":"a"})")));
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"("options" declares "x" twice)"),
            errorOf(withOption(R"({"name":"x","type":"string"},{"name":"x","type":"integer"})")));
    }

    void acceptsByMediaTypeOrExtension() {
        const Manifest m =
            *parseManifest(
                 R"({"types":["A"],"media_types":["text/csv","application/vnd.ms-excel"],)"
                 R"("extensions":[".csv",".tar.gz"]})")
                 .manifest;
        CPPUNIT_ASSERT(m.accepts("text/csv", ""));
        CPPUNIT_ASSERT(m.accepts(" Text/CSV ; charset=ISO-8859-1", "x.bin"));
        CPPUNIT_ASSERT(m.accepts("application/octet-stream", "EXPORT.CSV"));
        CPPUNIT_ASSERT(m.accepts("", "C:\\Users\\me\\backup.tar.gz"));
        CPPUNIT_ASSERT(!m.accepts("application/octet-stream", "export.txt"));
        CPPUNIT_ASSERT(!m.accepts("text/csvx", "csv"));
        CPPUNIT_ASSERT(!m.accepts("", ".csv"));
        CPPUNIT_ASSERT(!m.accepts("", ""));
    }

    void repairsInvalidUtf8() {
        const std::string replacement = "\xEF\xBF\xBD";
        CPPUNIT_ASSERT_EQUAL(std::string("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"),
                             toValidUtf8("caf\xC3\xA9 \xE2\x82\xAC \xF0\x9F\x98\x80"));
        CPPUNIT_ASSERT_EQUAL("a" + replacement + "b", toValidUtf8("a\xFF"
                                                                  "b"));
        CPPUNIT_ASSERT_EQUAL(replacement + replacement, toValidUtf8("\xC0\xAF")); // overlong
        CPPUNIT_ASSERT_EQUAL(replacement + replacement + replacement,
                             toValidUtf8("\xED\xA0\x80")); // surrogate
        CPPUNIT_ASSERT_EQUAL("x" + replacement + replacement,
                             toValidUtf8("x\xE2\x82")); // truncated
        CPPUNIT_ASSERT_EQUAL(replacement + "(", toValidUtf8("\xC3("));
    }

    // D65/D66: the refusal noun, the invalid_<format> code, content prefixes, charset sniff.
    void statementFormatFields() {
        const auto parsed = parseManifest(manifestWith(
            R"(,"file_noun":"a CAMT XML file","format":"camt","content_prefixes":["<?xml","<Document"],"charset_sniff":"xml")"));
        CPPUNIT_ASSERT_EQUAL(std::string(), parsed.error);
        const Manifest& m = *parsed.manifest;
        CPPUNIT_ASSERT_EQUAL(std::string("a CAMT XML file"), m.fileNoun);
        CPPUNIT_ASSERT_EQUAL(std::string("camt"), m.format);
        CPPUNIT_ASSERT_EQUAL(std::string("xml"), m.charsetSniff);
        CPPUNIT_ASSERT(m.acceptsContent("\xEF\xBB\xBF\n  <?xml version=\"1.0\"?><Document/>"));
        CPPUNIT_ASSERT(m.acceptsContent("<Document xmlns=\"urn:iso\">"));
        CPPUNIT_ASSERT(!m.acceptsContent("Date,Amount\n"));
        CPPUNIT_ASSERT(!m.acceptsContent(""));
        // Absent: empty, and no content is accepted by its first bytes.
        const Manifest plain = *parseManifest(manifestWith("")).manifest;
        CPPUNIT_ASSERT(plain.fileNoun.empty() && plain.format.empty() &&
                       plain.charsetSniff.empty() && !plain.acceptsContent("<?xml"));
        CPPUNIT_ASSERT_EQUAL(std::string("\"format\" must be lower-case letters and digits"),
                             errorOf(manifestWith(R"(,"format":"OFX")")));
        CPPUNIT_ASSERT_EQUAL(std::string("\"file_noun\" must be a non-empty string"),
                             errorOf(manifestWith(R"(,"file_noun":"")")));
        CPPUNIT_ASSERT_EQUAL(std::string("\"charset_sniff\" must be one of ofx, xml"),
                             errorOf(manifestWith(R"(,"charset_sniff":"csv")")));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ManifestTest);
