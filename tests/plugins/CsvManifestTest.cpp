// The embedded manifests are plugins/csv/manifest.json, embedded at build time with "types"
// narrowed to each importer's own type (sdk/cmake/FinimportEmbedManifest.cmake).
#include "PluginHarness.h"

#include <cppunit/extensions/HelperMacros.h>

#include <string>

namespace {

// JSON without the whitespace outside strings.
std::string minify(const std::string& json) {
    std::string out;
    bool inString = false;
    for (std::size_t i = 0; i < json.size(); ++i) {
        const char c = json[i];
        if (inString) {
            out.push_back(c);
            if (c == '\\' && i + 1 < json.size())
                out.push_back(json[++i]);
            else if (c == '"')
                inString = false;
        } else if (c == '"') {
            inString = true;
            out.push_back(c);
        } else if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
            out.push_back(c);
        }
    }
    return out;
}

} // namespace

class CsvManifestTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(CsvManifestTest);
    CPPUNIT_TEST(embeddedManifestsMatchTheReadableCopy);
    CPPUNIT_TEST(descriptor);
    CPPUNIT_TEST_SUITE_END();

public:
    // plugins/csv/manifest.json is embedded at build time into every importer, its "types"
    // narrowed to that importer's type: one source for the six types' options and details.
    void embeddedManifestsMatchTheReadableCopy() {
        const std::string readable = minify(harness::readFile(FINIMPORT_CSV_MANIFEST));
        const std::string allTypes =
            "\"types\":[\"TransactionImport\",\"TradeImport\",\"AccountImport\","
            "\"CategoryImport\",\"MerchantImport\",\"RuleImport\"]";
        CPPUNIT_ASSERT(readable.find(allTypes) != std::string::npos);
        const fi_plugin& plugin = harness::loadPlugin("finimport_csv.so");
        for (std::size_t i = 0; i < plugin.importer_count; ++i) {
            const fi_importer& importer = *plugin.importers[i];
            const std::string own = std::string("\"") + importer.types[0] + "\"";
            std::string narrowed = readable;
            narrowed.replace(narrowed.find(allTypes), allTypes.size(), "\"types\":[" + own + "]");
            CPPUNIT_ASSERT_EQUAL_MESSAGE(importer.id, narrowed,
                                         minify(std::string(importer.manifest_json)));
            CPPUNIT_ASSERT_MESSAGE(importer.id, allTypes.find(own) != std::string::npos);
            // The host's facts about the type come from its entry in type_details.
            CPPUNIT_ASSERT_MESSAGE(importer.id, readable.find(own + ":{") != std::string::npos);
        }
    }

    void descriptor() {
        const fi_plugin& plugin = harness::loadPlugin("finimport_csv.so");
        CPPUNIT_ASSERT_EQUAL(std::string("csv"), std::string(plugin.name));
        CPPUNIT_ASSERT_EQUAL(std::uint32_t(FI_ABI_MAJOR), plugin.abi_major);
        CPPUNIT_ASSERT_EQUAL(std::size_t(6), plugin.importer_count);
        const char* ids[] = {"csv.transactions", "csv.trades",    "csv.accounts",
                             "csv.categories",   "csv.merchants", "csv.rules"};
        const char* types[] = {"TransactionImport", "TradeImport",    "AccountImport",
                               "CategoryImport",    "MerchantImport", "RuleImport"};
        for (std::size_t i = 0; i < 6; ++i) {
            const fi_importer& importer = harness::findImporter(plugin, ids[i]);
            CPPUNIT_ASSERT_EQUAL(std::string(types[i]), std::string(importer.types[0]));
            CPPUNIT_ASSERT(importer.types[1] == nullptr);
        }
        const fi_importer& any = *plugin.importers[0];
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_YES, any.probe("a,b\n", 4, "x.CSV"));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_MAYBE, any.probe("a,b\n", 4, nullptr));
        CPPUNIT_ASSERT_EQUAL(FI_PROBE_NO, any.probe("a\0b", 3, "x.csv"));
    }
};
CPPUNIT_TEST_SUITE_REGISTRATION(CsvManifestTest);
