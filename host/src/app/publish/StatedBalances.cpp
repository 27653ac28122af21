// docs/decisions.md D98: after a publish, every balance a statement file states is compared
// with the ledger's balance of its account on that date; a difference is a warning with both
// figures and the date. Run after the balances are materialised.
#include "app/imports/StatementBook.h"
#include "app/publish/TypePublishers.h"
#include "domain/Decimal.h"
#include "domain/Json.h"
#include "store/AccountStore.h"
#include "store/BalanceStore.h"
#include "store/EntryLookups.h"

#include <map>

namespace finimport::app {

namespace {

// A balance in the file's sign: a credit card's ledger balance is what is owed (positive), its
// statement writes that as negative.
int64_t inFileSign(int64_t ledger, const std::string& kind) {
    return kind == "credit_card" ? -ledger : ledger;
}

std::string money(int64_t raw) {
    return domain::Decimal::fromRaw(raw).toString(2);
}

// docs/decisions.md D99: the balance a CSV's running balance column ends at (the plugin's meta
// record, kept in `extracted`), into the import's own account.
std::optional<std::string> fileBalanceWarning(PublishContext& ctx, store::BalanceStore& balances) {
    if (!ctx.import.accountId || !ctx.import.extracted) return std::nullopt;
    std::string balanceText, date;
    {
        auto root = json::parse(*ctx.import.extracted);
        if (!root.value) return std::nullopt;
        const auto text = [&](const char* key) {
            const json::Value* v = root.value->find(key, json::Value::Kind::String);
            return v ? v->text() : std::string();
        };
        balanceText = text("stated_balance");
        date = text("stated_balance_date");
    }
    auto stated = domain::Decimal::parse(balanceText);
    if (!stated || date.empty()) return std::nullopt;
    auto account =
        store::AccountStore(ctx.session).byId(ctx.import.familyId, *ctx.import.accountId);
    if (!account) return std::nullopt;
    auto ledger = balances.onOrBefore(account->id, date, account->currency);
    if (!ledger) return std::nullopt;
    // A liability's ledger is what is owed; its bank may print that either way round.
    const bool liability = account->accountType == "credit_card" ||
                           account->accountType == "loan" ||
                           account->accountType == "other_liability";
    if (ledger->balance == stated->raw() || (liability && -ledger->balance == stated->raw()))
        return std::nullopt;
    return "The file states a balance of " + money(stated->raw()) + " on " + date +
           "; the ledger of " + account->name + " has " + money(ledger->balance) + " on that date";
}

} // namespace

std::vector<std::string> statedBalanceWarnings(PublishContext& ctx, MappingResolver& mappings) {
    std::vector<std::string> out;
    store::BalanceStore balances(ctx.session);
    if (auto line = fileBalanceWarning(ctx, balances)) out.push_back(*line);
    const auto statements = StatementBook::fromExtractedJson(ctx.import.extracted);
    // Balances are daily: of one file's statements of an account, only the one that closes last
    // (the later in the file on a tie) is compared; an earlier one's closing day may hold the
    // next one's entries. The plugins check each statement's own arithmetic (docs/decisions.md
    // D62).
    std::map<std::string, std::size_t> lastOfAccount;
    for (std::size_t i = 0; i < statements.size(); ++i) {
        const auto& s = statements[i];
        if (s.entries == 0 || !s.key || !s.closingDate) continue;
        const std::string name = statementAccountName(s.kind, *s.key);
        auto it = lastOfAccount.find(name);
        if (it == lastOfAccount.end() || !(*s.closingDate < *statements[it->second].closingDate))
            lastOfAccount[name] = i;
    }
    for (std::size_t i = 0; i < statements.size(); ++i) {
        const auto& s = statements[i];
        // Investment statements state cash and positions apart: not one ledger figure.
        if (s.entries == 0 || !s.key || s.kind == "investment") continue;
        auto account = mappings.account(statementAccountName(s.kind, *s.key),
                                        s.currency.value_or(""), statementAccountType(s.kind));
        if (!account) continue;
        const std::string who = "Statement " + s.id;
        const auto closing = lastOfAccount.find(statementAccountName(s.kind, *s.key));
        if (s.closingBalance && s.closingDate && closing != lastOfAccount.end() &&
            closing->second == i) {
            auto stated = domain::Decimal::parse(*s.closingBalance);
            auto ledger = balances.onOrBefore(account->id, *s.closingDate, account->currency);
            if (stated && ledger && inFileSign(ledger->balance, s.kind) != stated->raw())
                out.push_back(who + " states a balance of " + money(stated->raw()) + " on " +
                              *s.closingDate + "; the ledger of " + account->name + " has " +
                              money(inFileSign(ledger->balance, s.kind)) + " on that date");
        }
        // A gap: an account this import did not create, whose ledger before the statement does
        // not end where the statement starts.
        if (s.openingBalance && s.openingDate && account->importId != ctx.import.id) {
            auto stated = domain::Decimal::parse(*s.openingBalance);
            auto opening = domain::Date::parseIso(*s.openingDate);
            if (!stated || !opening) continue;
            const std::string before = opening->addDays(-1).iso();
            auto ledger = balances.onOrBefore(account->id, before, account->currency);
            auto previous = store::latestEntryDateBefore(ctx.session, account->id, *s.openingDate,
                                                         ctx.import.id);
            if (!ledger || !previous) continue;
            const int64_t had = inFileSign(ledger->balance, s.kind);
            if (had == stated->raw()) continue;
            out.push_back(who + " opens at " + money(stated->raw()) + " on " + *s.openingDate +
                          "; the ledger of " + account->name + " has " + money(had) + " on " +
                          before + ": " + money(stated->raw() - had) + " is missing between " +
                          *previous + " and " + *s.openingDate + " (a statement may be missing)");
        }
    }
    return out;
}

} // namespace finimport::app
