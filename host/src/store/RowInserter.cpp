#include "store/RowInserter.h"

#include "store/PgNative.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <cstdio>
#include <random>

namespace finimport::store {

const std::vector<std::string>& RowInserter::columns() {
    static const std::vector<std::string> names = {"id",     "import_id", "row_number", "kind",
                                                   "fields", "errors",    "sort_key",   "valid"};
    return names;
}

RowInserter::RowInserter(Poco::Data::Session& s) : _s(s) {
    if (isPostgresSession(s))
        _copy = std::make_unique<BatchInsert>(s, "import_rows", columns(), kCopyBatch);
}

RowInserter::~RowInserter() = default;

std::unique_ptr<Poco::Data::Statement> RowInserter::prepare(std::size_t rows) {
    using Poco::Data::Keywords::use;
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
    char buf[40];
    std::snprintf(buf, sizeof buf, "%08x-%04x-%04x-%04x-%012llx", unsigned(_idHigh >> 32),
                  unsigned((_idHigh >> 16) & 0xFFFF), unsigned(_idHigh & 0xFFFF),
                  unsigned(low >> 48), static_cast<unsigned long long>(low & 0xFFFFFFFFFFFFULL));
    return buf;
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
    if (_used == kBatch) {
        if (!_full) _full = prepare(kBatch);
        _full->execute();
        _written += static_cast<int64_t>(_used);
        _used = 0;
    }
}

void RowInserter::flush() {
    if (_copy) {
        _copy->flush();
        return;
    }
    if (_used == 0) return;
    prepare(_used)->execute();
    _written += static_cast<int64_t>(_used);
    _used = 0;
}

} // namespace finimport::store
