#pragma once
// A connection's socket that can carry bytes already read from it but not yet parsed: the
// start of a pipelined request read ahead by Poco with the previous one. The bytes travel with
// the connection back to the HeadWaiter (no thread waits for the rest of that head) and are
// read again, first, by whoever parses the request (docs/decisions.md D77).

#include <Poco/Net/StreamSocketImpl.h>

#include <string>
#include <string_view>

namespace finimport::http {

class CarriedSocketImpl : public Poco::Net::StreamSocketImpl {
public:
    explicit CarriedSocketImpl(poco_socket_t fd) : Poco::Net::StreamSocketImpl(fd) {}

    // Bytes to hand out before any the socket receives (appended to those still carried).
    void carry(std::string_view bytes);
    // What is carried and not handed out yet.
    std::string_view carried() const;
    // Takes what is carried (the caller hands it out itself).
    std::string takeCarried();

    using Poco::Net::StreamSocketImpl::receiveBytes;
    int receiveBytes(void* buffer, int length, int flags = 0) override;
    bool poll(const Poco::Timespan& timeout, int mode) override;
    int available() override;

private:
    std::string _carried;
    size_t _at = 0;
};

} // namespace finimport::http
