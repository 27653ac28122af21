// expat push parser with namespaces: elements are matched by local name only, so every
// camt.05x version reads alike. A DOCTYPE is refused outright (no entity tricks reach us).
#include "CamtReader.h"

#include "finimport/plugin.hpp"

#include <expat.h>

#include <initializer_list>
#include <memory>
#include <span>
#include <string_view>

namespace camt {
namespace {

constexpr char kNamespaceSeparator = '\x1F';

std::string_view localName(const XML_Char* name) {
    const std::string_view s(name);
    const std::size_t cut = s.rfind(kNamespaceSeparator);
    return cut == std::string_view::npos ? s : s.substr(cut + 1);
}

// Element text as a user reads it: ends trimmed, inner whitespace runs made one space.
std::optional<std::string> cleanText(std::string_view raw) {
    std::string out;
    bool space = false;
    for (char c : raw) {
        if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            space = !out.empty();
            continue;
        }
        if (space) out.push_back(' ');
        space = false;
        out.push_back(c);
    }
    if (out.empty()) return std::nullopt; // docs/decisions.md D59: empty elements are absent
    return out;
}

void append(std::optional<std::string>& target, const std::optional<std::string>& value) {
    if (!value) return;
    if (target)
        target->append(" ").append(*value);
    else
        target = value;
}

using Path = std::span<const std::string>;

bool is(Path path, std::initializer_list<std::string_view> names) {
    if (path.size() != names.size()) return false;
    std::size_t i = 0;
    for (std::string_view n : names)
        if (path[i++] != n) return false;
    return true;
}

class Reader {
public:
    Reader(const Limits& limits, const StatementSink& sink) : limits_(limits), sink_(sink) {}

    void attach(XML_Parser parser) {
        parser_ = parser;
        XML_SetUserData(parser, this);
        XML_SetElementHandler(parser, &Reader::onStart, &Reader::onEnd);
        XML_SetCharacterDataHandler(parser, &Reader::onText);
        XML_SetStartDoctypeDeclHandler(parser, &Reader::onDoctype);
        XML_SetParamEntityParsing(parser, XML_PARAM_ENTITY_PARSING_NEVER);
    }

    bool failed() const { return !error_.empty(); }
    const std::string& error() const { return error_; }
    std::uint64_t errorLine() const { return errorLine_; }
    bool stopped() const { return stopped_; }
    std::size_t statements() const { return statements_; }

private:
    static void onStart(void* self, const XML_Char* name, const XML_Char** atts) {
        static_cast<Reader*>(self)->guard([&](Reader& r) { r.start(localName(name), atts); });
    }
    static void onEnd(void* self, const XML_Char*) {
        static_cast<Reader*>(self)->guard([](Reader& r) { r.end(); });
    }
    static void onText(void* self, const XML_Char* text, int length) {
        auto* r = static_cast<Reader*>(self);
        if (!r->inStatement_) return;
        if (r->text_.size() + std::size_t(length) > r->limits_.maxText)
            return r->fail("an element holds more than " + std::to_string(r->limits_.maxText) +
                           " bytes of text");
        r->text_.append(text, std::size_t(length));
    }
    static void onDoctype(void* self, const XML_Char*, const XML_Char*, const XML_Char*, int) {
        static_cast<Reader*>(self)->fail("a DOCTYPE is not allowed in a CAMT file");
    }

    // Nothing may be thrown through expat's C frames: failures stop the parser instead.
    template <typename F> void guard(F&& f) {
        if (failed() || stopped_) return;
        try {
            f(*this);
        } catch (const std::exception& e) {
            fail(e.what());
        } catch (...) {
            fail("internal error");
        }
    }

    void fail(std::string reason) {
        if (failed()) return;
        error_ = std::move(reason);
        errorLine_ = XML_GetCurrentLineNumber(parser_);
        XML_StopParser(parser_, XML_FALSE);
    }

