// An importer's manifest (schemas/plugin-manifest.schema.json): what it serves, which files it
// accepts (D11) and which request options it declares (D10).
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::plugin {

enum class OptionType { String, Integer, Boolean, Enum };

// "string", "integer", "boolean", "enum".
const char* optionTypeName(OptionType type);

struct OptionSpec {
    std::string name;
    OptionType type = OptionType::String;
    std::vector<std::string> values;         // allowed values of an enum option
    std::optional<std::string> defaultValue; // canonical text ("42", "true", "comma")
    std::optional<std::string> description;
};

struct Manifest {
    std::vector<std::string> types;
    std::vector<std::string> mediaTypes; // lower-cased, without parameters
    std::vector<std::string> extensions; // lower-cased, with the leading "."
    bool binary = false;
    std::vector<std::string> capabilities;
    std::vector<OptionSpec> options;
    // D65: the noun of the refusal `Invalid file type. Please upload <file_noun>.`
    // ("an OFX file"); empty → the host's default.
    std::string fileNoun;
    // D65: `<format>` of the fatal-error code `invalid_<format>` ("ofx"); empty → none.
    std::string format;
    // D65: content starting with one of these (after a BOM and whitespace) is accepted whatever
    // its media type or name (CAMT: "<?xml", "<Document").
    std::vector<std::string> contentPrefixes;
    // D66: how the file declares its own charset: "ofx" (OFX 1.x `CHARSET:`, else an XML
    // declaration) or "xml" (the XML declaration); empty → it does not.
    std::string charsetSniff;

    const OptionSpec* findOption(std::string_view name) const;

    // D11: the media type (parameters ignored, case-insensitive) or the file name's extension
    // (case-insensitive) is listed. Either may be empty when unknown.
    bool accepts(std::string_view mediaType, std::string_view filename) const;
    // D65: the content starts (after a BOM and whitespace) with one of contentPrefixes.
    bool acceptsContent(std::string_view content) const;
};

// Either a manifest or the reason it is invalid.
struct ManifestParseResult {
    std::optional<Manifest> manifest;
    std::string error; // e.g. `options[1] ("skip_rows"): "default" must be an integer`
};

ManifestParseResult parseManifest(std::string_view json);

struct OptionProblem {
    std::string name;
    std::string message; // e.g. `Option "skip_rows" must be an integer (got "abc")`
};

struct ValidatedOptions {
    // Every declared option in manifest order: the given value (canonical text), else the
    // declared default, else nullopt (absent).
    std::vector<std::pair<std::string, std::optional<std::string>>> values;
    std::vector<OptionProblem> problems; // empty when every given option is valid
};

// D10: declared options are type-checked and canonicalized (integers without leading zeros or
// "+", booleans as "true"/"false"); a given nullopt means absent; undeclared names are ignored.
ValidatedOptions validateOptions(const Manifest& manifest,
                                 const std::map<std::string, std::optional<std::string>>& given);

} // namespace finimport::plugin
