#include "OfxBuilder.h"

#include "OfxText.h"

#include <algorithm>
#include <array>

namespace finimport::ofx {

namespace {

template <std::size_t N>
bool among(std::string_view name, const std::array<std::string_view, N>& set) {
    return std::find(set.begin(), set.end(), name) != set.end();
}

constexpr std::array<std::string_view, 17> kInvestmentEntries = {
    "BUYSTOCK",   "BUYMF",          "BUYOPT",   "BUYDEBT",     "BUYOTHER", "SELLSTOCK",
    "SELLMF",     "SELLOPT",        "SELLDEBT", "SELLOTHER",   "REINVEST", "INCOME",
    "INVEXPENSE", "MARGININTEREST", "RETOFCAP", "INVBANKTRAN", "TRANSFER"};
constexpr std::array<std::string_view, 2> kMoreInvestmentEntries = {"JRNLSEC", "SPLIT"};

// Aggregates that qualify the keys of the leaves inside them.
constexpr std::array<std::string_view, 16> kQualifiers = {
    "PAYEE",        "SECID",      "CURRENCY",    "ORIGCURRENCY", "BANKACCTTO", "CCACCTTO",
    "BANKACCTFROM", "CCACCTFROM", "INVACCTFROM", "LEDGERBAL",    "AVAILBAL",   "BANKTRANLIST",
    "INVTRANLIST",  "SECINFO",    "INVBAL",      "BALLIST"};

// Subtrees of a statement that are not imported.
constexpr std::array<std::string_view, 4> kIgnored = {"INVPOSLIST", "INVOOLIST", "INVBAL",
                                                      "MKTGINFO"};

constexpr std::array<std::string_view, 5> kSecurityInfos = {"STOCKINFO", "MFINFO", "OPTINFO",
                                                            "DEBTINFO", "OTHERINFO"};

std::optional<StatementKind> statementKind(std::string_view name) {
    if (name == "STMTRS") return StatementKind::Bank;
    if (name == "CCSTMTRS") return StatementKind::CreditCard;
    if (name == "INVSTMTRS") return StatementKind::Investment;
    return std::nullopt;
}

class Builder : public ElementHandler {
public:
    Builder(Document& doc, const Limits& limits) : doc_(doc), limits_(limits) {}

    void open(const std::string& name, std::uint64_t line) override {
        stack_.push_back(name);
        line_ = line;
        const std::size_t depth = stack_.size() - 1;
        if (ignoredDepth_) return;
        if (statement_ && among(name, kIgnored)) {
            ignoredDepth_ = depth + 1;
            return;
        }
        if (!statement_) {
            if (auto kind = statementKind(name)) {
                if (doc_.statements.size() >= limits_.maxStatements)
                    throw ParseError("the file has more than " +
                                         std::to_string(limits_.maxStatements) + " statements",
                                     line);
                doc_.statements.push_back(Statement{*kind, {}, {}, {}, line});
                statement_ = &doc_.statements.back();
                statementDepth_ = depth + 1;
                return;
            }
            if (inSecList() && !security_ && among(name, kSecurityInfos)) {
                security_ = true;
                securityDepth_ = depth + 1;
                securityFields_ = Fields();
            }
            return;
        }
        if (entry_) return;
        const std::string& parent = stack_.size() >= 2 ? stack_[stack_.size() - 2] : name;
        // docs/decisions.md D93: a STMTTRN right inside a bank or card statement, after a stray
        // early </BANKTRANLIST>, is still an entry (imported, and the import warns).
        const bool strayEntry = name == "STMTTRN" && !within("BANKTRANLIST") &&
                                statement_->kind != StatementKind::Investment &&
                                depth == statementDepth_;
        const bool bankEntry = (name == "STMTTRN" && within("BANKTRANLIST")) || strayEntry;
        if (strayEntry) ++statement_->outsideList;
        const bool investmentEntry =
            statement_->kind == StatementKind::Investment && parent == "INVTRANLIST";
        if (!bankEntry && !investmentEntry) return;
        if (name == "DTSTART" || name == "DTEND") return; // the list's period, not an entry
        if (investmentEntry && !isInvestmentEntry(name)) {
            ++statement_->skipped[name];
            ignoredDepth_ = depth + 1;
            return;
        }
        if (statement_->entries.size() >= limits_.maxEntriesPerStatement)
            throw ParseError("a statement has more than " +
                                 std::to_string(limits_.maxEntriesPerStatement) + " entries",
                             line);
        statement_->entries.push_back(Entry{name, {}, line});
        entry_ = &statement_->entries.back();
        entryDepth_ = depth + 1;
    }