    void start(std::string_view local, const XML_Char** atts) {
        if (stack_.size() >= limits_.maxDepth)
            return fail("elements nest deeper than " + std::to_string(limits_.maxDepth));
        stack_.emplace_back(local);
        text_.clear();
        if (!inStatement_) {
            if ((local == "Stmt" || local == "Rpt" || local == "Ntfctn") && stack_.size() >= 2 &&
                stack_[stack_.size() - 2].starts_with("BkToCstmr"))
                beginStatement();
            return;
        }
        if (++elements_ > limits_.maxElementsPerStatement)
            return fail("a statement holds more than " +
                        std::to_string(limits_.maxElementsPerStatement) + " elements");
        const Path path = relative();
        if (is(path, {"Bal"})) {
            if (current_.balances.size() >= limits_.maxBalances)
                return fail("a statement holds more than " + std::to_string(limits_.maxBalances) +
                            " balances");
            current_.balances.emplace_back();
        } else if (is(path, {"Ntry"})) {
            if (current_.entries.size() >= limits_.maxEntries)
                return fail("a statement holds more than " + std::to_string(limits_.maxEntries) +
                            " entries");
            current_.entries.emplace_back().line = XML_GetCurrentLineNumber(parser_);
        } else if (is(path, {"Ntry", "NtryDtls", "TxDtls"})) {
            auto& details = current_.entries.back().details;
            if (details.size() >= limits_.maxDetails)
                return fail("an entry holds more than " + std::to_string(limits_.maxDetails) +
                            " transaction details");
            details.emplace_back();
        }
        if (local == "Amt") {
            currency_.reset();
            for (const XML_Char** a = atts; a && a[0]; a += 2)
                if (localName(a[0]) == "Ccy") currency_ = cleanText(a[1]);
        }
    }

    void beginStatement() {
        if (++statements_ > limits_.maxStatements)
            return fail("the file holds more than " + std::to_string(limits_.maxStatements) +
                        " statements");
        current_ = Statement{};
        current_.line = XML_GetCurrentLineNumber(parser_);
        current_.ordinal = statements_;
        statementIndex_ = stack_.size() - 1;
        elements_ = 0;
        inStatement_ = true;
    }

    Path relative() const { return Path(stack_).subspan(statementIndex_ + 1); }

    void end() {
        if (inStatement_) {
            if (stack_.size() - 1 == statementIndex_) {
                inStatement_ = false;
                if (!sink_(current_)) {
                    stopped_ = true;
                    XML_StopParser(parser_, XML_FALSE);
                }
                current_ = Statement{};
            } else {
                take(relative(), cleanText(text_));
            }
        }
        stack_.pop_back();
        text_.clear();
    }

    void take(Path p, const std::optional<std::string>& value) {
        Statement& s = current_;
        if (p.empty()) return;
        if (p[0] == "Ntry") return takeEntry(p, value);
        if (is(p, {"Id"}))
            append(s.id, value);
        else if (is(p, {"Acct", "Id", "IBAN"}))
            s.iban = value;
        else if (is(p, {"Acct", "Id", "Othr", "Id"}))
            s.otherId = value;
        else if (is(p, {"Acct", "Ccy"}))
            s.currency = value;
        else if (p[0] == "Bal" && !s.balances.empty()) {
            Balance& b = s.balances.back();
            if (is(p, {"Bal", "Tp", "CdOrPrtry", "Cd"}))
                b.code = value;
            else if (is(p, {"Bal", "Amt"}))
                b.amount = value, b.currency = currency_;
            else if (is(p, {"Bal", "CdtDbtInd"}))
                b.cdi = value;
            else if (is(p, {"Bal", "Dt", "Dt"}) || is(p, {"Bal", "Dt", "DtTm"}))
                b.date = value;
        }
    }

    void takeEntry(Path p, const std::optional<std::string>& value) {
        if (current_.entries.empty()) return;
        Entry& e = current_.entries.back();
        if (p.size() >= 4 && p[1] == "NtryDtls" && p[2] == "TxDtls" && !e.details.empty())
            return takeDetail(p.subspan(3), value, e.details.back());
        if (is(p, {"Ntry", "Amt"}))
            e.amount = value, e.currency = currency_;
        else if (is(p, {"Ntry", "CdtDbtInd"}))
            e.cdi = value;
        else if (is(p, {"Ntry", "Sts"}) || is(p, {"Ntry", "Sts", "Cd"}))
            e.status = value;
        else if (is(p, {"Ntry", "BookgDt", "Dt"}) || is(p, {"Ntry", "BookgDt", "DtTm"}))
            e.bookingDate = value;
        else if (is(p, {"Ntry", "ValDt", "Dt"}) || is(p, {"Ntry", "ValDt", "DtTm"}))
            e.valueDate = value;
        else if (is(p, {"Ntry", "AcctSvcrRef"}))
            e.acctSvcrRef = value;
        else if (is(p, {"Ntry", "NtryRef"}))
            e.ntryRef = value;
        else if (is(p, {"Ntry", "AddtlNtryInf"}))
            append(e.addtlNtryInf, value);
    }

