#include "http/Framing.h"

#include "http/JsonWriter.h"

#include <cctype>
#include <vector>

namespace finimport::http {

namespace {

bool isTchar(unsigned char c) {
    return std::isalnum(c) ||
           std::string_view("!#$%&'*+-.^_`|~").find(static_cast<char>(c)) != std::string_view::npos;
}

bool isToken(std::string_view s) {
    if (s.empty()) return false;
    for (char c : s)
        if (!isTchar(static_cast<unsigned char>(c))) return false;
    return true;
}

std::string trimmed(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t'))
        s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t'))
        s.remove_suffix(1);
    return std::string(s);
}

// "a, b ,c" -> {"a","b","c"}; empty elements kept (they are errors for both fields).
std::vector<std::string> listElements(const std::string& value) {
    std::vector<std::string> out;
    size_t at = 0;
    for (;;) {
        const size_t comma = value.find(',', at);
        out.push_back(trimmed(std::string_view(value).substr(at, comma - at)));
        if (comma == std::string::npos) return out;
        at = comma + 1;
    }
}

bool equalsIgnoreCase(std::string_view a, std::string_view b) {
    if (a.size() != b.size()) return false;
    for (size_t i = 0; i < a.size(); ++i)
        if (std::tolower(static_cast<unsigned char>(a[i])) !=
            std::tolower(static_cast<unsigned char>(b[i])))
            return false;
    return true;
}

FramingProblem bad(std::string message) {
    return {400, std::move(message)};
}

} // namespace

std::optional<FramingProblem> checkFraming(const std::string& version,
                                           const NameValueList& headers) {
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        const bool wellFormed = version.size() == 8 && version.rfind("HTTP/", 0) == 0 &&
                                std::isdigit(static_cast<unsigned char>(version[5])) &&
                                version[6] == '.' &&
                                std::isdigit(static_cast<unsigned char>(version[7]));
        if (wellFormed) return FramingProblem{505, "Only HTTP/1.1 and HTTP/1.0 are supported."};
        return bad("The request line has no valid HTTP version.");
    }
    std::optional<std::string> length;
    std::vector<std::string> codings;
    bool hasCodings = false;
    for (const auto& [name, value] : headers) {
        // No whitespace between a field name and its colon ("Transfer-Encoding : x"), RFC 9112.
        if (!isToken(name)) return bad("A header field name is not a token.");
        if (equalsIgnoreCase(name, "Content-Length")) {
            for (const auto& element : listElements(value)) {
                if (element.empty() || element.size() > 18 ||
                    element.find_first_not_of("0123456789") != std::string::npos)
                    return bad("Content-Length is not a decimal number of at most 18 digits.");
                if (length && *length != element)
                    return bad("Content-Length is sent with different values.");
                length = element;
            }
        } else if (equalsIgnoreCase(name, "Transfer-Encoding")) {
            hasCodings = true;
            for (const auto& element : listElements(value)) {
                if (!isToken(element)) return bad("Transfer-Encoding is malformed.");
                codings.push_back(element);
            }
        }
    }
    if (hasCodings) {
        // A sender must not send both; a server must close after answering (RFC 9112).
        if (length) return bad("Both Content-Length and Transfer-Encoding are sent.");
        if (version == "HTTP/1.0") return bad("Transfer-Encoding is not defined in HTTP/1.0.");
        if (codings.size() != 1 || !equalsIgnoreCase(codings[0], "chunked"))
            return FramingProblem{501, "Only the chunked transfer coding is supported."};
    }
    return std::nullopt;
}

std::string framingResponse(const FramingProblem& problem) {
    JsonWriter json;
    json.beginObject()
        .key("error")
        .string(problem.status == 400 ? "bad_request" : "not_implemented")
        .key("message")
        .string(problem.message)
        .endObject();
    const std::string body = json.str();
    const char* reason = problem.status == 400   ? "Bad Request"
                         : problem.status == 501 ? "Not Implemented"
                                                 : "HTTP Version Not Supported";
    return "HTTP/1.1 " + std::to_string(problem.status) + " " + reason +
           "\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\n"
           "Content-Length: " +
           std::to_string(body.size()) + "\r\n\r\n" + body;
}

} // namespace finimport::http
