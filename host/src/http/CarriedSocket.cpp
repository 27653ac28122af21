#include "http/CarriedSocket.h"

#include <sys/socket.h>

#include <algorithm>
#include <cstring>

namespace finimport::http {

void CarriedSocketImpl::carry(std::string_view bytes) {
    _carried.erase(0, _at);
    _at = 0;
    _carried.append(bytes);
}

std::string_view CarriedSocketImpl::carried() const {
    return std::string_view(_carried).substr(_at);
}

std::string CarriedSocketImpl::takeCarried() {
    std::string out = _carried.substr(_at);
    _carried.clear();
    _at = 0;
    return out;
}

int CarriedSocketImpl::receiveBytes(void* buffer, int length, int flags) {
    if (_at < _carried.size() && length > 0) {
        const size_t n = std::min(static_cast<size_t>(length), _carried.size() - _at);
        std::memcpy(buffer, _carried.data() + _at, n);
        if ((flags & MSG_PEEK) == 0) _at += n;
        if (_at == _carried.size()) takeCarried();
        return static_cast<int>(n);
    }
    return Poco::Net::StreamSocketImpl::receiveBytes(buffer, length, flags);
}

bool CarriedSocketImpl::poll(const Poco::Timespan& timeout, int mode) {
    if ((mode & SELECT_READ) != 0 && _at < _carried.size()) return true;
    return Poco::Net::StreamSocketImpl::poll(timeout, mode);
}

int CarriedSocketImpl::available() {
    return static_cast<int>(_carried.size() - _at) + Poco::Net::StreamSocketImpl::available();
}

} // namespace finimport::http
