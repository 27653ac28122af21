#include "app/CreateChecks.h"

#include "app/DeclaredCharset.h"
#include "domain/Uuid.h"

namespace finimport::app {

namespace {

bool blank(const std::optional<std::string>& s) {
    return !s || s->find_first_not_of(" \t\r\n") == std::string::npos;
}

} // namespace

CreateChecks runCreateChecks(store::Database& db, const CreateImportRequest& req,
                             const ImportTypeTraits& traits, const plugin::ImporterHandle* importer,
                             bool knownType, const std::string& fallbackCharset) {
    CreateChecks c;
    if (req.fileFieldWasText) {
        c.refusal =
            ImportError{422, "validation_failed", "file must be an uploaded file",
                        std::vector<std::string>{"file must be an uploaded file"}, std::nullopt};
        return c;
    }
    c.content = checkContent(req, traits, importer);
    if (c.content.error) {
        c.refusal = c.content.error;
        return c;
    }
    if (!knownType) c.errors.push_back("Type is not included in the list");
    db.read([&](Poco::Data::Session& s) {
        c.family = store::FamilyStore(s).familyById(req.familyId);
        auto given = req.text("account_id");
        if (blank(given)) return;
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
    if (!blank(encoding) && !isKnownCharset(*encoding))
        c.errors.push_back("Encoding is not a known character set");
    c.options = readImportOptions(req, traits, c.errors);
    if (c.content.bytes && c.errors.empty() && traits.family != ContentFamily::Pdf) {
        // D13/D66: the request's encoding, then the charset the file declares (OFX, XML), then
        // the part's charset, then detection.
        std::optional<std::string> charset = encoding;
        if (blank(encoding) && importer)
            charset = declaredCharset(*c.content.bytes, importer->manifest.charsetSniff);
        if (blank(charset)) charset = c.content.partCharset;
        c.text = decodeText(*c.content.bytes, charset, fallbackCharset);
        c.options.set("encoding", c.text->charset);
        if (auto e = checkRowsToSkip(c.options, c.text->text)) c.errors.push_back(*e);
    }
    return c;
}

} // namespace finimport::app
