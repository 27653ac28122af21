#include "app/backup/StoredRecords.h"

#include "app/backup/NdjsonLines.h"
#include "plugin/ImporterRunner.h"

#include <cstring>
#include <set>
#include <stdexcept>

namespace finimport::app::backup {

namespace {

class RecordSink : public plugin::RecordSink {
public:
    explicit RecordSink(std::vector<BackupRecord>& out) : _out(out) {}
    bool begin(const std::string& kind, const std::vector<std::string>&) override {
        _kind = kind;
        return true;
    }
    bool row(const std::vector<std::optional<std::string>>& values,
             const plugin::Location& where) override {
        if (values.empty() || !values[0]) return true;
        if (auto data = parseJsonObject(*values[0]))
            _out.push_back({static_cast<int64_t>(where.line), _kind, data});
        return true;
    }
    bool rowError(const std::string&, const plugin::Location&, const std::optional<std::string>&,
                  const std::string&, const std::optional<std::string>&) override {
        return true;
    }

private:
    std::vector<BackupRecord>& _out;
    std::string _kind;
};

std::vector<BackupRecord> readInHost(const std::string& content) {
    std::set<std::string> types;
    for (const auto& [key, type] : serviceRecordKinds())
        types.insert(type);
    std::vector<BackupRecord> out;
    int64_t number = 0;
    size_t pos = 0;
    while (pos <= content.size()) {
        size_t nl = content.find('\n', pos);
        std::string line = trimText(std::string_view(content).substr(
            pos, nl == std::string::npos ? std::string::npos : nl - pos));
        pos = nl == std::string::npos ? content.size() + 1 : nl + 1;
        ++number;
        auto obj = parseJsonObject(line);
        auto data = objectOf(obj, "data");
        auto type = textOf(obj, "type");
        if (!data || !type || !types.count(*type)) continue;
        out.push_back({number, *type, std::move(data)});
    }
    return out;
}

} // namespace

std::vector<BackupRecord> readServiceRecords(const plugin::PluginRegistry* plugins,
                                             const std::string& type, const std::string& content) {
    const plugin::ImporterHandle* importer = plugins ? plugins->find(type) : nullptr;
    if (!importer) return readInHost(content);
    std::vector<BackupRecord> out;
    RecordSink sink(out);
    size_t offset = 0;
    auto read = [&](char* buffer, size_t capacity) -> int64_t {
        size_t n = std::min(capacity, content.size() - offset);
        std::memcpy(buffer, content.data() + offset, n);
        offset += n;
        return static_cast<int64_t>(n);
    };
    auto result = plugin::runImporter(*importer, {{"type", type}}, read, sink);
    if (result.status != plugin::RunResult::Status::Ok)
        throw std::runtime_error(result.error.empty() ? "The NDJSON plugin stopped" : result.error);
    return out;
}

} // namespace finimport::app::backup
