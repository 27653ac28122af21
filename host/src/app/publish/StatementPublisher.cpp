// Statement files at publish (docs/decisions.md D58): an account the import created takes the
// opening balance its earliest statement states as its opening anchor (owned by the import, so
// revert removes it), dated the statement's opening date, or the day before the account's first
// entry when that is earlier. Run after the entries exist.
#include "app/imports/StatementBook.h"
#include "app/publish/TypePublishers.h"
#include "domain/Decimal.h"
#include "store/EntryLookups.h"
#include "store/EntryStore.h"

#include <algorithm>
#include <set>

namespace finimport::app {

void publishStatementAnchors(PublishContext& ctx, MappingResolver& mappings) {
    if (ctx.import.accountId) return; // an existing account keeps its own history
    auto statements = StatementBook::fromExtractedJson(ctx.import.extracted);
    // Earliest opening date first: an account's first statement gives its anchor.
    std::stable_sort(statements.begin(), statements.end(), [](const auto& a, const auto& b) {
        return a.openingDate.value_or("9999") < b.openingDate.value_or("9999");
    });
    store::EntryStore entries(ctx.session);
    std::set<std::string> done;
    for (const auto& s : statements) {
        if (s.entries == 0 || !s.key || !s.openingBalance) continue;
        auto amount = domain::Decimal::parse(*s.openingBalance);
        if (!amount) continue;
        auto account = mappings.account(statementAccountName(s.kind, *s.key),
                                        s.currency.value_or(""), statementAccountType(s.kind));
        if (!account || account->importId != ctx.import.id || !done.insert(account->id).second)
            continue;
        if (entries.openingAnchor(account->id)) continue;
        auto earliest = store::earliestEntryDate(ctx.session, account->id);
        std::optional<domain::Date> first;
        if (earliest) first = domain::Date::parseIso(*earliest);
        std::optional<domain::Date> date;
        if (s.openingDate) date = domain::Date::parseIso(*s.openingDate);
        if (first && (!date || !(*date < *first))) date = first->addDays(-1);
        if (!date) continue;
        store::EntryRow anchor;
        anchor.accountId = account->id;
        anchor.date = date->iso();
        anchor.amount = amount->raw();
        anchor.currency = account->currency;
        anchor.name = "Opening balance";
        anchor.importId = ctx.import.id;
        entries.insertValuation(anchor, "opening_anchor");
        ctx.touch(account->id, *date);
    }
}

} // namespace finimport::app
