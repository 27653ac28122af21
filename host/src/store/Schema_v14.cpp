// Schema version 14 (docs/decisions.md D80): the import path reads entries by index, in what an
// import touches, never by the size of the account's history.
// - Duplicate detection probes entries by (account, date, amount), the key of
//   docs/decisions.md D18, at upload and at publish. On (account_id, date) alone each probe read
//   every entry of its day from the table (an account of a million entries holds hundreds a
//   day). entries_account_key holds the amount and the type too, so a probe reads the matches
//   only, and the balance rebuild's daily sums are read from the index alone. It replaces
//   entries_account_date: its (account_id, date) prefix serves every query that one served.
// - The balance rebuild reads an account's other entries (trades, valuations) one by one: on
//   the account's index that was a pass over all its transactions; entries_account_other holds
//   only the others.
// - Revert asks which of the categories, merchants and tags the import created are used by
//   entries outside it, then clears them (store/TaxonomyStore.cpp): without an index on those
//   columns each question read every entry of every family. The indexes are partial (only the
//   entries that name one), so an entry without a category costs nothing.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV14() {
    Migration m{14, "entry indexes of the import path", {}, {}};
    m.statements.push_back("CREATE INDEX entries_account_key ON entries (account_id, date, amount, "
                           "entryable_type)");
    m.statements.push_back("DROP INDEX entries_account_date");
    m.statements.push_back("CREATE INDEX entries_account_other ON entries (account_id, date) "
                           "WHERE entryable_type <> 'Transaction'");
    m.statements.push_back("CREATE INDEX entries_category ON entries (category_id) WHERE "
                           "category_id IS NOT NULL");
    m.statements.push_back("CREATE INDEX entries_merchant ON entries (merchant_id) WHERE "
                           "merchant_id IS NOT NULL");
    m.statements.push_back("CREATE INDEX transaction_tags_tag ON transaction_tags (tag_id)");
    return {m};
}

} // namespace finimport::store
