// finimport_ofx.so: OfxImport (docs/decisions.md D48, D58-D60, D65). A tolerant reader of our own
// (README: why not libofx) turns OFX 1.x SGML and 2.x XML into statement records.
#include "OfxBuilder.h"
#include "OfxRecords.h"
#include "finimport_manifest.h" // generated from manifest.json

#include "finimport/plugin.hpp"
#include "finimport/text.hpp"

namespace {

using namespace finimport;

fi_run_status runOfx(const Options&, Records& out) {
    ofx::Document doc;
    try {
        doc = ofx::parseDocument(
            [&out](char* buffer, std::size_t capacity) { return out.read(buffer, capacity); });
    } catch (const ofx::ParseError& e) {
        throw Fatal(e.message());
    }
    if (doc.statements.empty()) {
        std::string reason = "no bank, credit card or investment statement was found";
        if (!doc.statusMessage.empty()) reason += " (the server said: " + doc.statusMessage + ")";
        throw Fatal(ofx::ParseError(reason, doc.lastLine).message());
    }
    return ofx::emitRecords(doc, out);
}

bool endsWith(std::string_view name, std::string_view suffix) {
    return sdk::endsWithIgnoreCase(name, suffix);
}

fi_probe_result probeOfx(std::string_view head, const char* filename) {
    const std::string_view name = filename ? filename : "";
    if (endsWith(name, ".ofx") || endsWith(name, ".qfx")) return FI_PROBE_YES;
    for (std::size_t i = 0; i + 9 <= head.size(); ++i)
        if (sdk::equalsIgnoreCase(head.substr(i, 9), "OFXHEADER")) return FI_PROBE_YES;
    for (std::size_t i = 0; i + 5 <= head.size(); ++i)
        if (sdk::equalsIgnoreCase(head.substr(i, 5), "<OFX>")) return FI_PROBE_MAYBE;
    return FI_PROBE_NO;
}

constexpr fi_importer kOfx = makeImporter<probeOfx, runOfx>(
    "ofx.statements", finimport_manifest_types, finimport_manifest_json);

} // namespace

FINIMPORT_PLUGIN("ofx", "1.0.0", &kOfx)
