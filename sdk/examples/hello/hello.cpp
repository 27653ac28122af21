// A minimal finimport plugin: reads "name;amount" lines and emits transaction records.
#include "finimport/plugin.hpp"
#include "finimport_manifest.h" // manifest.json, embedded by finimport_add_plugin
#include "finimport/text.hpp"

namespace {

namespace sdk = finimport::sdk;

fi_probe_result probe(std::string_view head, const char* filename) {
    return head.find('\0') == std::string_view::npos ? FI_PROBE_MAYBE : FI_PROBE_NO;
}

fi_run_status run(const finimport::Options& options, finimport::Records& out) {
    const std::string currency = options.string("default_currency", "USD");
    sdk::CsvReader reader([&](char* b, std::size_t n) { return out.read(b, n); }, ';');
    const char* fields[] = {"name", "amount", "currency", "signed_amount"};
    if (!out.begin("transaction", fields)) return FI_RUN_STOPPED;
    sdk::CsvRecord record;
    for (std::uint64_t number = 1; reader.next(record); ++number) {
        finimport::Row row(4);
        row.set(0, std::string(sdk::trim(record.fields[0])));
        const std::string raw = record.fields.size() > 1 ? record.fields[1] : "";
        auto amount = sdk::parseDecimal(raw, sdk::NumberFormat::CommaDot);
        row.set(1, amount ? amount.value->text : raw);
        row.set(2, currency);
        if (amount) row.set(3, amount.value->text);
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

constexpr const char* kTypes[] = {"HelloImport", nullptr};
constexpr fi_importer kHello = finimport::makeImporter<probe, run>(
    "hello.transactions", kTypes, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("hello", "0.1.0", &kHello)
