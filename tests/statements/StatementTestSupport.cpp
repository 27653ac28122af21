#include "StatementTestSupport.h"

#include <cppunit/TestAssert.h>

#include <cstdlib>

namespace stmt {

Strings Output::column(const std::vector<Record>& rows, const std::string& field) const {
    Strings out;
    for (const Record& r : rows) {
        const auto it = r.find(field);
        out.push_back(it == r.end() ? "<missing>" : it->second ? *it->second : "<null>");
    }
    return out;
}

Output run(const char* plugin, const char* importer, const std::string& content) {
    const fi_importer& imp = harness::findImporter(harness::loadPlugin(plugin), importer);
    Output out;
    out.result = harness::run(imp, content, {{"type", "x"}}, {7, -1});
    const auto whole = harness::run(imp, content, {{"type", "x"}}, {1 << 20, -1});
    CPPUNIT_ASSERT_EQUAL_MESSAGE("chunked and whole reads differ", out.result.text(), whole.text());
    for (const Record& r : out.result.rows) {
        if (r.count("account_kind"))
            out.statements.push_back(r);
        else if (r.count("signed_amount"))
            out.transactions.push_back(r);
        else if (r.count("message"))
            out.warnings.push_back(r);
    }
    return out;
}

Output runGolden(const char* plugin, const char* importer, const char* fixture,
                 const char* golden) {
    const std::string content =
        harness::readFile(std::string(FINIMPORT_TEST_DATA_DIR) + "/fixtures/realworld/" + fixture);
    Output out = run(plugin, importer, content);
    const std::string path = std::string(FINIMPORT_GOLDEN_DIR) + "/" + golden;
    if (std::getenv("FINIMPORT_UPDATE_GOLDEN") != nullptr)
        harness::writeFile(path, out.result.text());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(golden, harness::readFile(path), out.result.text());
    return out;
}

} // namespace stmt
