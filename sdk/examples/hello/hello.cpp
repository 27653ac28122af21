// A minimal finimport plugin: reads "name;amount" lines and emits transaction records.
#include "finimport/plugin.hpp"
#include "finimport/text.hpp"
#include "finimport_manifest.h" // manifest.json, embedded by finimport_add_plugin

namespace {

namespace sdk = finimport::sdk;

// The record fields this plugin fills (records.md, "transaction"), named below.
constexpr finimport::FieldList kFields{"name", "amount", "currency", "signed_amount"};

fi_probe_result probe(std::string_view head, const char* /*filename*/) {
    return head.find('\0') == std::string_view::npos ? FI_PROBE_MAYBE : FI_PROBE_NO;
}

fi_run_status run(const finimport::Options& options, finimport::Records& out) {
    const std::string currency = options.string("default_currency", "USD");
    sdk::CsvReader reader([&](char* b, std::size_t n) { return out.read(b, n); }, ';');
    if (!out.begin("transaction", kFields)) return FI_RUN_STOPPED;
    sdk::CsvRecord record;
    for (std::uint64_t number = 1; reader.next(record); ++number) {
        finimport::Row row(kFields.size());
        row.set(kFields["name"], std::string(sdk::trim(record.fields[0])));
        const std::string raw = record.fields.size() > 1 ? record.fields[1] : "";
        auto amount = sdk::parseDecimal(raw, sdk::NumberFormat::CommaDot);
        row.set(kFields["amount"], amount ? amount.value->text : raw);
        row.set(kFields["currency"], currency);
        if (amount) row.set(kFields["signed_amount"], amount.value->text);
        const finimport::Location where{number, record.line};
        if (!out.row(row, where)) return FI_RUN_STOPPED;
        if (!amount && !out.rowError("invalid_number", where, "amount",
                                     sdk::decimalErrorMessage(amount.error, "Amount", raw,
                                                              sdk::NumberFormat::CommaDot),
                                     raw.c_str()))
            return FI_RUN_STOPPED;
    }
    if (reader.error()) throw finimport::Fatal(reader.error()->message());
    return FI_RUN_OK;
}

constexpr fi_importer kHello = finimport::makeImporter<probe, run>(
    "hello.transactions", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("hello", "0.1.0", &kHello)