    void close(const std::string& name, std::string_view text, bool leaf) override {
        const std::size_t depth = stack_.size();
        if (ignoredDepth_) {
            if (depth == ignoredDepth_) ignoredDepth_ = 0;
            stack_.pop_back();
            return;
        }
        if (leaf) store(name, text);
        if (entry_ && depth == entryDepth_) entry_ = nullptr;
        if (statement_ && depth == statementDepth_) statement_ = nullptr;
        if (security_ && depth == securityDepth_) finishSecurity();
        stack_.pop_back();
    }

    void finish(const std::vector<std::string>& open, std::uint64_t line) override {
        doc_.lastLine = line;
        for (const std::string& name : open)
            if (statementKind(name) || name == "STMTTRN" || isInvestmentEntry(name) ||
                name == "BANKTRANLIST" || name == "INVTRANLIST")
                throw ParseError("the file ends inside <" + name + ">", line);
    }

private:
    bool within(std::string_view name) const {
        return std::find(stack_.begin(), stack_.end(), name) != stack_.end();
    }
    bool inSecList() const { return within("SECLIST"); }

    // The key of the leaf on top of the stack, relative to the record starting at `from`.
    std::string keyOf(const std::string& name, std::size_t from) const {
        for (std::size_t i = stack_.size() - 1; i > from; --i) {
            const std::string& ancestor = stack_[i - 1];
            if (among(ancestor, kQualifiers)) return ancestor + "/" + name;
        }
        return name;
    }

    void add(Fields& fields, const std::string& key, std::string_view text) {
        std::string value = cleanValue(text);
        if (value.empty() || fields.has(key))
            return; // empty elements are absent (docs/decisions.md D59)
        if (fields.size() >= limits_.maxFieldsPerRecord)
            throw ParseError("an aggregate has more than " +
                                 std::to_string(limits_.maxFieldsPerRecord) + " elements",
                             line_);
        fields.add(key, std::move(value));
    }

    void store(const std::string& name, std::string_view text) {
        if (entry_) {
            add(entry_->fields, keyOf(name, entryDepth_), text);
        } else if (statement_) {
            add(statement_->fields, keyOf(name, statementDepth_), text);
        } else if (security_) {
            add(securityFields_, keyOf(name, securityDepth_), text);
        } else if (name == "MESSAGE" && doc_.statusMessage.empty() && !within("SECLIST")) {
            doc_.statusMessage = cleanValue(text);
        }
    }

    void finishSecurity() {
        security_ = false;
        const auto id = securityFields_.get("SECID/UNIQUEID");
        if (!id) return;
        if (doc_.securities.size() >= limits_.maxSecurities)
            throw ParseError("the SECLIST has more than " + std::to_string(limits_.maxSecurities) +
                                 " securities",
                             line_);
        Security s;
        s.name = std::string(securityFields_.get("SECINFO/SECNAME").value_or(""));
        s.ticker = std::string(securityFields_.get("SECINFO/TICKER").value_or(""));
        doc_.securities.emplace(std::string(*id), std::move(s));
    }

    Document& doc_;
    const Limits& limits_;
    std::vector<std::string> stack_;
    std::uint64_t line_ = 1;
    Statement* statement_ = nullptr;
    Entry* entry_ = nullptr;
    std::size_t statementDepth_ = 0, entryDepth_ = 0, ignoredDepth_ = 0, securityDepth_ = 0;
    bool security_ = false;
    Fields securityFields_;
};

} // namespace

bool isInvestmentEntry(std::string_view name) {
    return among(name, kInvestmentEntries) || among(name, kMoreInvestmentEntries);
}

Document parseDocument(const ReadFunction& read, const Limits& limits) {
    Document doc;
    doc.statements.reserve(8);
    Builder builder(doc, limits);
    readOfx(read, builder, limits);
    return doc;
}

} // namespace finimport::ofx
