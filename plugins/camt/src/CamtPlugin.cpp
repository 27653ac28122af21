// finimport_camt.so: CamtImport (docs/decisions.md D49, D58, D59, D61–D63, D65). ISO 20022
// camt.052/.053/.054 in any version, read by a streaming expat parser (CamtReader).
#include "CamtEntries.h"
#include "CamtReader.h"
#include "finimport_manifest.h" // generated from manifest.json

#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

namespace {

using namespace finimport;

fi_run_status runCamt(const Options&, Records& out) {
    statement::StatementWriter writer(out);
    statement::StatementIds ids;
    const auto outcome = camt::readCamt(
        [&out](char* buffer, std::size_t capacity) { return out.read(buffer, capacity); },
        camt::Limits{},
        [&](const camt::Statement& raw) {
            camt::Interpreted s = camt::interpret(raw, ids);
            return writer.write(s.header, s.transactions, std::move(s.warnings));
        });
    return outcome == camt::ReadOutcome::Stopped ? FI_RUN_STOPPED : FI_RUN_OK;
}

bool contains(std::string_view head, std::string_view needle) {
    return head.find(needle) != std::string_view::npos;
}

fi_probe_result probeCamt(std::string_view head, const char*) {
    if (contains(head, "urn:iso:std:iso:20022:tech:xsd:camt.05") || contains(head, "<BkToCstmr") ||
        contains(head, ":BkToCstmr"))
        return FI_PROBE_YES;
    return FI_PROBE_NO;
}

constexpr fi_importer kCamt = makeImporter<probeCamt, runCamt>(
    "camt.statements", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("camt", "1.0.0", &kCamt)
