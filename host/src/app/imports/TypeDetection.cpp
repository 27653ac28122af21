#include "app/imports/TypeDetection.h"

#include "domain/Text.h"
#include "plugin/ImporterRunner.h"

#include <set>
#include <vector>

namespace finimport::app {

std::string resolveImportType(const std::optional<std::string>& requested) {
    if (domain::isBlank(requested)) return "TransactionImport";
    if (*requested == "SureImport") return "ServiceImport";
    return *requested;
}

namespace {

constexpr std::size_t kProbeBytes = 4096; // what a probe is given (ImporterRunner.h)

Error refused(const std::string& message) {
    return Error{ErrorKind::Invalid, "validation_failed", "Import could not be created",
                 std::vector<std::string>{message}, std::nullopt};
}

// The upload's first bytes and its file name (nullptr for raw_file_content).
std::string_view headOf(const CreateImportRequest& request) {
    if (request.file) return std::string_view(request.file->data).substr(0, kProbeBytes);
    auto it = request.fields.find("raw_file_content");
    if (it == request.fields.end() || it->second.kind != FieldValue::Kind::String) return {};
    return std::string_view(it->second.text).substr(0, kProbeBytes);
}

// An importer that cannot tell from content alone (its probe says MAYBE without a file name):
// the text formats (CSV and its relatives), which read any text.
bool unsure(const plugin::ImporterHandle& importer, std::string_view head) {
    return plugin::probeImporter(importer, head, nullptr) == FI_PROBE_MAYBE;
}

struct Candidate {
    std::string type;
    const plugin::ImporterHandle* importer;
};

// The types of the importers that recognise `head` (and `filename`) with certainty; the text
// importers, which say MAYBE to any text, are never certain.
std::vector<Candidate> certainReaders(const plugin::PluginRegistry& plugins, std::string_view head,
                                      const char* filename) {
    std::vector<Candidate> out;
    std::set<const plugin::ImporterHandle*> asked;
    for (const auto& info : plugins.types()) {
        const plugin::ImporterHandle* importer = plugins.find(info.type);
        if (!importer || !asked.insert(importer).second || unsure(*importer, head)) continue;
        if (plugin::probeImporter(*importer, head, filename) == FI_PROBE_YES)
            for (const std::string& type : importer->types)
                out.push_back(Candidate{type, importer});
    }
    return out;
}

std::string joined(const std::vector<Candidate>& candidates) {
    std::string text;
    for (std::size_t i = 0; i < candidates.size(); ++i)
        text += (i == 0 ? "" : i + 1 == candidates.size() ? " or " : ", ") + candidates[i].type;
    return text;
}

} // namespace

std::string validTypesText(const plugin::PluginRegistry& plugins) {
    std::string text;
    for (const auto& info : plugins.types())
        text += (text.empty() ? "" : ", ") + info.type;
    return text;
}

std::optional<Error> chooseImportType(const plugin::PluginRegistry& plugins,
                                      CreateImportRequest& request, std::string& type,
                                      const std::string& defaultType) {
    const std::string_view head = headOf(request);
    const char* filename = request.file ? request.file->filename.c_str() : nullptr;
    if (type == "auto") {
        // The content decides first; a file name only when the content says nothing certain.
        std::vector<Candidate> found = certainReaders(plugins, head, nullptr);
        if (found.empty() && filename) found = certainReaders(plugins, head, filename);
        if (found.size() > 1)
            return refused("The file could be read as " + joined(found) + "; send type");
        if (found.size() == 1) {
            type = found[0].type;
        } else {
            // Nothing recognises it with certainty: text is read as the default type.
            const plugin::ImporterHandle* text = plugins.find(defaultType);
            if (!text || plugin::probeImporter(*text, head, filename) == FI_PROBE_NO)
                return refused("No import type recognises this file; send type (one of " +
                               validTypesText(plugins) + ")");
            type = defaultType;
        }
        request.fields["type"] = FieldValue{FieldValue::Kind::String, type};
        return std::nullopt;
    }
    const plugin::ImporterHandle* importer = plugins.find(type);
    if (!importer || head.empty() || !unsure(*importer, head)) return std::nullopt;
    // A statement file sent as a text type would be stored as rows of garbage.
    const std::vector<Candidate> found = certainReaders(plugins, head, nullptr);
    if (found.empty()) return std::nullopt;
    const std::string noun = found[0].importer->manifest.fileNounText();
    return refused("This looks like " + noun + "; send type=" + found[0].type + " or type=auto");
}

} // namespace finimport::app
