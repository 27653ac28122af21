// Accepts connections and holds each one, without a thread, until a whole request head has
// arrived (peeked, not consumed: Poco parses it later). Slow or idle clients therefore cost a
// descriptor, never an HTTP thread: a head not complete within the header deadline gets 408
// and is closed, an idle keep-alive connection is closed after the keep-alive timeout, and
// beyond maxConnections new connections are refused. Requests for /health go to their own
// dispatcher so that a busy pool never delays a health check.
#pragma once

#include "domain/NoCopy.h"

#include <Poco/Net/ServerSocket.h>
#include <Poco/Net/StreamSocket.h>

#include <atomic>
#include <chrono>
#include <functional>
#include <map>
#include <mutex>
#include <thread>
#include <vector>

namespace finimport::http {

struct HeadWaiterConfig {
    std::chrono::milliseconds headerTimeout{10'000};   // from accept (or first byte) to full head
    std::chrono::milliseconds keepAliveTimeout{5'000}; // idle between requests
    size_t maxConnections = 4096;                      // connections waiting for a head
    size_t maxHeadBytes = 16 * 1024; // a longer head is handed over as is (Poco refuses it)
};

class HeadWaiter : domain::NoCopy {
public:
    // `dispatch(socket, isHealth)` hands a connection whose head is complete to the workers.
    using Dispatch = std::function<void(const Poco::Net::StreamSocket&, bool isHealth)>;

    HeadWaiter(Poco::Net::ServerSocket listener, HeadWaiterConfig config, Dispatch dispatch);
    ~HeadWaiter();

    void start();
    void stop(); // closes every waiting connection; idempotent
    // A keep-alive connection whose request was answered waits here for its next head.
    void awaitNextRequest(const Poco::Net::StreamSocket& socket);
    size_t waiting() const { return _waiting.load(); }

private:
    struct Entry {
        Poco::Net::StreamSocket socket;
        std::chrono::steady_clock::time_point deadline;
        bool idle = false; // a keep-alive connection with no byte of its next request yet
    };
    void loop();
    void acceptAll();
    void add(const Poco::Net::StreamSocket& socket, bool idle);
    void inspect(int fd, bool peerClosed = false);
    void drop(int fd, bool answer408);
    void expire();
    void wake();

    Poco::Net::ServerSocket _listener;
    HeadWaiterConfig _config;
    Dispatch _dispatch;
    int _epoll = -1;
    int _event = -1;
    std::thread _thread;
    std::atomic<bool> _stopping{false};
    std::atomic<size_t> _waiting{0};
    std::map<int, Entry> _entries; // by descriptor; only the waiter thread touches it
    std::mutex _mutex;             // guards _returned, and _event against its close in stop()
    std::vector<Poco::Net::StreamSocket> _returned;
    std::vector<char> _peek;
};

} // namespace finimport::http
