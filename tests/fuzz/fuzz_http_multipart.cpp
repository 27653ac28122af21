// The streaming multipart reader with a fixed boundary.
#include "http/Multipart.h"

#include <sstream>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
    finimport::http::BodyReader body(in, 1 << 20);
    finimport::http::MultipartReader reader(body, "XyZBoundary123");
    try {
        reader.read([](finimport::http::MultipartPart&&) {});
    } catch (const std::exception&) {
        // Malformed input is refused with an exception (a 400), never a crash.
    }
    return 0;
}
