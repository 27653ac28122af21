#include "OfxReader.h"

#include "OfxModel.h"

#include <array>

namespace finimport::ofx {

std::string ParseError::message() const {
    return "The OFX could not be parsed: " + std::string(what()) + " (line " +
           std::to_string(line_) + ")";
}

namespace {

// Bytes in 64 KiB chunks with one byte of look-ahead and physical line numbers (LF, CRLF and
// lone CR each end a line).
class ByteSource {
public:
    ByteSource(const ReadFunction& read, const Limits& limits) : read_(read), limits_(limits) {}

    int peek() {
        if (pos_ == size_ && !fill()) return -1;
        return static_cast<unsigned char>(buffer_[pos_]);
    }

    int get() {
        const int c = peek();
        if (c < 0) return c;
        ++pos_;
        if (c == '\n') {
            if (!lastCr_) ++line_;
            lastCr_ = false;
        } else if (c == '\r') {
            ++line_;
            lastCr_ = true;
        } else {
            lastCr_ = false;
        }
        return c;
    }

    // The line of the next byte.
    std::uint64_t line() const noexcept { return line_; }

private:
    bool fill() {
        if (eof_) return false;
        const std::int64_t n = read_(buffer_.data(), buffer_.size());
        if (n < 0) throw ParseError("the input could not be read", line_);
        if (n == 0) {
            eof_ = true;
            return false;
        }
        total_ += std::size_t(n);
        if (total_ > limits_.maxInputBytes)
            throw ParseError("the file is larger than " + std::to_string(limits_.maxInputBytes) +
                                 " bytes",
                             line_);
        pos_ = 0;
        size_ = std::size_t(n);
        for (std::size_t i = 0; i < size_; ++i)
            if (buffer_[i] == '\0') {
                std::uint64_t line = line_;
                bool cr = lastCr_;
                for (std::size_t k = 0; k < i; ++k) {
                    if (buffer_[k] == '\n' && !cr) ++line;
                    if (buffer_[k] == '\r') ++line;
                    cr = buffer_[k] == '\r';
                }
                throw ParseError("the file contains a NUL byte", line);
            }
        return true;
    }

