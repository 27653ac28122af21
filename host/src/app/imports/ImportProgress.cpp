#include "app/imports/ImportProgress.h"

#include <map>
#include <mutex>

namespace finimport::app {

namespace {

struct Board {
    std::mutex mutex;
    std::map<std::string, ImportProgress> byImport;
};

Board& board() {
    static Board b;
    return b;
}

} // namespace

void setImportProgress(const std::string& importId, ImportProgress progress) {
    std::lock_guard lock(board().mutex);
    board().byImport[importId] = std::move(progress);
}

void clearImportProgress(const std::string& importId) {
    std::lock_guard lock(board().mutex);
    board().byImport.erase(importId);
}

std::optional<ImportProgress> importProgress(const std::string& importId) {
    std::lock_guard lock(board().mutex);
    auto it = board().byImport.find(importId);
    if (it == board().byImport.end()) return std::nullopt;
    return it->second;
}

} // namespace finimport::app
