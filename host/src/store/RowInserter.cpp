#include "store/RowInserter.h"

#include "store/PgNative.h"
#include "store/Sql.h"
#include "store/Time.h"
#include "store/TxSession.h"

#include <Poco/Data/Statement.h>

#include <cstdio>
#include <random>

namespace finimport::store {

const std::vector<std::string>& RowInserter::columns() {
    static const std::vector<std::string> names = {"id",     "import_id", "row_number", "kind",
                                                   "fields", "errors",    "sort_key",   "valid"};
    return names;
}

RowInserter::RowInserter(Tx& s) : _s(s) {
    if (isPostgresSession(s))
        _copy = std::make_unique<BatchInsert>(s, "import_rows", columns(), kCopyBatch);
}

RowInserter::~RowInserter() = default;

std::string RowInserter::insertSql(std::size_t rows) const {
    std::string tuple = "(";
    std::string sql = "INSERT INTO import_rows (";
    for (const auto& c : columns()) {
        sql += (tuple.size() > 1 ? ", " : "") + c;
        tuple += tuple.size() > 1 ? ",?" : "?";
    }
    tuple += ")";
    sql += ") VALUES ";
    for (std::size_t i = 0; i < rows; ++i)
        sql += (i ? "," : "") + tuple;
    return sql;
}

std::unique_ptr<Poco::Data::Statement> RowInserter::prepare(std::size_t rows) {
    using Poco::Data::Keywords::use;
    const std::string sql = insertSql(rows);
    auto st = std::make_unique<Poco::Data::Statement>(_s);
    *st << (_s.connector() == "postgresql" ? numberPlaceholders(sql) : sql);
    // Bound by reference: each execute() reads the slots' current values.
    for (std::size_t i = 0; i < rows; ++i) {
        Slot& slot = _slots[i];
        st->addBind(use(slot.id));
        st->addBind(use(slot.importId));
        st->addBind(use(slot.rowNumber));
        st->addBind(use(slot.kind));
        st->addBind(use(slot.fields));
        st->addBind(use(slot.errors));
        st->addBind(use(slot.sortKey));
        st->addBind(use(slot.valid));
    }
    return st;
}

std::string RowInserter::nextId() {
    if (_idHigh == 0) {
        std::random_device random; // getrandom(2): not predictable from earlier ids
        const auto ms = static_cast<uint64_t>(nowMicros() / 1000);
        const uint64_t randA = random() & 0xFFF;
        _idHigh = (ms << 16) | 0x7000 | randA;
        _idLow = (uint64_t(random()) << 32 | random()) & 0x0FFFFFFFFFFFFFFFULL; // room to count
    }
    const uint64_t low = (_idLow++ & 0x3FFFFFFFFFFFFFFFULL) | 0x8000000000000000ULL;
    // 8-4-4-4-12 lower-case hex, written by hand: once per stored row, snprintf showed up.
    static constexpr char kHex[] = "0123456789abcdef";
    std::string id(36, '-');
    for (int i = 0; i < 16; ++i) { // _idHigh: 8-4-4
        const int at = i < 8 ? i : i < 12 ? i + 1 : i + 2;
        id[std::size_t(at)] = kHex[(_idHigh >> (60 - 4 * i)) & 0xF];
    }
    for (int i = 0; i < 16; ++i) { // low: 4-12
        const int at = i < 4 ? 19 + i : 20 + i;
        id[std::size_t(at)] = kHex[(low >> (60 - 4 * i)) & 0xF];
    }
    return id;
}

void RowInserter::add(ImportRowRecord& r) {
    if (r.id.empty()) r.id = nextId();
    if (_copy) {
        _copy->add({r.id, r.importId, int64_t(r.rowNumber), r.kind, std::move(r.fields),
                    std::move(r.errors), r.sortKey.value_or(""), int64_t(r.valid ? 1 : 0)});
        return;
    }
    Slot& slot = _slots[_used++];
    slot.id = r.id;
    slot.importId = r.importId;
    slot.rowNumber = r.rowNumber;
    slot.kind = r.kind;
    slot.fields = std::move(r.fields); // the caller is done with the text
    slot.errors = std::move(r.errors);
    // '' rather than NULL: NULLs sort differently on SQLite and PostgreSQL (QIF order).
    slot.sortKey = r.sortKey.value_or("");
    slot.valid = r.valid ? 1 : 0;
    if (_used == kBatch) write(kBatch);
}

void RowInserter::flush() {
    if (_copy) {
        _copy->flush();
        return;
    }
    if (_used > 0) write(_used);
}

void RowInserter::write(std::size_t rows) {
    if (isSqliteSession(_s)) {
        std::unique_ptr<SqliteStatement> tail;
        if (rows == kBatch && !_native)
            _native = std::make_unique<SqliteStatement>(sqliteHandle(_s), insertSql(kBatch));
        if (rows != kBatch)
            tail = std::make_unique<SqliteStatement>(sqliteHandle(_s), insertSql(rows));
        SqliteStatement& st = rows == kBatch ? *_native : *tail;
        int p = 1;
        for (std::size_t i = 0; i < rows; ++i) {
            const Slot& slot = _slots[i];
            st.bindText(p++, slot.id);
            st.bindText(p++, slot.importId);
            st.bindInt(p++, slot.rowNumber);
            st.bindText(p++, slot.kind);
            st.bindText(p++, slot.fields);
            st.bindText(p++, slot.errors);
            st.bindText(p++, slot.sortKey);
            st.bindInt(p++, slot.valid);
        }
        st.run();
    } else if (rows == kBatch) {
        if (!_full) _full = prepare(kBatch);
        _full->execute();
    } else {
        prepare(rows)->execute();
    }
    _written += static_cast<int64_t>(rows);
    _used = 0;
}

} // namespace finimport::store
