#pragma once
// What `GET /imports/{id}` needs from an import's rows, counted while they stream in at upload
// and stored in the import's summary (key "rows"), so a read never scans the rows.

#include "app/imports/MessageCap.h"
#include "domain/Json.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app {

// Row numbers of one reason: the first kKept, and how many there are.
struct RowList {
    static constexpr std::size_t kKept = 21; // the reason lines show 20 and "…"
    int64_t count = 0;
    std::vector<int64_t> first;
    void add(int64_t row) {
        ++count;
        if (first.size() < kKept) first.push_back(row);
    }
};

struct RowStats {
    static constexpr std::size_t kMaxTypes =
        kListedMessagesMax; // distinct types listed (docs/decisions.md D65)
    int64_t valid = 0;      // rows not excluded and without errors
    int64_t excluded =
        0; // docs/decisions.md D44: rows a row edit left out (neither valid nor invalid)
    RowList invalid, accountless;
    std::map<std::string, RowList> unknownTypes;
    int64_t unknownTypeValues = 0; // distinct values, listed or not

    void addUnknownType(const std::string& value, int64_t row);
    // The summary's `rows` member {"valid":…,"invalid":{"count":…,"first":[…]},…}
    // (ImportSummary.h reads and writes it).
    json::Value toValue() const;
    static RowStats fromValue(const json::Value& rows);
};

} // namespace finimport::app
