#pragma once
// How far a running publish or revert job has got (docs/decisions.md D101): kept in memory by the
// instance running the job, read by GET /api/v1/imports/{id} (`progress`). Nothing is stored: a
// job is one database transaction, so its progress cannot be seen from the database anyway.

#include "domain/NoCopy.h"

#include <cstdint>
#include <optional>
#include <string>

namespace finimport::app {

struct ImportProgress {
    std::string phase; // "publishing", "balances", "reverting"
    int64_t rowsDone = 0;
    std::optional<int64_t> rowsTotal;
};

// Process-wide and thread-safe.
void setImportProgress(const std::string& importId, ImportProgress progress);
void clearImportProgress(const std::string& importId);
std::optional<ImportProgress> importProgress(const std::string& importId);

// Clears the import's progress when the job ends, however it ends.
class ProgressScope : domain::NoCopy {
public:
    explicit ProgressScope(std::string importId) : _id(std::move(importId)) {}
    ~ProgressScope() { clearImportProgress(_id); }
    void set(std::string phase, int64_t done, std::optional<int64_t> total) {
        setImportProgress(_id, {std::move(phase), done, total});
    }

private:
    std::string _id;
};

} // namespace finimport::app
