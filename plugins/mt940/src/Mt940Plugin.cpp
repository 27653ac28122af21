// finimport_mt940.so: Mt940Import (docs/decisions.md D50, D58, D59, D61, D62, D65): SWIFT MT940
// statements and MT942 interim reports, read line by line, one statement in memory at a time.
#include "Mt940Reader.h"
#include "Mt940Statement.h"
#include "finimport_manifest.h" // generated from manifest.json

#include "finimport/plugin.hpp"

namespace {

using namespace finimport;

fi_run_status runMt940(const Options&, Records& out) {
    statement::StatementWriter writer(out);
    statement::StatementIds ids;
    const auto outcome = mt940::readMt940(
        [&out](char* buffer, std::size_t capacity) { return out.read(buffer, capacity); },
        mt940::Limits{},
        [&](const mt940::RawStatement& raw) {
            mt940::Interpreted s = mt940::interpret(raw, ids);
            return writer.write(s.header, s.transactions, std::move(s.warnings));
        });
    return outcome == mt940::ReadOutcome::Stopped ? FI_RUN_STOPPED : FI_RUN_OK;
}

bool contains(std::string_view head, std::string_view needle) {
    return head.find(needle) != std::string_view::npos;
}

fi_probe_result probeMt940(std::string_view head, const char*) {
    if (contains(head, ":20:") && contains(head, ":25:") &&
        (contains(head, ":60F:") || contains(head, ":61:") || contains(head, ":34F:")))
        return FI_PROBE_YES;
    return FI_PROBE_NO;
}

constexpr fi_importer kMt940 = makeImporter<probeMt940, runMt940>(
    "mt940.statements", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("mt940", "1.0.0", &kMt940)
