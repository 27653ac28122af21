#include "app/imports/rowedit/RecordCheck.h"

#include "app/imports/ImportContent.h"
#include "app/imports/ImportOptions.h"
#include "plugin/ImporterRunner.h"
#include "store/AccountStore.h"
#include "store/FamilyStore.h"

namespace finimport::app {

namespace {

// The default currency the upload's run got (PluginImport::store).
std::string defaultCurrencyOf(store::Tx& s, const store::ImportRecord& import) {
    if (import.accountId)
        if (auto account = store::AccountStore(s).byId(import.familyId, *import.accountId))
            return account->currency;
    if (auto family = store::FamilyStore(s).familyById(import.familyId)) return family->currency;
    return "USD";
}

// The record the check reads, in the ABI's name/value form: stored values, the edits' raw text
// over them. A currency the file did not give (docs/decisions.md D4: currency_given false) stays
// absent unless edited, so the check fills in the default again and says it was not given.
rows::NamedValues recordToCheck(const rows::Fields& stored, const rows::Fields& edits) {
    rows::NamedValues fields = stored.namedValues();
    const bool defaulted = stored.view("currency_given") == "false";
    for (auto& [name, value] : fields) {
        if (const auto* raw = edits.get(name)) value = *raw;
        if (name == "currency" && defaulted && !edits.has("currency")) value.reset();
    }
    return fields;
}

Error checkFailed(const std::string& code, const std::string& message) {
    return Error{ErrorKind::Invalid, code, message, std::nullopt, std::nullopt};
}

} // namespace

std::variant<CheckedRecord, Error>
checkEditedRecord(store::Tx& s, const plugin::ImporterHandle& importer,
                  const store::ImportRecord& import, const ImportTypeTraits& traits,
                  const std::string& kind, const rows::Fields& stored, const rows::Fields& edits) {
    const auto options = pluginOptions(traits, ImportOptions::fromJson(import.configuration),
                                       defaultCurrencyOf(s, import));
    RowCollector collector;
    auto result = plugin::checkRecord(importer, kind, options.namedValues(),
                                      recordToCheck(stored, edits), collector);
    if (result.status != plugin::RunResult::Status::Ok) {
        const PluginFailure failure = classifyFailure(result, traits);
        return checkFailed(failure.code, failure.message);
    }
    auto& sent = collector.rows();
    if (sent.size() != 1 || sent.front().kind != kind)
        return checkFailed("plugin_failed", importer.displayName() +
                                                " row check did not send exactly one " + kind +
                                                " record");
    CheckedRecord checked{stored, std::move(sent.front().errors)};
    const rows::Fields& emitted = sent.front().fields;
    for (std::size_t i = 0; i < emitted.size(); ++i)
        if (checked.fields.has(emitted.name(i)))
            checked.fields.set(emitted.name(i), emitted.value(i));
    return checked;
}

} // namespace finimport::app
