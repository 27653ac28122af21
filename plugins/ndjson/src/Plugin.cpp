// finimport_ndjson.so: the service's own NDJSON format (ServiceImport; docs/imports.md §6.12,
// docs/api.md §7.7/§7.9, docs/decisions.md D19). Streams the input line by line; every line that is
// a record of one of the 15 types becomes one record of that kind (docs/plugin-records.md).
#include "JsonScan.h"
#include "finimport_manifest.h" // generated from manifest.json

#include "finimport/plugin.hpp"

#include <array>
#include <string>
#include <string_view>

namespace {

using finimport::ndjson::JsonKind;
using finimport::ndjson::JsonMember;
using finimport::ndjson::scanJson;

struct TypeSpec {
    const char* type;
    std::array<const char*, 6> required; // nullptr-terminated
};

constexpr TypeSpec kTypes[] = {
    {"Account", {"id", "name", "balance", "accountable_type", nullptr}},
    {"Balance", {"account_id", "date", "balance", nullptr}},
    {"Category", {"id", "name", nullptr}},
    {"Tag", {"id", "name", nullptr}},
    {"Merchant", {"id", "name", nullptr}},
    {"RecurringTransaction",
     {"id", "amount", "expected_day_of_month", "last_occurrence_date", "next_expected_date"}},
    {"Transaction", {"id", "account_id", "date", "amount", nullptr}},
    {"Transfer", {"inflow_transaction_id", "outflow_transaction_id", nullptr}},
    {"RejectedTransfer", {"inflow_transaction_id", "outflow_transaction_id", nullptr}},
    {"Trade", {"account_id", "date", "amount", "qty", "price", "ticker"}},
    {"Holding", {"account_id", "date", "amount", "qty", "price", "ticker"}},
    {"Valuation", {"account_id", "date", "amount", nullptr}},
    {"Budget", {"id", "start_date", "end_date", nullptr}},
    {"BudgetCategory", {"budget_id", "category_id", nullptr}},
    {"Rule", {"id", nullptr}},
};

const TypeSpec* specOf(std::string_view type) {
    for (const auto& spec : kTypes)
        if (type == spec.type) return &spec;
    return nullptr;
}

bool blank(std::string_view s) {
    return s.find_first_not_of(" \t\r\n") == std::string_view::npos;
}

bool blankMember(const JsonMember* m) {
    return m == nullptr || m->kind == JsonKind::Null ||
           (m->kind == JsonKind::String && blank(m->text));
}

constexpr finimport::FieldList kFields{"data", "version"};

class LineReader {
public:
    LineReader(finimport::Records& out) : _out(out) {}

    // One physical line (without its '\n'); false when the host asked to stop.
    bool line(std::string_view text) {
        ++_lineNo;
        if (blank(text)) return true;
        ++_record;
        const finimport::Location where{_record, _lineNo, nullptr};
        const std::string n = std::to_string(_lineNo);
        auto scan = scanJson(text);
        if (!scan.ok)
            return _out.rowError("invalid_json", where, nullptr,
                                 "Line " + n + " is not valid JSON: " + scan.error, nullptr);
        if (scan.kind != JsonKind::Object)
            return _out.rowError("invalid_ndjson_record", where, nullptr,
                                 "Line " + n + " must be a JSON object.", nullptr);
        const JsonMember* type = scan.find("type");
        const JsonMember* data = scan.find("data");
        if (blankMember(type) || type->kind == JsonKind::False || data == nullptr)
            return _out.rowError("invalid_ndjson_record", where, nullptr,
                                 "Line " + n + " must include type and data.", nullptr);
        std::string typeName = type->kind == JsonKind::String ? type->text : std::string(type->raw);
        const TypeSpec* spec = specOf(typeName);
        if (spec == nullptr)
            return _out.rowError("unsupported_record_type", where, "type",
                                 "Line " + n + " has unsupported record type " + typeName + ".",
                                 typeName.c_str());
        if (data->kind != JsonKind::Object)
            return _out.rowError("invalid_ndjson_record", where, "data",
                                 "Line " + n + " data must be a JSON object.", nullptr);
        if (_kind != typeName) {
            if (!_out.begin(typeName, kFields)) return false;
            _kind = typeName;
        }
        finimport::Row row(kFields.size());
        row.set(kFields["data"], std::string(data->raw));
        if (const JsonMember* version = scan.find("version"))
            row.set(kFields["version"], std::string(version->raw));
        if (!_out.row(row, where)) return false;
        auto fields = scanJson(data->raw);
        std::string missing;
        for (const char* field : spec->required) {
            if (field == nullptr) break;
            if (blankMember(fields.find(field)))
                missing += (missing.empty() ? "" : ", ") + std::string(field);
        }
        if (!missing.empty())
            return _out.rowError("missing_required_fields", where, nullptr,
                                 "Line " + n + " " + typeName +
                                     " is missing required field(s): " + missing + ".",
                                 nullptr);
        return true;
    }

private:
    finimport::Records& _out;
    uint64_t _lineNo = 0, _record = 0;
    std::string _kind;
};

fi_run_status runNdjson(const finimport::Options&, finimport::Records& out) {
    LineReader reader(out);
    std::string pending;
    std::array<char, 65536> buffer{};
    bool first = true;
    for (;;) {
        const std::int64_t n = out.read(buffer.data(), buffer.size());
        if (n < 0) throw finimport::Fatal("The NDJSON input could not be read");
        if (n == 0) break;
        pending.append(buffer.data(), static_cast<size_t>(n));
        if (first && pending.size() >= 3 && pending.compare(0, 3, "\xEF\xBB\xBF") == 0)
            pending.erase(0, 3);
        first = false;
        size_t start = 0;
        for (size_t nl; (nl = pending.find('\n', start)) != std::string::npos; start = nl + 1)
            if (!reader.line(std::string_view(pending).substr(start, nl - start)))
                return FI_RUN_STOPPED;
        pending.erase(0, start);
    }
    if (!pending.empty() && !reader.line(pending)) return FI_RUN_STOPPED;
    return FI_RUN_OK;
}

// A first non-blank line that is a JSON object with type and data: certainly ours.
fi_probe_result probeNdjson(std::string_view head, const char* filename) {
    const std::string_view name = filename ? filename : "";
    if (name.ends_with(".ndjson")) return FI_PROBE_YES;
    std::string_view first = head.substr(0, head.find('\n'));
    auto scan = scanJson(first);
    if (scan.ok && scan.kind == JsonKind::Object && scan.find("type") && scan.find("data"))
        return FI_PROBE_YES;
    return FI_PROBE_NO;
}

constexpr fi_importer kService = finimport::makeImporter<probeNdjson, runNdjson>(
    "ndjson.service", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("ndjson", "1.0.0", &kService)