    const ReadFunction& read_;
    const Limits& limits_;
    std::array<char, 65536> buffer_{};
    std::size_t pos_ = 0, size_ = 0, total_ = 0;
    std::uint64_t line_ = 1;
    bool lastCr_ = false, eof_ = false;
};

struct Token {
    enum Kind { Open, Close, Text, End } kind = End;
    std::string name; // Open/Close: upper-cased; Text: the text
    bool selfClosing = false;
    std::uint64_t line = 1;
};

bool isNameStart(int c) {
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
bool isNameChar(int c) {
    return isNameStart(c) || (c >= '0' && c <= '9') || c == '.' || c == '-' || c == ':';
}
char upper(int c) {
    return char(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
}

class Tokenizer {
public:
    Tokenizer(ByteSource& in, const Limits& limits) : in_(in), limits_(limits) {}

    Token next() {
        Token t;
        t.line = in_.line();
        const int c = in_.peek();
        if (c < 0) return t;
        if (c != '<') return text(t);
        in_.get();
        const int d = in_.peek();
        if (d == '/') {
            in_.get();
            if (!isNameStart(in_.peek())) return textFrom(t, "</");
            return tag(t, Token::Close);
        }
        if (d == '?') return skipped(t, "?>");
        if (d == '!') {
            in_.get();
            if (in_.peek() == '-') return skipped(t, "-->");
            if (in_.peek() == '[') return cdata(t);
            return skipped(t, ">");
        }
        if (!isNameStart(d)) return textFrom(t, "<");
        return tag(t, Token::Open);
    }

private:
    Token text(Token& t) { return textFrom(t, ""); }

    // Text up to the next '<' (a lone '<' not starting a tag stays text).
    Token textFrom(Token& t, std::string_view prefix) {
        t.kind = Token::Text;
        t.name.assign(prefix);
        for (int c = in_.peek(); c >= 0 && c != '<'; c = in_.peek()) {
            t.name.push_back(char(in_.get()));
            if (t.name.size() > limits_.maxTextBytes)
                throw ParseError("a text is longer than " + std::to_string(limits_.maxTextBytes) +
                                     " characters",
                                 t.line);
        }
        return t;
    }

    Token tag(Token& t, Token::Kind kind) {
        t.kind = kind;
        std::string raw(kind == Token::Close ? "</" : "<");
        auto keep = [&](int c) {
            raw.push_back(char(c));
            if (raw.size() > limits_.maxTagBytes)
                throw ParseError("a tag is longer than " + std::to_string(limits_.maxTagBytes) +
                                     " characters",
                                 t.line);
        };
        while (isNameChar(in_.peek())) {
            const int c = in_.get();
            keep(c);
            t.name.push_back(upper(c));
        }
        // OFX elements carry no attributes: after the name only spaces, XML's `/` and `>` may
        // follow. Anything else means the `<` was text (`AT&T <SALE 10%>`). Only <OFX> may
        // carry attributes (an xmlns).
        const bool attributes = kind == Token::Open && t.name == "OFX";
        int previous = 0;
        for (;;) {
            const int c = in_.peek();
            if (c < 0) throw ParseError("the file ends inside the tag <" + t.name, t.line);
            if (c == '>') {
                in_.get();
                break;
            }
            const bool space = c == ' ' || c == '\t' || c == '\r' || c == '\n';
            if (c == '<' || !(space || attributes || (c == '/' && kind == Token::Open)))
                return textFrom(t, raw);
            keep(in_.get());
            if (!space) previous = c;
        }
        t.selfClosing = kind == Token::Open && previous == '/';
        return t;
    }

    // `<?...?>`, `<!--...-->`, `<!DOCTYPE ...>`: skipped up to `terminator` (an empty text).
    // The XML declaration's charset is the host's business (OfxHeader.h), not the reader's.
    Token skipped(Token& t, std::string_view terminator) {
        t.kind = Token::Text;
        std::string tail; // the last terminator.size() bytes: `<!--- x --->` ends too
        std::size_t length = 0;
        while (tail != terminator) {
            const int c = in_.get();
            if (c < 0) throw ParseError("the file ends inside a <! or <? declaration", t.line);
            tail.push_back(char(c));
            if (tail.size() > terminator.size()) tail.erase(0, 1);
            if (++length > limits_.maxTextBytes)
                throw ParseError("a declaration is longer than " +
                                     std::to_string(limits_.maxTextBytes) + " characters",
                                 t.line);
        }
        return t;
    }

    Token cdata(Token& t) {
        static constexpr std::string_view open = "[CDATA[";
        for (char expected : open)
            if (in_.get() != expected) return skippedRest(t);
        t.kind = Token::Text;
        std::size_t matched = 0;
        static constexpr std::string_view close = "]]>";
        while (matched < close.size()) {
            const int c = in_.get();
            if (c < 0) throw ParseError("the file ends inside a CDATA section", t.line);
            t.name.push_back(char(c));
            matched = c == close[matched] ? matched + 1 : (c == ']' ? (matched == 2 ? 2 : 1) : 0);
            if (t.name.size() > limits_.maxTextBytes)
                throw ParseError("a text is longer than " + std::to_string(limits_.maxTextBytes) +
                                     " characters",
                                 t.line);
        }
        t.name.resize(t.name.size() - close.size());
        return t;
    }

    Token skippedRest(Token& t) { return skipped(t, ">"); }

    ByteSource& in_;
    const Limits& limits_;
};

// Element names that are always leaves: an empty one (`<NAME><MEMO>x`) closes at once instead
// of swallowing what follows.
bool isKnownLeaf(const std::string& name) {
    static const std::array<std::string_view, 40> leaves = {
        "NAME",       "MEMO",     "FITID",        "TRNAMT",   "TRNTYPE",    "DTPOSTED", "DTUSER",
        "DTAVAIL",    "CHECKNUM", "REFNUM",       "SIC",      "PAYEEID",    "CURDEF",   "BANKID",
        "BRANCHID",   "ACCTID",   "ACCTTYPE",     "ACCTKEY",  "BALAMT",     "DTASOF",   "DTSTART",
        "DTEND",      "UNITS",    "UNITPRICE",    "TOTAL",    "COMMISSION", "FEES",     "DTTRADE",
        "DTSETTLE",   "UNIQUEID", "UNIQUEIDTYPE", "SECNAME",  "TICKER",     "CURSYM",   "CURRATE",
        "INCOMETYPE", "BROKERID", "TFERACTION",   "OLDUNITS", "NEWUNITS"};
    for (std::string_view leaf : leaves)
        if (name == leaf) return true;
    return false;
}

// Repairs nesting and forwards elements.
class TreeBuilder {
public:
    TreeBuilder(ElementHandler& handler, const Limits& limits)
        : handler_(handler), limits_(limits) {}

    void token(const Token& t) {
        switch (t.kind) {
        case Token::Open:
            openElement(t);
            break;
        case Token::Close:
            closeElement(t.name);
            break;
        case Token::Text:
            addText(t.name);
            break;
        case Token::End:
            break;
        }
    }

    void finish(std::uint64_t line) {
        if (!seenOfx_) throw ParseError("no <OFX> element was found", line);
        std::vector<std::string> open;
        for (const Element& e : stack_)
            open.push_back(e.name);
        handler_.finish(open, line);
    }

private:
    struct Element {
        std::string name;
        std::string text;
        bool hasText = false, hasChildren = false;
    };

    void openElement(const Token& t) {
        if (!stack_.empty() && isRecordAggregate(t.name))
            for (const Element& e : stack_)
                if (e.name == t.name) {
                    closeElement(t.name);
                    break;
                }
        // An SGML leaf ends where the next element starts; the <OFX> root never does (text
        // right inside it is junk, not a value).
        if (stack_.size() > 1) {
            const Element& top = stack_.back();
            if (top.hasText || (isKnownLeaf(top.name) && !top.hasChildren)) popTop();
        }
        if (stack_.empty()) {
            if (t.name != "OFX") return; // junk before the body (or after it)
            seenOfx_ = true;
        }
        if (!stack_.empty()) stack_.back().hasChildren = true;
        if (stack_.size() >= limits_.maxDepth)
            throw ParseError("elements are nested deeper than " + std::to_string(limits_.maxDepth) +
                                 " levels",
                             t.line);
        stack_.push_back(Element{t.name, {}, false, false});
        handler_.open(t.name, t.line);
        if (t.selfClosing) popTop();
    }

    void closeElement(const std::string& name) {
        std::size_t i = stack_.size();
        while (i > 0 && stack_[i - 1].name != name)
            --i;
        if (i == 0) return; // a stray end tag
        while (stack_.size() >= i)
            popTop();
    }

    void addText(const std::string& text) {
        if (stack_.empty()) return; // the header before <OFX>, or junk
        Element& top = stack_.back();
        if (top.hasChildren) return; // whitespace between aggregates
        if (top.text.size() + text.size() > limits_.maxTextBytes)
            throw ParseError("the value of <" + top.name + "> is longer than " +
                                 std::to_string(limits_.maxTextBytes) + " characters",
                             0);
        top.text.append(text);
        if (!top.hasText)
            for (char c : text)
                if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
                    top.hasText = true;
                    break;
                }
    }

    void popTop() {
        Element e = std::move(stack_.back());
        stack_.pop_back();
        handler_.close(e.name, e.hasChildren ? std::string_view() : std::string_view(e.text),
                       !e.hasChildren);
    }

    ElementHandler& handler_;
    const Limits& limits_;
    std::vector<Element> stack_;
    bool seenOfx_ = false;
};

} // namespace

void readOfx(const ReadFunction& read, ElementHandler& handler, const Limits& limits) {
    ByteSource in(read, limits);
    Tokenizer tokenizer(in, limits);
    TreeBuilder builder(handler, limits);
    for (;;) {
        const Token t = tokenizer.next();
        if (t.kind == Token::End) break;
        try {
            builder.token(t);
        } catch (const ParseError& e) {
            if (e.line() != 0) throw;
            throw ParseError(e.what(), t.line);
        }
    }
    builder.finish(in.line());
}

} // namespace finimport::ofx
