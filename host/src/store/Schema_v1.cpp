// Schema version 1: the full logical schema of the specs. Portable SQL for SQLite and
// PostgreSQL: ids are lowercase UUID text, money/qty/price are BIGINT scaled by 10^8
// (docs/decisions.md D2), dates are ISO text (YYYY-MM-DD, so text order is date order),
// timestamps are BIGINT epoch microseconds, booleans are INTEGER 0/1.
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV1() {
    Migration m{1, "initial schema", {}};
    auto& s = m.statements;
    s.push_back(R"(CREATE TABLE families (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, currency TEXT NOT NULL,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back(R"(CREATE TABLE users (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        name TEXT NOT NULL, active INTEGER NOT NULL DEFAULT 1,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, UNIQUE (family_id, name)))");
    s.push_back(R"(CREATE TABLE api_keys (
        id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users(id), name TEXT NOT NULL,
        key_hash TEXT NOT NULL UNIQUE, prefix TEXT NOT NULL, scope TEXT NOT NULL,
        expires_at BIGINT, revoked_at BIGINT, last_used_at BIGINT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX api_keys_prefix ON api_keys (prefix)");
    s.push_back(R"(CREATE TABLE rate_limit_counters (
        key_id TEXT NOT NULL, window_start BIGINT NOT NULL, count BIGINT NOT NULL,
        PRIMARY KEY (key_id, window_start)))");
    s.push_back(R"(CREATE TABLE imports (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        type TEXT NOT NULL, status TEXT NOT NULL, error TEXT, account_id TEXT,
        configuration TEXT NOT NULL, content TEXT, content_kind TEXT, filename TEXT,
        content_type TEXT, encoding TEXT, rows_count BIGINT NOT NULL DEFAULT 0,
        expected_record_counts TEXT, readback TEXT, summary TEXT, extracted TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX imports_family_created ON imports (family_id, created_at, id)");
    s.push_back(R"(CREATE TABLE import_rows (
        id TEXT PRIMARY KEY, import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
        row_number BIGINT NOT NULL, kind TEXT NOT NULL, fields TEXT NOT NULL,
        errors TEXT NOT NULL, sort_key TEXT, UNIQUE (import_id, row_number)))");
    s.push_back(R"(CREATE TABLE import_mappings (
        id TEXT PRIMARY KEY, import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
        kind TEXT NOT NULL, key TEXT NOT NULL, value TEXT,
        create_when_empty INTEGER NOT NULL DEFAULT 0, mappable_id TEXT,
        UNIQUE (import_id, kind, key)))");
    // What each publish made (created) or matched as a duplicate (matched): revert deletes
    // only `created` records (docs/imports.md §12.3).
    s.push_back(R"(CREATE TABLE import_records (
        import_id TEXT NOT NULL REFERENCES imports(id) ON DELETE CASCADE,
        record_type TEXT NOT NULL, record_id TEXT NOT NULL, relation TEXT NOT NULL,
        PRIMARY KEY (import_id, record_type, record_id)))");
    s.push_back("CREATE INDEX import_records_record ON import_records (record_type, record_id)");
    s.push_back(R"(CREATE TABLE jobs (
        id TEXT PRIMARY KEY, kind TEXT NOT NULL, import_id TEXT, status TEXT NOT NULL,
        attempts BIGINT NOT NULL DEFAULT 0, error TEXT, locked_by TEXT, locked_at BIGINT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX jobs_status_created ON jobs (status, created_at)");
    s.push_back(R"(CREATE TABLE accounts (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        owner_user_id TEXT, name TEXT NOT NULL, account_type TEXT, subtype TEXT,
        status TEXT NOT NULL DEFAULT 'active', currency TEXT NOT NULL,
        balance BIGINT NOT NULL DEFAULT 0, cash_balance BIGINT,
        institution_name TEXT, institution_domain TEXT, notes TEXT,
        authoritative_balance_history INTEGER NOT NULL DEFAULT 0, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX accounts_family_name ON accounts (family_id, name)");
    s.push_back(R"(CREATE TABLE securities (
        id TEXT PRIMARY KEY, ticker TEXT NOT NULL, name TEXT, exchange_operating_mic TEXT,
        exchange_mic TEXT, exchange_acronym TEXT, country_code TEXT, kind TEXT,
        website_url TEXT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX securities_ticker ON securities (ticker, exchange_operating_mic)");
    s.push_back(R"(CREATE TABLE categories (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        name TEXT NOT NULL, parent_id TEXT, color TEXT NOT NULL, lucide_icon TEXT NOT NULL,
        classification TEXT NOT NULL DEFAULT 'expense', import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, UNIQUE (family_id, name)))");
    s.push_back(R"(CREATE TABLE tags (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        name TEXT NOT NULL, color TEXT NOT NULL, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, UNIQUE (family_id, name)))");
    s.push_back(R"(CREATE TABLE merchants (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        name TEXT NOT NULL, color TEXT, website_url TEXT, logo_url TEXT, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX merchants_family_name ON merchants (family_id, name)");
    // Entries: dated ledger items; payload in transactions / trades / valuations.
    s.push_back(R"(CREATE TABLE entries (
        id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
        entryable_type TEXT NOT NULL, date TEXT NOT NULL, amount BIGINT NOT NULL,
        currency TEXT NOT NULL, name TEXT NOT NULL, notes TEXT,
        excluded INTEGER NOT NULL DEFAULT 0, import_locked INTEGER NOT NULL DEFAULT 0,
        parent_entry_id TEXT, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX entries_account_date ON entries (account_id, date)");
    s.push_back("CREATE INDEX entries_import ON entries (import_id)");
    // Split children by parent: the ledger query excludes split parents with NOT EXISTS, which
    // is a full scan per entry without this index (store_bench).
    s.push_back("CREATE INDEX entries_parent ON entries (parent_entry_id)");
    s.push_back(R"(CREATE TABLE transactions (
        entry_id TEXT PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
        category_id TEXT, merchant_id TEXT, kind TEXT NOT NULL DEFAULT 'standard'))");
    s.push_back(R"(CREATE TABLE transaction_tags (
        entry_id TEXT NOT NULL REFERENCES entries(id) ON DELETE CASCADE,
        tag_id TEXT NOT NULL, PRIMARY KEY (entry_id, tag_id)))");
    s.push_back(R"(CREATE TABLE trades (
        id TEXT PRIMARY KEY, entry_id TEXT NOT NULL UNIQUE REFERENCES entries(id) ON DELETE CASCADE,
        security_id TEXT, qty BIGINT NOT NULL, price BIGINT NOT NULL, currency TEXT NOT NULL,
        investment_activity_label TEXT, category_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back(R"(CREATE TABLE valuations (
        entry_id TEXT PRIMARY KEY REFERENCES entries(id) ON DELETE CASCADE,
        kind TEXT NOT NULL DEFAULT 'reconciliation'))");
    s.push_back(R"(CREATE TABLE holdings (
        id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
        security_id TEXT NOT NULL, date TEXT NOT NULL, qty BIGINT NOT NULL,
        price BIGINT NOT NULL, amount BIGINT NOT NULL, currency TEXT NOT NULL,
        cost_basis BIGINT, cost_basis_source TEXT, cost_basis_locked INTEGER NOT NULL DEFAULT 0,
        security_locked INTEGER NOT NULL DEFAULT 0, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        UNIQUE (account_id, security_id, date, currency)))");
    s.push_back(R"(CREATE TABLE balances (
        id TEXT PRIMARY KEY, account_id TEXT NOT NULL REFERENCES accounts(id),
        date TEXT NOT NULL, currency TEXT NOT NULL, balance BIGINT NOT NULL,
        cash_balance BIGINT, start_cash_balance BIGINT NOT NULL,
        start_non_cash_balance BIGINT NOT NULL, cash_inflows BIGINT NOT NULL,
        cash_outflows BIGINT NOT NULL, non_cash_inflows BIGINT NOT NULL,
        non_cash_outflows BIGINT NOT NULL, net_market_flows BIGINT NOT NULL,
        cash_adjustments BIGINT NOT NULL, non_cash_adjustments BIGINT NOT NULL,
        end_cash_balance BIGINT NOT NULL, end_non_cash_balance BIGINT NOT NULL,
        flows_factor BIGINT NOT NULL, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        UNIQUE (account_id, date, currency)))");
    s.push_back("CREATE INDEX balances_date ON balances (date, created_at, id)");
    s.push_back(R"(CREATE TABLE exchange_rates (
        from_currency TEXT NOT NULL, to_currency TEXT NOT NULL, date TEXT NOT NULL,
        rate BIGINT NOT NULL, PRIMARY KEY (from_currency, to_currency, date)))");
    s.push_back(R"(CREATE TABLE recurring_transactions (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        account_id TEXT, merchant_id TEXT, name TEXT, amount BIGINT NOT NULL,
        currency TEXT NOT NULL, expected_day_of_month BIGINT NOT NULL,
        last_occurrence_date TEXT NOT NULL, next_expected_date TEXT NOT NULL,
        status TEXT NOT NULL, occurrence_count BIGINT NOT NULL, manual INTEGER NOT NULL,
        expected_amount_min BIGINT, expected_amount_max BIGINT, expected_amount_avg BIGINT,
        import_id TEXT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back("CREATE INDEX recurring_family ON recurring_transactions (family_id, account_id)");
    s.push_back(R"(CREATE TABLE transfers (
        id TEXT PRIMARY KEY, inflow_transaction_id TEXT NOT NULL UNIQUE,
        outflow_transaction_id TEXT NOT NULL UNIQUE, status TEXT NOT NULL, notes TEXT,
        import_id TEXT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back(R"(CREATE TABLE rejected_transfers (
        id TEXT PRIMARY KEY, inflow_transaction_id TEXT NOT NULL,
        outflow_transaction_id TEXT NOT NULL, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL,
        UNIQUE (inflow_transaction_id, outflow_transaction_id)))");
    s.push_back(R"(CREATE TABLE budgets (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id),
        start_date TEXT NOT NULL, end_date TEXT NOT NULL, budgeted_spending BIGINT,
        expected_income BIGINT, currency TEXT NOT NULL, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    s.push_back(R"(CREATE TABLE budget_categories (
        id TEXT PRIMARY KEY, budget_id TEXT NOT NULL REFERENCES budgets(id) ON DELETE CASCADE,
        category_id TEXT NOT NULL, budgeted_spending BIGINT, currency TEXT NOT NULL,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL, UNIQUE (budget_id, category_id)))");
    s.push_back(R"(CREATE TABLE rules (
        id TEXT PRIMARY KEY, family_id TEXT NOT NULL REFERENCES families(id), name TEXT,
        resource_type TEXT NOT NULL, active INTEGER NOT NULL DEFAULT 0, effective_date TEXT,
        conditions TEXT NOT NULL, actions TEXT NOT NULL, import_id TEXT,
        created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL))");
    return {m};
}

} // namespace finimport::store
