#include "app/auth/KeyUsage.h"

#include "domain/LogLine.h"
#include "store/FamilyStore.h"

namespace finimport::app {

KeyUsageRecorder::~KeyUsageRecorder() {
    {
        std::lock_guard<std::mutex> lock(_mutex);
        _stopping = true;
    }
    _cv.notify_all();
    if (_writer.joinable()) _writer.join();
    flush();
}

void KeyUsageRecorder::used(const std::string& keyId, int64_t nowMicros) {
    std::lock_guard<std::mutex> lock(_mutex);
    auto it = _lastQueued.find(keyId);
    if (it != _lastQueued.end() && nowMicros - it->second < _interval) return;
    _lastQueued[keyId] = nowMicros;
    _pending[keyId] = nowMicros;
    if (_stopping) return;
    if (!_writer.joinable()) _writer = std::thread([this] { writerLoop(); });
    _cv.notify_one();
}

void KeyUsageRecorder::flush() {
    std::map<std::string, int64_t> batch;
    {
        std::lock_guard<std::mutex> lock(_mutex);
        batch.swap(_pending);
    }
    write(std::move(batch));
}

void KeyUsageRecorder::writerLoop() {
    std::unique_lock<std::mutex> lock(_mutex);
    while (!_stopping) {
        _cv.wait(lock, [&] { return _stopping || !_pending.empty(); });
        std::map<std::string, int64_t> batch;
        batch.swap(_pending);
        lock.unlock();
        write(std::move(batch));
        lock.lock();
    }
}

void KeyUsageRecorder::write(std::map<std::string, int64_t> batch) {
    // Serialises with an in-flight write, so flush() returns only after it is stored too.
    std::lock_guard<std::mutex> writing(_writing);
    if (batch.empty()) return;
    // A side effect only: a busy or failing database loses a last-used time, never a request.
    try {
        _db.writeBookkeeping([&](store::Tx& s) {
            store::FamilyStore families(s);
            for (const auto& [keyId, at] : batch)
                families.touchKey(keyId, at);
        });
        _writes += static_cast<int64_t>(batch.size());
    } catch (const std::exception& e) {
        // stderr carries JSON lines only (docs/decisions.md D76).
        domain::LogLine("key_usage_failed")
            .str("level", "warning")
            .str("exception", domain::exceptionClass(e))
            .str("message", domain::logMessage(e.what()))
            .emit();
    }
}

} // namespace finimport::app
