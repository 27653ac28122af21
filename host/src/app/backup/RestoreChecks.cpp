#include "app/backup/RestoreChecks.h"

#include "app/backup/AccountTypes.h"
#include "app/backup/NdjsonLines.h"
#include "app/backup/RecordValues.h"
#include "app/imports/MessageCap.h"
#include "app/imports/RowValidation.h"
#include "domain/Json.h"
#include "store/NamedRecords.h"

#include <set>

namespace finimport::app {

using backup::elementOf;
using backup::isBlank;
using backup::JsonObject;
using backup::JsonValue;
using backup::presentText;
using backup::sizeOf;

namespace {

struct Line {
    int64_t number = 0;
    std::string type;
    JsonObject data;
};

std::string joinLines(const std::vector<int64_t>& lines) {
    std::string out;
    for (auto n : lines)
        out += (out.empty() ? "" : ", ") + std::to_string(n);
    return out;
}

std::set<std::string> existingNames(store::Tx& s, store::NamedTable table,
                                    const std::string& familyId,
                                    const std::optional<std::string>& ownImportId) {
    return store::namesNotOfImport(s, table, familyId, ownImportId.value_or(""));
}

JsonObject splitLinesOf(const JsonObject& data, std::string& key) {
    for (const char* k : {"split_lines", "splitLines", "splits"})
        if (const JsonValue* v = data->find(k); v != nullptr && !v->isNull()) {
            key = k;
            return backup::arrayOf(data, k);
        }
    key.clear();
    return nullptr;
}

std::optional<std::string> splitAmountText(const JsonObject& split) {
    for (const char* k : {"amount", "amount_money", "amount_decimal"})
        if (auto t = presentText(split, k)) return t;
    return std::nullopt;
}

class Checker {
public:
    Checker(RestoreCheckReport& report) : _r(report) {}

    void error(const std::string& code, const std::string& message) {
        pushCapped(_r.errors, _r.errorsNotListed, PreflightProblem{code, message});
    }
    void warning(const std::string& message) {
        pushCapped(_r.warnings, _r.warningsNotListed, message);
    }

    // Pass 1: the lines, their per-line checks and the source ids they define.
    void read(std::string_view content) {
        std::map<std::string, std::string> keyOfType;
        for (const auto& [key, type] : serviceRecordKinds()) {
            keyOfType[type] = key;
            _r.stats.entityCounts[key] = 0;
        }
        int64_t number = 0;
        size_t pos = 0;
        while (pos <= content.size()) {
            size_t nl = content.find('\n', pos);
            std::string text = backup::trimText(content.substr(
                pos, nl == std::string_view::npos ? std::string_view::npos : nl - pos));
            pos = nl == std::string_view::npos ? content.size() + 1 : nl + 1;
            ++number;
            if (text.empty()) continue;
            ++_r.stats.rowsCount;
            std::string n = "Line " + std::to_string(number);
            auto parsed = json::parse(text, backup::kMaxJsonDepth);
            if (!parsed.value) {
                error("invalid_json", n + " is not valid JSON: " + parsed.error);
                continue;
            }
            if (!parsed.value->isObject()) {
                error("invalid_ndjson_record", n + " must be a JSON object.");
                continue;
            }
            auto obj = std::make_shared<const JsonValue>(std::move(*parsed.value));
            if (isBlank(obj, "type") || !backup::has(obj, "data")) {
                error("invalid_ndjson_record", n + " must include type and data.");
                continue;
            }
            std::string type = backup::textOf(obj, "type").value_or("");
            ++_r.stats.recordTypeCounts[type];
            auto kind = keyOfType.find(type);
            if (kind == keyOfType.end()) {
                error("unsupported_record_type", n + " has unsupported record type " + type + ".");
                continue;
            }
            ++_r.stats.entityCounts[kind->second];
            auto data = backup::objectOf(obj, "data");
            if (!data) {
                error("invalid_ndjson_record", n + " data must be a JSON object.");
                continue;
            }
            Line line{number, type, std::move(data)};
            // Publish's blank rule is stricter (false and empty lists are blank too).
            const std::string missing = missingServiceFields(
                type, [&](const std::string& field) { return isBlank(line.data, field); });
            if (missing.empty())
                ++_r.stats.validRowsCount;
            else
                error("missing_required_fields",
                      n + " " + type + " is missing required field(s): " + missing + ".");
            define(line);
            _lines.push_back(std::move(line));
        }
        _r.stats.invalidRowsCount = _r.stats.rowsCount - _r.stats.validRowsCount;
    }

