// Schema version 2: securities belong to a family. Before, one row per
// ticker was shared by every family and the first family's file set its name and website for
// all. Existing rows go to the families whose trades or holdings use them: the first keeps the
// row, every other family gets its own copy (same metadata, new id) and its references move.
#include "store/Migrations.h"
#include "store/TxSession.h"

#include "store/Sql.h"
#include "store/Time.h"

#include <Poco/Data/Session.h>

namespace finimport::store {

namespace {

void splitSecuritiesByFamily(Tx& s) {
    auto users = sqlQuery(
        s, "SELECT DISTINCT x.security_id, a.family_id FROM (SELECT t.security_id AS security_id, "
           "e.account_id AS account_id FROM trades t JOIN entries e ON e.id = t.entry_id UNION "
           "SELECT security_id, account_id FROM holdings) x JOIN accounts a ON a.id = "
           "x.account_id WHERE x.security_id IS NOT NULL ORDER BY x.security_id, a.family_id");
    std::string previous;
    for (const auto& row : users) {
        const std::string security = row.str(0), family = row.str(1);
        if (security != previous) {
            previous = security;
            sqlExec(s, "UPDATE securities SET family_id = ? WHERE id = ?", {family, security});
            continue;
        }
        const std::string copy = newUuid();
        sqlExec(s,
                "INSERT INTO securities (id, family_id, ticker, name, exchange_operating_mic, "
                "exchange_mic, exchange_acronym, country_code, kind, website_url, created_at, "
                "updated_at) SELECT CAST(? AS TEXT), CAST(? AS TEXT), ticker, name, "
                "exchange_operating_mic, exchange_mic, exchange_acronym, country_code, kind, "
                "website_url, created_at, CAST(? AS BIGINT) FROM securities WHERE id = ?",
                {copy, family, nowMicros(), security});
        sqlExec(s,
                "UPDATE trades SET security_id = ? WHERE security_id = ? AND entry_id IN (SELECT "
                "e.id FROM entries e JOIN accounts a ON a.id = e.account_id WHERE a.family_id = ?)",
                {copy, security, family});
        sqlExec(s,
                "UPDATE holdings SET security_id = ? WHERE security_id = ? AND account_id IN "
                "(SELECT id FROM accounts WHERE family_id = ?)",
                {copy, security, family});
    }
}

} // namespace

std::vector<Migration> schemaV2() {
    Migration m{2, "securities per family", {}, splitSecuritiesByFamily};
    m.statements.push_back("ALTER TABLE securities ADD COLUMN family_id TEXT REFERENCES "
                           "families(id)");
    m.statements.push_back("CREATE INDEX securities_family_ticker ON securities (family_id, "
                           "ticker, exchange_operating_mic)");
    return {m};
}

} // namespace finimport::store
