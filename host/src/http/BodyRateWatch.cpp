#include "http/BodyRateWatch.h"

#include "http/TcpBytes.h"

#include <sys/socket.h>

namespace finimport::http {

namespace {

using Clock = std::chrono::steady_clock;

uint64_t bytesReceived(const Poco::Net::StreamSocket& socket) {
    return tcpBytesReceived(socket.impl()->sockfd());
}

// The body being read on this thread (a request is handled on one thread from head to response).
struct Current {
    BodyRateWatch* watch = nullptr;
    uint64_t ticket = 0;
};
thread_local Current tCurrent;

} // namespace

BodyRateWatch::BodyRateWatch(uint64_t minBytesPerSecond, std::chrono::milliseconds grace)
    : _minRate(minBytesPerSecond), _grace(grace) {
    if (_minRate > 0) _thread = std::thread([this] { loop(); });
}

BodyRateWatch::~BodyRateWatch() {
    {
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    _wake.notify_all();
    if (_thread.joinable()) _thread.join();
}

uint64_t BodyRateWatch::watch(const Poco::Net::StreamSocket& socket, uint64_t length,
                              uint64_t alreadyBuffered) {
    if (_minRate == 0 || length <= alreadyBuffered) return 0;
    std::lock_guard lock(_mutex);
    const uint64_t ticket = _next++;
    _entries[ticket] = Entry{socket, Clock::now(), length, bytesReceived(socket), alreadyBuffered};
    return ticket;
}

void BodyRateWatch::forget(uint64_t ticket) {
    if (ticket == 0) return;
    std::lock_guard lock(_mutex);
    _entries.erase(ticket);
    _cut.erase(ticket);
}

bool BodyRateWatch::finish(uint64_t ticket) {
    std::lock_guard lock(_mutex);
    _entries.erase(ticket);
    return _cut.erase(ticket) == 0;
}

bool BodyRateWatch::finishBody() {
    if (tCurrent.watch == nullptr || tCurrent.ticket == 0) return true;
    return tCurrent.watch->finish(tCurrent.ticket);
}

void BodyRateWatch::loop() {
    std::unique_lock lock(_mutex);
    while (!_stopping) {
        _wake.wait_for(lock, std::chrono::milliseconds(250));
        const auto now = Clock::now();
        for (auto it = _entries.begin(); it != _entries.end();) {
            Entry& e = it->second;
            const uint64_t received = bytesReceived(e.socket) - e.baseline + e.buffered;
            if (received >= e.length) { // the whole body is in: nothing more to watch
                it = _entries.erase(it);
                continue;
            }
            const auto late = std::chrono::duration<double>(now - e.start - _grace).count();
            if (late > 0 && static_cast<double>(received) < late * static_cast<double>(_minRate)) {
                // The handler's next read sees the end of the body; finishBody() tells it why.
                ::shutdown(e.socket.impl()->sockfd(), SHUT_RD);
                _cut.insert(it->first);
                it = _entries.erase(it);
                continue;
            }
            ++it;
        }
    }
}

WatchedBody::WatchedBody(BodyRateWatch* watch, const Poco::Net::StreamSocket& socket,
                         uint64_t length, uint64_t alreadyBuffered) {
    if (watch == nullptr || length == 0) return;
    _ticket = watch->watch(socket, length, alreadyBuffered);
    if (_ticket == 0) return;
    _watch = watch;
    tCurrent = {watch, _ticket};
}

WatchedBody::~WatchedBody() {
    if (_watch == nullptr) return;
    _watch->forget(_ticket);
    tCurrent = {};
}

} // namespace finimport::http
