#pragma once
// A table read and written through one member list (store/Columns.h): `Members(record)` is the
// record's std::tie in the order of `columns`, its id first and created_at, updated_at last.

#include "store/Columns.h"
#include "store/Sql.h"
#include "store/Time.h"

#include <optional>
#include <string>

namespace finimport::store {

template <class Record, auto Members> struct RecordTable {
    std::string table, columns;

    // "SELECT <columns> FROM <table> ", a WHERE to follow.
    std::string select() const { return "SELECT " + columns + " FROM " + table + " "; }
    static Record from(const SqlRow& r) { return readRecord<Record>(r, Members); }
    // Fills the id (when empty) and both timestamps.
    void insert(Tx& s, Record& record) const {
        if (record.id.empty()) record.id = newUuid();
        record.createdAt = record.updatedAt = nowMicros();
        sqlExec(s, insertSql(table, columns), bindTied(Members(record)));
    }
    std::optional<Record> byId(Tx& s, const std::string& familyId, const std::string& id) const {
        return mapRow(rowOfFamily(s, select(), familyId, id), from);
    }
};

} // namespace finimport::store