    // Pass 2: record checks that need the whole file or the family.
    void check(store::Tx& s, const std::string& familyId,
               const std::optional<std::string>& ownImportId) {
        std::map<std::string, std::set<std::string>> existing = {
            {"Category", existingNames(s, store::NamedTable::Categories, familyId, ownImportId)},
            {"Tag", existingNames(s, store::NamedTable::Tags, familyId, ownImportId)},
            {"Merchant", existingNames(s, store::NamedTable::Merchants, familyId, ownImportId)}};
        std::map<std::pair<std::string, std::string>, int64_t> valuations;
        const domain::Date today = domain::Date::today();
        for (const auto& line : _lines) {
            std::string n = "Line " + std::to_string(line.number);
            const auto& d = line.data;
            // docs/decisions.md D1: a record dated outside (today − 50 years, today + 1] is
            // refused, so a file dated 0001 or 9999 cannot make millions of balance rows (issue
            // 11).
            if (auto date = presentText(d, "date")) {
                if (auto day = domain::Date::parseIso(*date); day && !dateInWindow(*day, today))
                    error("date_out_of_range", n + " " + line.type + " date " + *date +
                                                   " must be between " +
                                                   today.addYears(-50).addDays(1).iso() + " and " +
                                                   today.addDays(1).iso() + ".");
            }
            if (line.type == "Account") checkAccount(n, d);
            if (existing.count(line.type))
                if (auto name = backup::textOf(d, "name"); name && existing[line.type].count(*name))
                    error("existing_taxonomy_collision", n + " " + line.type + " name \"" + *name +
                                                             "\" already exists in this family.");
            if (line.type == "Transaction") checkSplits(n, d);
            checkReferences(n, line);
            if (line.type == "Valuation") {
                auto account = presentText(d, "account_id"), date = presentText(d, "date");
                if (account && date) {
                    auto [it, fresh] =
                        valuations.emplace(std::make_pair(*account, *date), line.number);
                    if (!fresh)
                        error("duplicate_valuation", n + " duplicates valuation for account \"" +
                                                         *account + "\" on " + *date +
                                                         "; first seen on line " +
                                                         std::to_string(it->second) + ".");
                }
            }
        }
        for (const auto& [key, lines] : _names)
            if (lines.size() > 1)
                error("duplicate_taxonomy_name",
                      key.first + " name \"" + key.second +
                          "\" appears more than once in the NDJSON on lines " + joinLines(lines) +
                          ".");
        for (const auto& key : _idOrder) {
            const auto& uses = _ids[key];
            if (uses.size() < 2) continue;
            std::string where;
            for (const auto& u : uses)
                where += (where.empty() ? "" : ", ") + u;
            error("duplicate_source_id", key.first + " source id \"" + key.second +
                                             "\" appears more than once (" + where + ").");
        }
        if (_r.stats.rowsCount == 0) error("no_data_rows", "No data rows were found.");
    }

private:
    void defineId(const std::string& kind, const std::string& id, const std::string& use) {
        auto key = std::make_pair(kind, id);
        if (!_ids.count(key)) _idOrder.push_back(key);
        _ids[key].push_back(use);
    }

    void define(const Line& line) {
        static const std::set<std::string> idKinds = {
            "Account", "Category",   "Tag", "Merchant", "RecurringTransaction",
            "Budget",  "Transaction"};
        std::string use = "Line " + std::to_string(line.number) + " " + line.type;
        if (idKinds.count(line.type))
            if (auto id = presentText(line.data, "id")) defineId(line.type, *id, use);
        if (line.type == "Category" || line.type == "Tag" || line.type == "Merchant")
            if (auto name = backup::textOf(line.data, "name");
                name && !backup::trimText(*name).empty())
                _names[{line.type, *name}].push_back(line.number);
        if (line.type == "Transaction") {
            std::string key;
            if (auto splits = splitLinesOf(line.data, key))
                for (size_t i = 0; i < sizeOf(splits); ++i)
                    if (auto split = elementOf(splits, i))
                        if (auto id = presentText(split, "id"))
                            defineId("Transaction", *id, use + " split line");
        }
    }

    bool defined(const std::string& kind, const std::string& id) const {
        return _ids.count({kind, id}) > 0;
    }

    void checkAccount(const std::string& n, const JsonObject& d) {
        auto type = presentText(d, "accountable_type");
        if (!type) return;
        if (!isAccountableType(*type)) {
            error("invalid_accountable_type",
                  n + " Account has invalid accountable_type \"" + *type + "\".");
            return;
        }
        std::optional<std::string> subtype;
        if (auto accountable = backup::objectOf(d, "accountable"))
            subtype = presentText(accountable, "subtype");
        if (!subtype) subtype = presentText(d, "subtype");
        if (subtype && !isValidSubtype(*type, *subtype))
            error("invalid_accountable_subtype",
                  n + " Account has invalid " + *type + " subtype \"" + *subtype + "\".");
    }

