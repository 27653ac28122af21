// docs/decisions.md D10: request options validated against the manifest.
#include "plugin/Manifest.h"

#include <cppunit/extensions/HelperMacros.h>

using namespace finimport::plugin;

namespace {

const Manifest& csvManifest() {
    static const Manifest manifest = *parseManifest(R"({
      "types": ["TransactionImport"], "media_types": [], "extensions": [".csv"],
      "options": [
        {"name": "col_sep", "type": "enum", "values": [",", ";"], "default": ","},
        {"name": "skip_rows", "type": "integer"},
        {"name": "signed", "type": "boolean", "default": true},
        {"name": "label", "type": "string"}
      ]})")
                                          .manifest;
    return manifest;
}

using Values = std::vector<std::pair<std::string, std::optional<std::string>>>;

} // namespace

class OptionsTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(OptionsTest);
    CPPUNIT_TEST(appliesDefaultsAndIgnoresUndeclared);
    CPPUNIT_TEST(canonicalizesValues);
    CPPUNIT_TEST(reportsEveryBadValue);
    CPPUNIT_TEST_SUITE_END();

public:
    void appliesDefaultsAndIgnoresUndeclared() {
        const auto result =
            validateOptions(csvManifest(), {{"unknown_field", "x"}, {"label", std::nullopt}});
        CPPUNIT_ASSERT(result.problems.empty());
        const Values expected{{"col_sep", ","},
                              {"skip_rows", std::nullopt},
                              {"signed", "true"},
                              {"label", std::nullopt}};
        CPPUNIT_ASSERT(result.values == expected);
    }

    void canonicalizesValues() {
        const auto result = validateOptions(
            csvManifest(),
            {{"col_sep", ";"}, {"skip_rows", "+007"}, {"signed", "FALSE"}, {"label", " x "}});
        CPPUNIT_ASSERT(result.problems.empty());
        const Values expected{
            {"col_sep", ";"}, {"skip_rows", "7"}, {"signed", "false"}, {"label", " x "}};
        CPPUNIT_ASSERT(result.values == expected);
        CPPUNIT_ASSERT_EQUAL(
            std::string("-3"),
            *validateOptions(csvManifest(), {{"skip_rows", "-3"}}).values[1].second);
        CPPUNIT_ASSERT_EQUAL(std::string("true"),
                             *validateOptions(csvManifest(), {{"signed", "1"}}).values[2].second);
    }

    void reportsEveryBadValue() {
        const auto result = validateOptions(
            csvManifest(), {{"col_sep", "|"}, {"skip_rows", "2.5"}, {"signed", "yes"}});
        CPPUNIT_ASSERT_EQUAL(size_t{3}, result.problems.size());
        CPPUNIT_ASSERT_EQUAL(std::string("col_sep"), result.problems[0].name);
        CPPUNIT_ASSERT_EQUAL(std::string(R"(Option "col_sep" must be one of ",", ";" (got "|"))"),
                             result.problems[0].message);
        CPPUNIT_ASSERT_EQUAL(std::string(R"(Option "skip_rows" must be an integer (got "2.5"))"),
                             result.problems[1].message);
        CPPUNIT_ASSERT_EQUAL(std::string(R"(Option "signed" must be true or false (got "yes"))"),
                             result.problems[2].message);
        CPPUNIT_ASSERT_EQUAL(
            std::string(R"(Option "skip_rows" must be an integer (got "99999999999999999999"))"),
            validateOptions(csvManifest(), {{"skip_rows", "99999999999999999999"}})
                .problems.at(0)
                .message);
        CPPUNIT_ASSERT_EQUAL(
            size_t{1}, validateOptions(csvManifest(), {{"skip_rows", "+-1"}}).problems.size());
        CPPUNIT_ASSERT_EQUAL(size_t{1},
                             validateOptions(csvManifest(), {{"skip_rows", ""}}).problems.size());
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(OptionsTest);
