#include "http/HeadWaiter.h"

#include "http/CarriedSocket.h"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace finimport::http {

namespace {

using Clock = std::chrono::steady_clock;

const std::string& timeoutResponse() {
    static const std::string body =
        R"({"error":"request_timeout","message":"The request headers did not arrive in time."})";
    static const std::string response = "HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n"
                                        "Content-Type: application/json\r\nContent-Length: " +
                                        std::to_string(body.size()) + "\r\n\r\n" + body;
    return response;
}

bool headComplete(std::string_view data) {
    return data.find("\r\n\r\n") != std::string_view::npos ||
           data.find("\n\n") != std::string_view::npos;
}

bool isHealthCheck(std::string_view data) {
    for (std::string_view prefix : {"GET /health ", "GET /health?", "HEAD /health "})
        if (data.substr(0, prefix.size()) == prefix) return true;
    return false;
}

} // namespace

HeadWaiter::HeadWaiter(Poco::Net::ServerSocket listener, HeadWaiterConfig config, Dispatch dispatch)
    : _listener(std::move(listener)), _config(config), _dispatch(std::move(dispatch)),
      _peek(config.maxHeadBytes) {}

HeadWaiter::~HeadWaiter() {
    stop();
}

void HeadWaiter::start() {
    _epoll = ::epoll_create1(EPOLL_CLOEXEC);
    _event = ::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
    if (_epoll < 0 || _event < 0) throw std::runtime_error("epoll/eventfd failed");
    _listener.setBlocking(false);
    epoll_event ev{};
    ev.events = EPOLLIN;
    ev.data.fd = _listener.impl()->sockfd();
    ::epoll_ctl(_epoll, EPOLL_CTL_ADD, ev.data.fd, &ev);
    ev.data.fd = _event;
    ::epoll_ctl(_epoll, EPOLL_CTL_ADD, _event, &ev);
    _thread = std::thread([this] { loop(); });
}

void HeadWaiter::stop() {
    if (!_thread.joinable()) return;
    {
        // Under the lock: a worker's awaitNextRequest either saw _stopping or has written to
        // the eventfd before it is closed below (TSan saw a write to the closed fd).
        std::lock_guard lock(_mutex);
        _stopping = true;
    }
    wake();
    _thread.join();
    for (auto& [fd, entry] : _entries)
        ::epoll_ctl(_epoll, EPOLL_CTL_DEL, fd, nullptr);
    _entries.clear();
    _listener.close();
    ::close(_epoll);
    {
        std::lock_guard lock(_mutex);
        _returned.clear();
        ::close(_event); // no worker writes to it any more (awaitNextRequest checks under the lock)
        _epoll = _event = -1;
    }
    _waiting = 0;
}

void HeadWaiter::wake() {
    const uint64_t one = 1;
    [[maybe_unused]] ssize_t n = ::write(_event, &one, sizeof one);
}

void HeadWaiter::awaitNextRequest(const Poco::Net::StreamSocket& socket) {
    std::lock_guard lock(_mutex);
    if (_stopping) return; // the socket closes with its last copy
    _returned.push_back(socket);
    wake(); // under the lock, so that stop() cannot close the eventfd in between
}

void HeadWaiter::loop() {
    std::vector<epoll_event> events(256);
    while (!_stopping) {
        // Deadlines are checked at least every 100 ms; finer precision buys nothing.
        const int n = ::epoll_wait(_epoll, events.data(), static_cast<int>(events.size()), 100);
        for (int i = 0; i < n && !_stopping; ++i) {
            const int fd = events[i].data.fd;
            if (fd == _listener.impl()->sockfd()) {
                acceptAll();
            } else if (fd == _event) {
                uint64_t count = 0;
                [[maybe_unused]] ssize_t r = ::read(_event, &count, sizeof count);
                std::vector<Poco::Net::StreamSocket> returned;
                {
                    std::lock_guard lock(_mutex);
                    returned.swap(_returned);
                }
                // Idle unless the next request has begun (bytes read with the last one).
                for (const auto& socket : returned) {
                    auto* carried = dynamic_cast<CarriedSocketImpl*>(socket.impl());
                    add(socket, !carried || carried->carried().empty());
                }
            } else {
                inspect(fd, (events[i].events & (EPOLLRDHUP | EPOLLHUP | EPOLLERR)) != 0);
            }
        }
        expire();
    }
}

