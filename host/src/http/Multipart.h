#pragma once
// Streaming multipart/form-data reader (RFC 7578) over a capped BodyReader: each part's
// bytes go straight into memory as they arrive, so the body cap bounds memory use too.

#include "http/BodyReader.h"

#include <functional>
#include <optional>
#include <stdexcept>
#include <string>

namespace finimport::http {

struct MalformedMultipart : std::runtime_error {
    explicit MalformedMultipart(const std::string& why) : std::runtime_error(why) {}
};

struct MultipartPart {
    std::string name;                    // Content-Disposition name
    std::optional<std::string> filename; // set when the part is a file (filename=...)
    std::string contentType;             // the part's full Content-Type header value, or ""
    std::string data;
};

class MultipartReader {
public:
    MultipartReader(BodyReader& body, std::string boundary);

    // Calls `onPart` for every part in order. Throws MalformedMultipart on broken framing
    // (no opening or closing delimiter, bad part headers, truncated body), and BodyTooLarge /
    // BodyReadFailed from the reader.
    void read(const std::function<void(MultipartPart&&)>& onPart);

private:
    bool fill();
    // Consumes bytes up to the next delimiter; they are appended to `sink` (if any).
    void readUntilDelimiter(std::string* sink);
    std::string readLine();
    MultipartPart readPartHeaders();

    BodyReader& _body;
    std::string _delimiter; // "\r\n--" + boundary
    std::string _buf;
    std::size_t _pos = 0;
};

} // namespace finimport::http
