// Schema version 10: an import's uploaded content moves out of `imports` into
// `import_contents`. SQLite rewrites a whole row on any UPDATE, so every status change of an
// import (the publish's claim and its end, each row edit's counts) read the content back and
// wrote it again: about 70 ms for a 10 MB file (bench/RESULTS.md).
#include "store/Migrations.h"

namespace finimport::store {

std::vector<Migration> schemaV10() {
    Migration m{10, "import contents in a table of their own", {}, {}};
    m.statements.push_back(R"(CREATE TABLE import_contents (
        import_id TEXT PRIMARY KEY REFERENCES imports(id) ON DELETE CASCADE,
        content TEXT NOT NULL))");
    m.statements.push_back("INSERT INTO import_contents (import_id, content) "
                           "SELECT id, content FROM imports WHERE content IS NOT NULL");
    m.statements.push_back("ALTER TABLE imports DROP COLUMN content");
    return {m};
}

} // namespace finimport::store
