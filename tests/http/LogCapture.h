#pragma once
// Everything written to fd 2 while a LogCapture lives goes into a pipe read by a thread, not to
// a file: a test that limits the process's file size (RLIMIT_FSIZE) still sees every line.

#include <sys/types.h>
#include <unistd.h>

#include <chrono>
#include <mutex>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

namespace finimport::test {

class LogCapture {
public:
    LogCapture() {
        int fds[2];
        if (::pipe(fds) != 0) throw std::runtime_error("pipe failed");
        _saved = ::dup(STDERR_FILENO);
        ::dup2(fds[1], STDERR_FILENO);
        ::close(fds[1]);
        _read = fds[0];
        _reader = std::thread([this] {
            char buffer[4096];
            for (;;) {
                const ssize_t n = ::read(_read, buffer, sizeof buffer);
                if (n <= 0) break;
                std::lock_guard lock(_mutex);
                _text.append(buffer, static_cast<size_t>(n));
            }
        });
    }
    ~LogCapture() { stop(); }
    LogCapture(const LogCapture&) = delete;
    LogCapture& operator=(const LogCapture&) = delete;

    std::string current() {
        std::lock_guard lock(_mutex);
        return _text;
    }
    // Waits (at most 10 s) until `part` was written: a line written after the answer went out.
    bool waitFor(const std::string& part) {
        for (int i = 0; i < 200; ++i) {
            if (current().find(part) != std::string::npos) return true;
            std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
        return false;
    }
    // Gives fd 2 back and returns everything written.
    std::string stop() {
        if (_saved >= 0) {
            ::dup2(_saved, STDERR_FILENO); // the pipe's last write end closes: the reader ends
            ::close(_saved);
            _saved = -1;
            _reader.join();
            ::close(_read);
        }
        return current();
    }

    // The lines containing `part`.
    static std::vector<std::string> linesWith(const std::string& text, const std::string& part) {
        std::vector<std::string> out;
        std::istringstream in(text);
        std::string line;
        while (std::getline(in, line))
            if (line.find(part) != std::string::npos) out.push_back(line);
        return out;
    }

private:
    int _saved = -1, _read = -1;
    std::thread _reader;
    std::mutex _mutex;
    std::string _text;
};

} // namespace finimport::test
