#include "app/imports/PluginImport.h"

#include "app/imports/CreateChecks.h"
#include "app/imports/ImportContent.h"
#include "app/imports/Mappings.h"
#include "app/imports/PluginMeta.h"
#include "app/imports/RowCollector.h"
#include "app/imports/RowPipeline.h"
#include "app/imports/TextDecoding.h"
#include "app/imports/TypeDetection.h"
#include "app/imports/UploadRows.h"
#include "app/imports/UploadSink.h"
#include "app/imports/UploadWriter.h"
#include "domain/LogLine.h"
#include "domain/Text.h"
#include "domain/Uuid.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/FamilyStore.h"
#include "store/ImportStore.h"

#include <algorithm>
#include <cstring>

namespace finimport::app {

namespace {

Error validationFailed(std::vector<std::string> errors) {
    return Error{ErrorKind::Invalid, "validation_failed", "Import could not be created",
                 std::move(errors), std::nullopt};
}

// The request's content, which is valid UTF-8 from `offset` on (past a BOM), moved out of it:
// an upload's bytes are held once (the memory bound).
std::string takeUtf8Content(CreateImportRequest& req, std::size_t offset) {
    std::string bytes =
        req.file ? std::move(req.file->data) : std::move(req.fields.at("raw_file_content").text);
    bytes.erase(0, offset);
    return bytes;
}

} // namespace

StoredUpload PluginImport::store(CreateImportRequest& req, const std::string& type) {
    const ImportTypeTraits traits = _types.traitsOf(type);
    const plugin::ImporterHandle* importer = _plugins.find(type);

    // docs/decisions.md D96: a statement file sent as a CSV type is refused, not stored as rows
    // (before the media-type check, whose "Please upload a CSV file" would not say what it is).
    {
        std::string checked = type;
        if (auto refusal =
                chooseImportType(_plugins, req, checked, resolveImportType(std::nullopt)))
            return *refusal;
    }
    // docs/api.md §7.3 content checks, the docs/decisions.md D26 listing, decoding: shared with
    // preflight (D29).
    CreateChecks checks = runCreateChecks(_db, req, _types, traits, _config.fallbackCharset);
    if (checks.refusal) return *checks.refusal;
    auto& [refusal, content, errors, accountId, account, family, options, text] = checks;
    // Captured by the lambdas below as plain references (clang < 16 cannot capture a binding).
    auto& csvOptions = options;
    const auto& csvAccount = account;
    if (!errors.empty()) return validationFailed(std::move(errors));

    std::string defaultCurrency = account ? account->currency : (family ? family->currency : "USD");
    store::ImportRecord record;
    if (req.upload) record.id = req.upload->id(); // docs/decisions.md D165
    record.familyId = req.familyId;
    record.type = type;
    record.accountId = accountId;
    if (content.bytes) {
        record.contentKind = traits.binary() ? "base64" : "text";
        // The text is moved into the record once, never copied; the plugin reads it from there.
        if (traits.binary())
            record.content = base64Encode(std::string(*content.bytes));
        else if (text && text->converted)
            record.content = std::move(text->text);
        else
            record.content = takeUtf8Content(req, text ? text->offset : 0);
        record.encoding = text ? std::optional<std::string>(text->charset) : std::nullopt;
        if (!traits.binary()) content.bytes.reset(); // it viewed the request's moved bytes
    }
    record.filename = content.filename;
    record.contentType = content.contentType;
    std::optional<std::string_view> input;
    if (traits.binary() || !record.content)
        input = content.bytes;
    else
        input = *record.content;

    // The plugin's rows stream into the store inside the create transaction: a refusal
    // (docs/decisions.md D14, a bound) rolls everything back, so nothing is stored.
    struct PluginFailed {
        PluginFailure failure;
    };
    const UploadLimits limits{_config.uploadRowCap};
    auto storeImport = [&](bool runPlugin) {
        _db.write([&](store::Tx& s) {
            store::ImportStore imports(s);
            record.configuration = csvOptions.toJson();
            // The writer first: its small page cache also takes the 10 MB content.
            UploadWriter writer(s, record, traits, domain::Date::today());
            imports.insert(record);
            if (runPlugin) {
                // docs/decisions.md D91: rows whose currency came from neither the file nor the
                // request (no account_id, no `currency`) take the family's; the import says so.
                const auto stated = csvOptions.get("currency");
                UploadRows rows(writer, defaultCurrency,
                                !csvAccount && (!stated || domain::trimView(*stated, " ").empty()),
                                [&](int64_t stored) {
                                    if (req.upload) req.upload->rowParsed(stored);
                                    if (afterRowHook) afterRowHook(stored);
                                });
                // The thread that replays the plugin's calls stores each row as the sink
                // finishes it (docs/architecture.md).
                RowPipeline pipeline([&](CollectedRow&& row) { rows.add(std::move(row)); });
                UploadSink sink(limits, [&](CollectedRow&& row) { pipeline.push(std::move(row)); });
                plugin::RunResult result = plugin::runImporter(
                    *importer, pluginOptions(traits, csvOptions, defaultCurrency).namedValues(),
                    stringSource(*input), sink);
                if (result.status != plugin::RunResult::Status::Failed) sink.finish();
                if (result.status == plugin::RunResult::Status::Failed)
                    throw PluginFailed{classifyFailure(result, traits)};
                GeneratedRows meta;
                meta.rows = sink.metaRows();
                record.extracted = takePluginMeta(meta, csvOptions, &record.error);
                record.configuration = csvOptions.toJson();
                rows.finish(record, meta.rows, sink.header(), csvAccount);
            }
            writer.finish(record);
            imports.update(record);
        });
    };
    try {
        storeImport(input.has_value() && importer);
    } catch (const UploadRefused& refused) {
        return refused.error;
    } catch (const RowPipeline::HostTooSlow& slow) {
        // docs/decisions.md D81: the host's own failure, named as such, never the plugin's.
        domain::LogLine("host_too_slow").str("level", "error").str("message", slow.what()).emit();
        return Error{ErrorKind::Internal, "host_too_slow", slow.what(), std::nullopt, std::nullopt};
    } catch (const PluginFailed& failed) {
        // docs/decisions.md D65: any plugin's fatal error is refused with its code, nothing
        // stored...
        if (!failed.failure.storeEmpty)
            return Error{ErrorKind::Invalid, failed.failure.code, failed.failure.message,
                         std::nullopt, std::nullopt};
        // ...except "nothing recognisable" (docs/decisions.md D17): stored with 0 rows, keeping
        // why.
        record.id = req.upload ? req.upload->id() : std::string();
        record.rowsCount = 0;
        record.summary.reset();
        record.extracted.reset();
        record.warnings.reset();
        record.error = failed.failure.message;
        storeImport(false);
    }

    return record.id;
}

} // namespace finimport::app
