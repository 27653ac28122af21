// Bytes the kernel has received on a TCP connection (TCP_INFO), in a file of its own because
// <linux/tcp.h> (which has the field) clashes with the <netinet/tcp.h> that Poco includes.
#pragma once

#include <cstdint>

namespace finimport::http {

// 0 when unknown (not TCP, or an old kernel).
uint64_t tcpBytesReceived(int fd);

} // namespace finimport::http
