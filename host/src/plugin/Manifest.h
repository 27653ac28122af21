// An importer's manifest (schemas/plugin-manifest.schema.json): what it serves, which files it
// accepts (docs/decisions.md D11) and which request options it declares (D10).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace finimport::plugin {

// Decimal: an exact non-zero decimal of at most 12 places and 18 significant digits (a factor).
enum class OptionType { String, Integer, Boolean, Enum, Decimal };

// "string", "integer", "boolean", "enum", "decimal".
const char* optionTypeName(OptionType type);

struct OptionSpec {
    std::string name;
    OptionType type = OptionType::String;
    std::vector<std::string> values;         // allowed values of an enum option
    std::optional<std::string> defaultValue; // canonical text ("42", "true", "comma")
    std::optional<std::string> description;
    // How messages name it ("Column separator"); default: the name with spaces, capitalised.
    std::optional<std::string> label;
    std::optional<int64_t> maxLength; // string: longest value in bytes
    std::optional<int64_t> minimum;   // integer: smallest value
    bool notBlank = false;            // a blank value is an error of its own ("can't be blank")
    // Other spellings of a value (compared case-insensitively), e.g. "tab" for "\t".
    std::vector<std::pair<std::string, std::string>> aliases;
    // integer: must be less than the number of lines of the content (e.g. lines to skip).
    bool belowLineCount = false;
    // docs/plugin-manifest.md "sniffs": what of a delimited text file this option sets, so that
    // preflight reports and column_mapping=auto fills it (docs/decisions.md D156/D157):
    // separator | skipped_lines | header | dates | numbers.
    std::optional<std::string> sniffs;
    // docs/plugin-manifest.md "column_of": the engine field whose column this option names
    // (date, amount, name …): preflight suggests a header for it (docs/decisions.md D156).
    std::optional<std::string> columnOf;

    std::string displayName() const;
};

// A check across options (manifest "rules"): when every `when` option has its value, each
// `require` option must be non-blank; with no `require`, the `when` alone is the error.
struct OptionRule {
    std::vector<std::pair<std::string, std::string>> when;
    std::vector<std::string> require;
    std::string message;
    std::string after; // checked right after this option's own checks
};

// What the host needs to know about one served type (manifest "type_details"): the host holds
// no table of formats, so a third party's type gets exactly what a built-in declares.
struct TypeDetails {
    // Which row values become mappings: "category", "tag", "account", "account_type".
    std::vector<std::string> mappings;
    // Configuration the type forces whatever the client sends (e.g. Mint's column labels).
    std::vector<std::pair<std::string, std::string>> fixedOptions;
    // Rows need an account (account_id, a mapped account column or section) to publish.
    bool needsAccount = false;
    // Which configured cap bounds its rows: "rows" (default), "accounts" or "service".
    std::string rowCap = "rows";
    // Kinds of records its rows publish: transaction, trade, account, category, merchant,
    // rule, or "backup" (the engine's own NDJSON backup, published by the backup pipeline).
    std::vector<std::string> recordKinds;
    // The rows endpoint lists rows newest first (files written newest first, e.g. QIF).
    bool rowsNewestFirst = false;
    // Columns a preflight looks for: field, and the option naming its column ("" = none).
    std::vector<std::pair<std::string, std::string>> requiredColumns;

    bool hasMapping(std::string_view kind) const;
    bool hasRecordKind(std::string_view kind) const;
};

struct Manifest {
    std::vector<std::string> types;
    std::vector<std::string> mediaTypes; // lower-cased, without parameters
    std::vector<std::string> extensions; // lower-cased, with the leading "."
    bool binary = false;
    std::vector<std::string> capabilities;
    std::vector<OptionSpec> options;
    std::vector<OptionRule> rules;
    // docs/decisions.md D65: `<format>` of the fatal-error code `invalid_<format>` ("ofx"); empty →
    // none
    // (`invalid_file`).
    std::string format;
    // docs/decisions.md D65: the noun of the refusal `Invalid file type. Please upload
    // <file_noun>.`
    // ("an OFX file"); empty → "a <FORMAT> file".
    std::string fileNoun;
    // Largest content accepted, in bytes (docs/decisions.md D12; 10 MB unless declared).
    int64_t maxContentBytes = 10485760;
    // An uploaded file must start with these bytes to count as this format (PDF: "%PDF-").
    std::optional<std::string> requiredPrefix;
    // docs/decisions.md D65: content starting with one of these (after a BOM and whitespace) is
    // accepted whatever its media type or name (CAMT: "<?xml", "<Document").
    std::vector<std::string> contentPrefixes;
    // docs/decisions.md D66: how the file declares its own charset: "ofx" (OFX 1.x `CHARSET:`, else
    // an XML declaration) or "xml" (the XML declaration); empty → it does not.
    std::string charsetSniff;
    // The code of a fatal error sent without one (default `invalid_<format>`); the code
    // "nothing_recognisable" stores the import with 0 rows and the message (docs/decisions.md D17).
    std::optional<std::string> defaultErrorCode;
    // Per served type (a manifest may describe sibling types of its plugin as well).
    std::map<std::string, TypeDetails, std::less<>> typeDetails;

    const OptionSpec* findOption(std::string_view name) const;
    // The option declaring `"sniffs": role`, nullptr when none.
    const OptionSpec* optionSniffing(std::string_view role) const;

    // docs/decisions.md D11: the media type (parameters ignored, case-insensitive) or the file
    // name's extension (case-insensitive) is listed. Either may be empty when unknown.
    bool accepts(std::string_view mediaType, std::string_view filename) const;
    // The details of `type` (empty details when the manifest declares none).
    const TypeDetails& details(std::string_view type) const;
    // "invalid_<format>", or "invalid_file" for a manifest without a format.
    std::string invalidCode() const;
    // "a CSV file" style noun for refusals: file_noun, else "a <FORMAT> file", else "a file".
    std::string fileNounText() const;
    // docs/decisions.md D65: the content starts (after a BOM and whitespace) with one of
    // contentPrefixes.
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

// docs/decisions.md D10: declared options are type-checked and canonicalized (integers without
// leading zeros or
// "+", booleans as "true"/"false"); a given nullopt means absent; undeclared names are ignored.
ValidatedOptions validateOptions(const Manifest& manifest,
                                 const std::map<std::string, std::optional<std::string>>& given);

} // namespace finimport::plugin
