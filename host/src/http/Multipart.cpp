#include "http/Multipart.h"

#include <Poco/Net/MessageHeader.h>
#include <Poco/Net/NameValueCollection.h>
#include <Poco/String.h>

namespace finimport::http {

namespace {
constexpr std::size_t kMaxHeaderLine = 16 * 1024;
constexpr std::size_t kMaxPartHeaders = 32;
} // namespace

MultipartReader::MultipartReader(BodyReader& body, std::string boundary)
    : _body(body), _delimiter("\r\n--" + boundary) {
    // The first delimiter may start the body without a CRLF before it.
    _buf = "\r\n";
}

bool MultipartReader::fill() {
    if (_pos > 0 && _pos >= _buf.size() / 2) { // compact consumed bytes
        _buf.erase(0, _pos);
        _pos = 0;
    }
    return _body.appendChunk(_buf);
}

void MultipartReader::readUntilDelimiter(std::string* sink) {
    for (;;) {
        const std::size_t found = _buf.find(_delimiter, _pos);
        if (found != std::string::npos) {
            if (sink) sink->append(_buf, _pos, found - _pos);
            _pos = found + _delimiter.size();
            return;
        }
        // Keep a tail that could be the start of a delimiter split across reads.
        const std::size_t keep = _delimiter.size() - 1;
        if (_buf.size() - _pos > keep) {
            const std::size_t take = _buf.size() - _pos - keep;
            if (sink) sink->append(_buf, _pos, take);
            _pos += take;
        }
        if (!fill()) throw MalformedMultipart("missing multipart delimiter");
    }
}

std::string MultipartReader::readLine() {
    for (;;) {
        const std::size_t eol = _buf.find("\r\n", _pos);
        if (eol != std::string::npos) {
            if (eol - _pos > kMaxHeaderLine) throw MalformedMultipart("part header too long");
            std::string line = _buf.substr(_pos, eol - _pos);
            _pos = eol + 2;
            return line;
        }
        if (_buf.size() - _pos > kMaxHeaderLine) throw MalformedMultipart("part header too long");
        if (!fill()) throw MalformedMultipart("truncated part headers");
    }
}

MultipartPart MultipartReader::readPartHeaders() {
    MultipartPart part;
    bool hasDisposition = false;
    std::size_t count = 0;
    for (std::string line = readLine(); !line.empty(); line = readLine()) {
        if (++count > kMaxPartHeaders) throw MalformedMultipart("too many part headers");
        const std::size_t colon = line.find(':');
        if (colon == std::string::npos || colon == 0) {
            throw MalformedMultipart("bad part header line");
        }
        const std::string name = Poco::trim(line.substr(0, colon));
        const std::string value = Poco::trim(line.substr(colon + 1));
        if (Poco::icompare(name, "Content-Disposition") == 0) {
            std::string disposition;
            Poco::Net::NameValueCollection params;
            Poco::Net::MessageHeader::splitParameters(value, disposition, params);
            if (Poco::icompare(disposition, "form-data") != 0) {
                throw MalformedMultipart("part is not form-data");
            }
            hasDisposition = true;
            part.name = params.get("name", "");
            if (params.has("filename")) part.filename = params.get("filename");
        } else if (Poco::icompare(name, "Content-Type") == 0) {
            part.contentType = value;
        }
    }
    if (!hasDisposition) throw MalformedMultipart("part without Content-Disposition");
    return part;
}

void MultipartReader::read(const std::function<void(MultipartPart&&)>& onPart) {
    if (!fill()) return;         // an empty body has no parts
    readUntilDelimiter(nullptr); // skip the preamble
    for (;;) {
        while (_buf.size() - _pos < 2) {
            if (!fill()) throw MalformedMultipart("truncated after delimiter");
        }
        if (_buf.compare(_pos, 2, "--") == 0) break; // close delimiter
        // Transport padding (spaces/tabs) may follow a delimiter before its CRLF.
        std::string rest = readLine();
        if (rest.find_first_not_of(" \t") != std::string::npos) {
            throw MalformedMultipart("garbage after delimiter");
        }
        MultipartPart part = readPartHeaders();
        readUntilDelimiter(&part.data);
        onPart(std::move(part));
    }
    _body.drain(); // the epilogue is ignored, but read so the connection stays usable
}

} // namespace finimport::http
