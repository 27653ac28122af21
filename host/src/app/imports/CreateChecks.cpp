#include "app/imports/CreateChecks.h"

#include "app/imports/ColumnSuggestions.h"
#include "app/imports/DeclaredCharset.h"
#include "domain/Text.h"
#include "domain/Uuid.h"

namespace finimport::app {

ColumnReading readColumnsOf(const CreateImportRequest& req, const ImportOptions& options,
                            const ImportTypeTraits& traits, std::string_view text) {
    // The request's own separator and rows to skip, when it sent them, read the header.
    auto sentValue = [&](std::string_view role) -> std::optional<std::string> {
        const auto* spec = traits.manifest ? traits.manifest->optionSniffing(role) : nullptr;
        if (!spec || domain::isBlank(req.text(spec->name))) return std::nullopt;
        return options.get(spec->name);
    };
    std::optional<std::string> colSep = sentValue("separator");
    if (colSep == std::optional<std::string>("auto")) colSep.reset();
    std::optional<int64_t> rowsToSkip;
    if (auto skip = sentValue("skipped_lines")) {
        try {
            rowsToSkip = std::stoll(*skip);
        } catch (const std::exception&) { // validated before: unreachable
        }
    }
    return readColumns(text, traits, colSep, rowsToSkip);
}

CreateChecks runCreateChecks(store::Database& db, const CreateImportRequest& req,
                             const TypeCatalogue& types, const ImportTypeTraits& traits,
                             const std::string& fallbackCharset) {
    CreateChecks c;
    if (req.fileFieldWasText) {
        c.refusal = Error{ErrorKind::Invalid, "validation_failed", "file must be an uploaded file",
                          std::vector<std::string>{"file must be an uploaded file"}, std::nullopt};
        return c;
    }
    c.content = checkContent(req, traits);
    if (c.content.error) {
        c.refusal = c.content.error;
        return c;
    }
    if (!traits.known())
        c.errors.push_back("Type is not included in the list: " + types.knownTypesText() +
                           ", auto");
    db.read([&](store::Tx& s) {
        c.family = store::FamilyStore(s).familyById(req.familyId);
        auto given = req.text("account_id");
        if (domain::isBlank(given)) return;
        c.accountId = domain::canonicalUuid(*given);
        if (!c.accountId)
            c.errors.push_back("Account must be a valid UUID");
        else if (!(c.account = store::AccountStore(s).byId(req.familyId, *c.accountId)))
            c.errors.push_back("Account must belong to your family");
    });
    if (!req.file && req.has("raw_file_content")) {
        auto kind = req.fields.at("raw_file_content").kind;
        if (kind != FieldValue::Kind::String && kind != FieldValue::Kind::Null)
            c.errors.push_back("raw_file_content must be a string");
    }
    auto encoding = req.text("encoding");
    if (!domain::isBlank(encoding) && !isKnownCharset(*encoding))
        c.errors.push_back("Encoding is not a known character set");
    c.options = readImportOptions(req, traits, c.errors);
    // A binary format reads the bytes as uploaded; the others get UTF-8 text (docs/decisions.md
    // D13).
    if (c.content.bytes && c.errors.empty() && !traits.binary()) {
        // D13/D66: the request's encoding, then the charset the file declares (OFX, XML), then
        // the part's charset, then detection.
        std::optional<std::string> charset = encoding;
        if (domain::isBlank(encoding) && traits.manifest)
            charset = declaredCharset(*c.content.bytes, traits.manifest->charsetSniff);
        if (domain::isBlank(charset)) charset = c.content.partCharset;
        c.text = decodeText(*c.content.bytes, charset, fallbackCharset);
        c.options.set("encoding", c.text->charset);
        if (auto e = checkLineBounds(c.options, traits, c.text->of(*c.content.bytes)))
            c.errors.push_back(*e);
        // docs/decisions.md D157: the suggestions fill what the request left blank.
        if (c.errors.empty() &&
            c.options.get("column_mapping") == std::optional<std::string>("auto"))
            applyColumnMapping(readColumnsOf(req, c.options, traits, c.text->of(*c.content.bytes)),
                               req, c.options, c.errors);
    }
    return c;
}

} // namespace finimport::app
