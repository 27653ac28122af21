#include "app/publish/TypePublishers.h"
#include "domain/AccountKind.h"
#include "domain/OpeningAnchor.h"
#include "store/EntryStore.h"

#include <stdexcept>

namespace finimport::app {

void publishAccounts(PublishContext& ctx, MappingResolver& mappings) {
    store::AccountStore accounts(ctx.session);
    store::EntryStore entries(ctx.session);
    for (const auto& row : ctx.rows) {
        if (row.kind != "account") continue;
        std::string entityType = row.fields.text("entity_type");
        auto typeName = mappings.accountType(entityType);
        auto kind = typeName ? domain::accountKindFromName(*typeName) : std::nullopt;
        if (!kind)
            throw std::runtime_error("Row " + std::to_string(row.number) +
                                     ": unknown account type \"" + entityType + "\"");
        std::string name = row.fields.text("name");
        // docs/decisions.md D18: an existing account with the same name is reused, its opening
        // balance untouched.
        if (auto existing = accounts.byName(ctx.import.familyId, name)) {
            ctx.matched("Account", existing->id);
            ++ctx.duplicateRows;
            continue;
        }
        domain::Decimal balance = rowDecimal(row, "signed_amount", "balance");
        std::string currency = row.fields.text("currency");
        store::AccountRow a;
        a.familyId = ctx.import.familyId;
        a.name = name;
        a.accountType = std::string(domain::accountKindSnake(*kind));
        a.currency = currency.empty() ? ctx.family.currency : currency;
        a.balance = balance.raw();
        a.importId = ctx.import.id;
        accounts.insert(a);
        ctx.created("Account", a.id);

        domain::Date opening = domain::defaultOpeningDate(std::nullopt, ctx.today);
        if (auto d = domain::Date::parseIso(row.fields.text("date"))) opening = *d;
        store::EntryRow anchor;
        anchor.accountId = a.id;
        anchor.date = opening.iso();
        anchor.amount = balance.raw();
        anchor.currency = a.currency;
        anchor.name = domain::openingAnchorName(*kind);
        anchor.importId = ctx.import.id;
        entries.insertValuation(anchor, "opening_anchor");
        ctx.touch(a.id, opening);
    }
}

} // namespace finimport::app