    static void takeDetail(Path p, const std::optional<std::string>& value, Detail& d) {
        if (is(p, {"Amt"}))
            d.amount = value;
        else if (is(p, {"CdtDbtInd"}))
            d.cdi = value;
        else if (is(p, {"AmtDtls", "TxAmt", "Amt"}))
            d.txAmount = value;
        else if (is(p, {"Refs", "AcctSvcrRef"}))
            d.acctSvcrRef = value;
        else if (is(p, {"Refs", "EndToEndId"}))
            d.endToEndId = value;
        else if (is(p, {"RltdPties", "Cdtr", "Nm"}) || is(p, {"RltdPties", "Cdtr", "Pty", "Nm"}))
            d.creditorName = value;
        else if (is(p, {"RltdPties", "Dbtr", "Nm"}) || is(p, {"RltdPties", "Dbtr", "Pty", "Nm"}))
            d.debtorName = value;
        else if (is(p, {"RmtInf", "Ustrd"}))
            append(d.ustrd, value);
        else if (is(p, {"AddtlTxInf"}))
            append(d.addtlTxInf, value);
    }

    const Limits& limits_;
    const StatementSink& sink_;
    XML_Parser parser_ = nullptr;
    std::vector<std::string> stack_;
    std::string text_;
    std::optional<std::string> currency_; // the Ccy attribute of the Amt being read
    bool inStatement_ = false;
    std::size_t statementIndex_ = 0;
    std::size_t statements_ = 0;
    std::size_t elements_ = 0;
    Statement current_;
    std::string error_;
    std::uint64_t errorLine_ = 0;
    bool stopped_ = false;
};

struct ParserDeleter {
    void operator()(XML_ParserStruct* p) const { XML_ParserFree(p); }
};

[[noreturn]] void parseError(const std::string& reason, std::uint64_t line) {
    throw finimport::Fatal("The CAMT could not be parsed: " + reason + " (line " +
                           std::to_string(line) + ")");
}

} // namespace

ReadOutcome readCamt(const ReadFunction& read, const Limits& limits, const StatementSink& sink) {
    // The host hands plugins UTF-8 whatever the declaration says (docs/build-notes.md: a stale
    // ISO-8859-1 declaration garbled Lithuanian text), so the encoding is forced.
    std::unique_ptr<XML_ParserStruct, ParserDeleter> parser(
        XML_ParserCreateNS("UTF-8", kNamespaceSeparator));
    if (!parser) throw std::bad_alloc();
    Reader reader(limits, sink);
    reader.attach(parser.get());
    // Reads are gathered into large chunks: expat 2.5 re-scans a long token once per call.
    std::string chunk;
    chunk.reserve(limits.chunk);
    std::vector<char> buffer(65536);
    bool done = false;
    while (!done) {
        const std::int64_t n = read(buffer.data(), buffer.size());
        if (n < 0)
            throw finimport::Fatal("The CAMT could not be parsed: the input could not be read");
        done = n == 0;
        chunk.append(buffer.data(), std::size_t(n));
        if (!done && chunk.size() < limits.chunk) continue;
        const XML_Status status =
            XML_Parse(parser.get(), chunk.data(), int(chunk.size()), done ? XML_TRUE : XML_FALSE);
        chunk.clear();
        if (reader.stopped()) return ReadOutcome::Stopped;
        if (reader.failed()) parseError(reader.error(), reader.errorLine());
        if (status != XML_STATUS_OK)
            parseError(XML_ErrorString(XML_GetErrorCode(parser.get())),
                       XML_GetCurrentLineNumber(parser.get()));
    }
    if (reader.statements() == 0)
        parseError("no Stmt, Rpt or Ntfctn element was found",
                   XML_GetCurrentLineNumber(parser.get()));
    return ReadOutcome::Done;
}

} // namespace camt