    void checkSplits(const std::string& n, const JsonObject& d) {
        std::string key;
        auto splits = splitLinesOf(d, key);
        if (key.empty()) return;
        if (!splits) {
            error("invalid_split_lines", n + " Transaction " + key + " must be an array.");
            return;
        }
        domain::Decimal sum;
        bool summable = true;
        for (size_t i = 0; i < sizeOf(splits); ++i) {
            std::string which = n + " Transaction split line " + std::to_string(i + 1);
            auto split = elementOf(splits, i);
            if (!split) {
                error("invalid_split_line", which + " must be a JSON object.");
                summable = false;
                continue;
            }
            auto amount = splitAmountText(split);
            if (!amount) {
                error("missing_required_fields", which + " is missing required field(s): amount.");
                summable = false;
                continue;
            }
            auto value = domain::Decimal::parse(*amount);
            if (!value) {
                summable = false;
                continue;
            }
            try {
                sum += *value;
            } catch (const domain::DecimalOverflow&) {
                summable = false;
            }
        }
        auto total = backup::decimalOf(d, "amount");
        if (summable && total && sizeOf(splits) > 0 && sum != *total)
            error("split_amount_mismatch", n + " Transaction split amounts total " +
                                               sum.toString(2) + " but the transaction amount is " +
                                               total->toString(2) + ".");
    }

    void reference(const std::string& n, const Line& line, const JsonObject& obj,
                   const std::string& field, const std::string& kind) {
        auto id = presentText(obj, field);
        if (!id || defined(kind, *id)) return;
        std::string message =
            n + " " + line.type + " references missing " + field + " \"" + *id + "\".";
        if (line.type == "RejectedTransfer")
            warning(message + " It will be skipped during import.");
        else
            error("missing_reference", message);
    }

    void tagReferences(const std::string& n, const Line& line, const JsonObject& obj) {
        auto tags = backup::arrayOf(obj, "tag_ids");
        if (!tags) return;
        for (const JsonValue& v : tags->items()) {
            auto text = backup::scalarText(v);
            if (!text) continue;
            std::string id = backup::trimText(*text);
            if (!id.empty() && !defined("Tag", id))
                error("missing_reference",
                      n + " " + line.type + " references missing tag_ids \"" + id + "\".");
        }
    }

    void checkReferences(const std::string& n, const Line& line) {
        const auto& d = line.data;
        const std::string& t = line.type;
        if (t == "Balance" || t == "Trade" || t == "Holding" || t == "Valuation" ||
            t == "RecurringTransaction" || t == "Transaction")
            reference(n, line, d, "account_id", "Account");
        if (t == "Category") reference(n, line, d, "parent_id", "Category");
        if (t == "RecurringTransaction") reference(n, line, d, "merchant_id", "Merchant");
        if (t == "Transaction") {
            reference(n, line, d, "category_id", "Category");
            reference(n, line, d, "merchant_id", "Merchant");
            tagReferences(n, line, d);
            std::string key;
            if (auto splits = splitLinesOf(d, key))
                for (size_t i = 0; i < sizeOf(splits); ++i)
                    if (auto split = elementOf(splits, i)) {
                        reference(n, line, split, "category_id", "Category");
                        reference(n, line, split, "merchant_id", "Merchant");
                        tagReferences(n, line, split);
                    }
        }
        if (t == "Transfer" || t == "RejectedTransfer") {
            reference(n, line, d, "inflow_transaction_id", "Transaction");
            reference(n, line, d, "outflow_transaction_id", "Transaction");
        }
        if (t == "BudgetCategory") {
            reference(n, line, d, "budget_id", "Budget");
            reference(n, line, d, "category_id", "Category");
        }
    }

    RestoreCheckReport& _r;
    std::vector<Line> _lines;
    std::map<std::pair<std::string, std::string>, std::vector<std::string>> _ids;
    std::vector<std::pair<std::string, std::string>> _idOrder;
    std::map<std::pair<std::string, std::string>, std::vector<int64_t>> _names;
};

} // namespace

std::string RestoreCheckReport::errorText() const {
    std::string text = kPreflightFailedHeader;
    for (const auto& e : errors)
        text += "\n" + e.message;
    return text;
}

RestoreCheckReport checkRestore(store::Tx& session, const std::string& familyId,
                                std::string_view content,
                                const std::optional<std::string>& ownImportId, int64_t rowCap) {
    RestoreCheckReport report;
    Checker checker(report);
    checker.read(content);
    checker.check(session, familyId, ownImportId);
    int64_t importable = 0;
    for (const auto& [key, count] : report.stats.entityCounts)
        importable += count;
    if (report.errorsNotListed > 0)
        report.errors.push_back({"more_errors", notListedLine(report.errorsNotListed, "errors")});
    if (report.warningsNotListed > 0)
        report.warnings.push_back(notListedLine(report.warningsNotListed, "warnings"));
    if (report.stats.rowsCount > 0 && importable == 0)
        report.warnings.push_back("No importable records were found.");
    if (report.stats.rowsCount > rowCap)
        report.warnings.push_back("Row count exceeds this import type's publish limit.");
    return report;
}

} // namespace finimport::app
