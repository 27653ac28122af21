#include "OfxTestSupport.h"

#include "finimport/decimal.hpp"

#include <cppunit/extensions/HelperMacros.h>

#include <cstdlib>

namespace ofxtest {

namespace {

// Records of the run in order, each tagged with the kind of the last begin.
void split(Result& r) {
    std::string kind;
    std::size_t row = 0;
    for (const std::string& line : r.raw.lines) {
        if (line.rfind("{\"begin\":", 0) == 0) {
            const std::size_t start = line.find('"', 9) + 1;
            kind = line.substr(start, line.find('"', start) - start);
        } else if (line.rfind("{\"record\":", 0) == 0) {
            const Record& rec = r.raw.rows.at(row++);
            if (kind == "statement")
                r.statements.push_back(rec);
            else if (kind == "transaction")
                r.transactions.push_back(rec);
            else if (kind == "trade")
                r.trades.push_back(rec);
            else if (kind == "warning")
                r.warnings.push_back(*rec.at("message"));
        }
    }
}

} // namespace

std::vector<std::string> Result::column(const std::vector<Record>& records,
                                        const std::string& field) const {
    std::vector<std::string> out;
    for (const Record& r : records)
        out.push_back(value(r, field));
    return out;
}

std::string value(const Record& r, const std::string& field) {
    auto it = r.find(field);
    if (it == r.end()) return "<missing>";
    return it->second ? *it->second : "<null>";
}

std::string sum(const std::vector<std::string>& decimals) {
    std::int64_t total = 0;
    for (const std::string& d : decimals) {
        auto v = finimport::sdk::parseDecimal(d, finimport::sdk::NumberFormat::CommaDot);
        CPPUNIT_ASSERT_MESSAGE(d, v.value.has_value());
        total += v.value->scaled;
    }
    return finimport::sdk::formatScaled(total, 2);
}

Result run(const std::string& content, std::size_t chunk) {
    const fi_plugin& p = harness::loadPlugin("finimport_ofx.so");
    const fi_importer& importer = harness::findImporter(p, "ofx.statements");
    const harness::OptionList options = {{"type", "OfxImport"}, {"default_currency", "EUR"}};
    Result r;
    r.raw = harness::run(importer, content, options, {chunk, -1});
    const auto whole = harness::run(importer, content, options, {1u << 20, -1});
    CPPUNIT_ASSERT_EQUAL(whole.text(), r.raw.text());
    split(r);
    return r;
}

Result runFixture(const std::string& file, const std::string& golden) {
    const std::string content =
        harness::readFile(std::string(FINIMPORT_TEST_DATA_DIR) + "/fixtures/realworld/ofx/" + file);
    Result r = run(content);
    const std::string path = std::string(FINIMPORT_OFX_GOLDEN_DIR) + "/" + golden;
    if (std::getenv("FINIMPORT_UPDATE_GOLDEN") != nullptr) harness::writeFile(path, r.raw.text());
    CPPUNIT_ASSERT_EQUAL_MESSAGE(golden, harness::readFile(path), r.raw.text());
    return r;
}

} // namespace ofxtest
