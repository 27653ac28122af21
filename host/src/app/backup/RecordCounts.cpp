#include "app/backup/RecordCounts.h"

#include "app/backup/NdjsonLines.h"
#include "domain/Json.h"

#include <Poco/DateTimeFormatter.h>
#include <Poco/JSON/Object.h>
#include <Poco/Timestamp.h>

#include <charconv>
#include <sstream>

namespace finimport::app::backup {

namespace {

Poco::JSON::Object::Ptr countsObject(const RecordCounts& counts) {
    Poco::JSON::Object::Ptr obj = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [key, type] : serviceRecordKinds()) {
        auto it = counts.find(key);
        obj->set(key, it == counts.end() ? int64_t(0) : it->second);
    }
    return obj;
}

int64_t at(const RecordCounts& c, const std::string& key) {
    auto it = c.find(key);
    return it == c.end() ? 0 : it->second;
}

std::string checkedAt() {
    return Poco::DateTimeFormatter::format(Poco::Timestamp(), "%Y-%m-%dT%H:%M:%SZ");
}

} // namespace

std::string countsJson(const RecordCounts& counts) {
    std::ostringstream out;
    countsObject(counts)->stringify(out);
    return out.str();
}

RecordCounts zeroCounts() {
    RecordCounts c;
    for (const auto& [key, type] : serviceRecordKinds())
        c[key] = 0;
    return c;
}

RecordCounts parseCounts(const std::optional<std::string>& stored) {
    RecordCounts c = zeroCounts();
    if (!stored || stored->empty()) return c;
    auto parsed = json::parse(*stored);
    if (!parsed.value) return c;
    for (auto& [key, value] : c)
        if (const auto* n = parsed.value->find(key, json::Value::Kind::Number)) {
            int64_t v = 0;
            const auto& t = n->text();
            if (std::from_chars(t.data(), t.data() + t.size(), v).ptr == t.data() + t.size())
                value = v;
        }
    return c;
}

std::string readbackJson(const Readback& r) {
    RecordCounts delta, checked;
    Poco::JSON::Object::Ptr mismatches = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [key, type] : serviceRecordKinds()) {
        delta[key] = at(r.after, key) - at(r.before, key);
        checked[key] = at(r.expected, key);
        if (delta[key] - at(r.implicit, key) != at(r.expected, key)) {
            Poco::JSON::Object::Ptr m = new Poco::JSON::Object(Poco::JSON_PRESERVE_KEY_ORDER);
            m->set("expected", at(r.expected, key));
            m->set("actual", delta[key]);
            m->set("implicit", at(r.implicit, key));
            mismatches->set(key, m);
        }
    }
    Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
    obj.set("status", r.error ? "failed" : (mismatches->size() == 0 ? "matched" : "mismatch"));
    obj.set("checked_at", checkedAt());
    obj.set("expected_record_counts", countsObject(r.expected));
    obj.set("before_counts", countsObject(r.before));
    obj.set("after_counts", countsObject(r.after));
    obj.set("actual_delta_counts", countsObject(delta));
    obj.set("implicit_counts", countsObject(r.implicit));
    obj.set("checked_counts", countsObject(checked));
    obj.set("mismatches", mismatches);
    if (r.error) obj.set("error", *r.error);
    std::ostringstream out;
    obj.stringify(out);
    return out.str();
}

std::string revertedReadbackJson() {
    Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
    obj.set("status", "reverted");
    obj.set("checked_at", checkedAt());
    std::ostringstream out;
    obj.stringify(out);
    return out.str();
}

} // namespace finimport::app::backup
