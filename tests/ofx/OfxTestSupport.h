// Runs the built finimport_ofx.so over text or a realworld fixture and splits its records by
// kind, so tests can assert statements, transactions, trades and warnings separately.
#ifndef FINIMPORT_TESTS_OFX_SUPPORT_H
#define FINIMPORT_TESTS_OFX_SUPPORT_H

#include "PluginHarness.h"

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace ofxtest {

using Record = std::map<std::string, std::optional<std::string>>;

struct Result {
    harness::RunResult raw;
    std::vector<Record> statements, transactions, trades;
    std::vector<std::string> warnings;
    // One field of every record of `kind` ("<null>" for null).
    std::vector<std::string> column(const std::vector<Record>& records,
                                    const std::string& field) const;
};

// Runs over `content`, in 7-byte reads and in one read, and checks both agree.
Result run(const std::string& content, std::size_t chunk = 7);
// Runs over tests/fixtures/realworld/ofx/<file> and compares with golden/<golden>.
Result runFixture(const std::string& file, const std::string& golden);

std::string value(const Record& r, const std::string& field); // "<null>" for null
std::string sum(const std::vector<std::string>& decimals);    // exact, 2+ fraction digits

} // namespace ofxtest

#endif
