#include "app/backup/NdjsonLines.h"

#include <Poco/JSON/Object.h>
#include <Poco/JSON/Parser.h>

#include <set>

namespace finimport::app {

const std::vector<std::pair<std::string, std::string>>& serviceRecordKinds() {
    static const std::vector<std::pair<std::string, std::string>> kinds = {
        {"accounts", "Account"},
        {"balances", "Balance"},
        {"categories", "Category"},
        {"tags", "Tag"},
        {"merchants", "Merchant"},
        {"recurring_transactions", "RecurringTransaction"},
        {"transactions", "Transaction"},
        {"transfers", "Transfer"},
        {"rejected_transfers", "RejectedTransfer"},
        {"trades", "Trade"},
        {"holdings", "Holding"},
        {"valuations", "Valuation"},
        {"budgets", "Budget"},
        {"budget_categories", "BudgetCategory"},
        {"rules", "Rule"}};
    return kinds;
}

namespace {

const std::map<std::string, std::vector<std::string>>& serviceRequiredFields() {
    static const std::map<std::string, std::vector<std::string>> required = {
        {"Account", {"id", "name", "balance", "accountable_type"}},
        {"Balance", {"account_id", "date", "balance"}},
        {"Category", {"id", "name"}},
        {"Tag", {"id", "name"}},
        {"Merchant", {"id", "name"}},
        {"RecurringTransaction",
         {"id", "amount", "expected_day_of_month", "last_occurrence_date", "next_expected_date"}},
        {"Transaction", {"id", "account_id", "date", "amount"}},
        {"Transfer", {"inflow_transaction_id", "outflow_transaction_id"}},
        {"RejectedTransfer", {"inflow_transaction_id", "outflow_transaction_id"}},
        {"Trade", {"account_id", "date", "amount", "qty", "price", "ticker"}},
        {"Holding", {"account_id", "date", "amount", "qty", "price", "ticker"}},
        {"Valuation", {"account_id", "date", "amount"}},
        {"Budget", {"id", "start_date", "end_date"}},
        {"BudgetCategory", {"budget_id", "category_id"}},
        {"Rule", {"id"}}};
    return required;
}

std::string trim(std::string_view s) {
    auto b = s.find_first_not_of(" \t\r\n"), e = s.find_last_not_of(" \t\r\n");
    return b == std::string_view::npos ? "" : std::string(s.substr(b, e - b + 1));
}

Poco::JSON::Object::Ptr parseObject(const std::string& line) {
    // Only text shaped like an object can be one: a junk line costs a glance, not a parser
    // and an exception (1M junk lines must answer within 2 s).
    const auto first = line.find_first_not_of(" \t\r\n");
    const auto last = line.find_last_not_of(" \t\r\n");
    if (first == std::string::npos || line[first] != '{' || line[last] != '}') return nullptr;
    try {
        Poco::JSON::Parser parser;
        auto v = parser.parse(line);
        if (v.type() != typeid(Poco::JSON::Object::Ptr)) return nullptr;
        return v.extract<Poco::JSON::Object::Ptr>();
    } catch (const std::exception&) {
        return nullptr;
    }
}

bool truthy(const Poco::Dynamic::Var& v) {
    if (v.isEmpty()) return false;
    if (v.type() == typeid(bool)) return v.extract<bool>();
    return true;
}

bool blankValue(const Poco::Dynamic::Var& v) {
    if (v.isEmpty()) return true;
    if (v.isString()) return trim(v.extract<std::string>()).empty();
    return false;
}

} // namespace

std::string missingServiceFields(const std::string& type,
                                 const std::function<bool(const std::string&)>& blank) {
    std::string missing;
    for (const auto& field : serviceRequiredFields().at(type))
        if (blank(field)) missing += (missing.empty() ? "" : ", ") + field;
    return missing;
}

std::string missingServiceFields(const std::string& type, const Poco::JSON::Object::Ptr& data) {
    return missingServiceFields(type, [&](const std::string& field) {
        return !data->has(field) || blankValue(data->get(field));
    });
}

bool ndjsonFirstLineOk(std::string_view content) {
    std::string first = trim(content.substr(0, content.find('\n')));
    if (first.empty()) return false;
    auto obj = parseObject(first);
    return obj && obj->has("type") && obj->has("data");
}

NdjsonLineReport analyzeNdjson(std::string_view content) {
    NdjsonLineReport r;
    r.firstLineOk = ndjsonFirstLineOk(content);
    for (const auto& [key, type] : serviceRecordKinds())
        r.expected[key] = 0;
    std::map<std::string, std::string> keyOfType;
    for (const auto& [key, type] : serviceRecordKinds())
        keyOfType[type] = key;
    size_t pos = 0;
    while (pos <= content.size()) {
        size_t nl = content.find('\n', pos);
        std::string line = trim(
            content.substr(pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
        pos = nl == std::string_view::npos ? content.size() + 1 : nl + 1;
        if (line.empty()) continue;
        ++r.nonBlankLines;
        auto obj = parseObject(line);
        if (!obj || !obj->has("data") || !truthy(obj->get("type"))) continue;
        ++r.typedLines;
        std::string type = obj->get("type").convert<std::string>();
        // Bounded: a file of a million invented types must not grow a million-entry map.
        if (r.recordTypeCounts.size() < 100 || r.recordTypeCounts.count(type))
            ++r.recordTypeCounts[type];
        auto kind = keyOfType.find(type);
        if (kind == keyOfType.end()) continue;
        ++r.importableLines;
        ++r.expected[kind->second];
        auto data = obj->get("data");
        if (data.type() != typeid(Poco::JSON::Object::Ptr)) continue;
        auto dataObj = data.extract<Poco::JSON::Object::Ptr>();
        if (missingServiceFields(type, dataObj).empty()) ++r.validLines;
    }
    return r;
}

} // namespace finimport::app