void HeadWaiter::acceptAll() {
    while (true) {
        const int fd = ::accept4(_listener.impl()->sockfd(), nullptr, nullptr, SOCK_CLOEXEC);
        if (fd < 0) {
            if (errno == EINTR || errno == ECONNABORTED) continue;
            return; // EAGAIN, or out of descriptors: the next readiness event retries
        }
        if (_entries.size() >= _config.maxConnections) {
            ::close(fd); // refused: the waiting room is full
            continue;
        }
        // No Nagle delay: Poco writes a response's head and body in two sends, and a body that
        // fits one segment waited for the client's delayed ACK (40 ms a response: GET /balances
        // was capped near 700 req/s at 32 connections while using a fifth of a core).
        const int one = 1;
        ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        add(Poco::Net::StreamSocket(new CarriedSocketImpl(fd)), false);
    }
}

void HeadWaiter::add(const Poco::Net::StreamSocket& socket, bool idle) {
    const int fd = socket.impl()->sockfd();
    if (fd < 0) return;
    if (_entries.size() >= _config.maxConnections) return; // dropped: closes with its copy
    const auto timeout = idle ? _config.keepAliveTimeout : _config.headerTimeout;
    _entries[fd] = Entry{socket, Clock::now() + timeout, idle};
    _waiting = _entries.size();
    epoll_event ev{};
    // Edge-triggered: bytes stay queued (peeked, not read), so wake only when more arrive.
    ev.events = EPOLLIN | EPOLLRDHUP | EPOLLET;
    ev.data.fd = fd;
    if (::epoll_ctl(_epoll, EPOLL_CTL_ADD, fd, &ev) != 0) {
        _entries.erase(fd);
        _waiting = _entries.size();
        return;
    }
    inspect(fd); // a pipelined or fast client may have sent its head already
}

void HeadWaiter::inspect(int fd, bool peerClosed) {
    auto it = _entries.find(fd);
    if (it == _entries.end()) return;
    Entry& entry = it->second;
    // Bytes of this head read with the previous request come first (CarriedSocket.h).
    auto* carrying = dynamic_cast<CarriedSocketImpl*>(entry.socket.impl());
    const std::string_view carried = carrying ? carrying->carried() : std::string_view();
    const size_t room = _peek.size() - std::min(_peek.size(), carried.size());
    ssize_t n = room ? ::recv(fd, _peek.data(), room, MSG_PEEK | MSG_DONTWAIT) : 0;
    bool ended = false;
    if (n < 0) {
        if (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR)
            return drop(fd, false); // the connection failed
        n = 0;
    } else if (n == 0 && room > 0) {
        ended = true; // the client sent all it will send
    }
    if (n == 0 && carried.empty()) {
        if (ended) drop(fd, false); // the client went away
        return;
    }
    if (entry.idle) { // the next request has begun: it gets the header deadline from here
        entry.idle = false;
        entry.deadline = Clock::now() + _config.headerTimeout;
    }
    std::string joined;
    std::string_view data(_peek.data(), static_cast<size_t>(n));
    if (!carried.empty()) {
        joined.reserve(carried.size() + data.size());
        joined.append(carried).append(data);
        data = joined;
    }
    if (!headComplete(data) && data.size() < _peek.size()) {
        if (peerClosed || ended) drop(fd, false); // half a head and no more to come
        return;
    }
    Poco::Net::StreamSocket socket = entry.socket;
    ::epoll_ctl(_epoll, EPOLL_CTL_DEL, fd, nullptr);
    _entries.erase(it);
    _waiting = _entries.size();
    _dispatch(socket, isHealthCheck(data));
}

void HeadWaiter::drop(int fd, bool answer408) {
    auto it = _entries.find(fd);
    if (it == _entries.end()) return;
    ::epoll_ctl(_epoll, EPOLL_CTL_DEL, fd, nullptr);
    if (answer408) {
        // Best effort and never blocking: a client that does not read gets nothing.
        [[maybe_unused]] ssize_t n = ::send(fd, timeoutResponse().data(), timeoutResponse().size(),
                                            MSG_DONTWAIT | MSG_NOSIGNAL);
        ::shutdown(fd, SHUT_WR);
    }
    _entries.erase(it); // the last copy of the socket closes it
    _waiting = _entries.size();
}

void HeadWaiter::expire() {
    const auto now = Clock::now();
    std::vector<std::pair<int, bool>> late;
    for (const auto& [fd, entry] : _entries)
        if (entry.deadline <= now) late.emplace_back(fd, !entry.idle);
    for (const auto& [fd, answer] : late)
        drop(fd, answer);
}

} // namespace finimport::http
