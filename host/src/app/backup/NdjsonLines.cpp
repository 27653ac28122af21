#include "app/backup/NdjsonLines.h"

#include "domain/Json.h"

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

std::optional<json::Value> parseObject(const std::string& line) {
    // Only text shaped like an object can be one: a junk line costs a glance, not a parser
    // and an exception (1M junk lines must answer within 2 s).
    const auto first = line.find_first_not_of(" \t\r\n");
    const auto last = line.find_last_not_of(" \t\r\n");
    if (first == std::string::npos || line[first] != '{' || line[last] != '}') return std::nullopt;
    auto parsed = json::parse(line, 256);
    if (!parsed.value || !parsed.value->isObject()) return std::nullopt;
    return std::move(parsed.value);
}

bool truthy(const json::Value* v) {
    return v != nullptr && !v->isNull() && !(v->isBool() && v->text() == "false");
}

bool blankValue(const json::Value& v) {
    return v.isNull() || (v.isString() && trim(v.text()).empty());
}

} // namespace

std::string missingServiceFields(const std::string& type,
                                 const std::function<bool(const std::string&)>& blank) {
    std::string missing;
    for (const auto& field : serviceRequiredFields().at(type))
        if (blank(field)) missing += (missing.empty() ? "" : ", ") + field;
    return missing;
}

std::string missingServiceFields(const std::string& type, const json::Value& data) {
    return missingServiceFields(type, [&](const std::string& field) {
        const json::Value* v = data.find(field);
        return v == nullptr || blankValue(*v);
    });
}

std::string recordTypeText(const json::Value& type) {
    return type.isString() || type.isBool() || type.isNumber() ? type.text() : json::write(type);
}

bool ndjsonFirstLineOk(std::string_view content) {
    std::string first = trim(content.substr(0, content.find('\n')));
    if (first.empty()) return false;
    auto obj = parseObject(first);
    return obj && obj->find("type") && obj->find("data");
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
        if (!obj || !obj->find("data") || !truthy(obj->find("type"))) continue;
        ++r.typedLines;
        std::string type = recordTypeText(*obj->find("type"));
        // Bounded: a file of a million invented types must not grow a million-entry map.
        if (r.recordTypeCounts.size() < 100 || r.recordTypeCounts.count(type))
            ++r.recordTypeCounts[type];
        auto kind = keyOfType.find(type);
        if (kind == keyOfType.end()) continue;
        ++r.importableLines;
        ++r.expected[kind->second];
        const json::Value* data = obj->find("data", json::Value::Kind::Object);
        if (data == nullptr) continue;
        if (missingServiceFields(type, *data).empty()) ++r.validLines;
    }
    return r;
}

} // namespace finimport::app
