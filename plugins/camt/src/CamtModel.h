// What the CAMT reader keeps of one statement (Stmt, Rpt or Ntfctn): raw texts as written,
// interpreted later by CamtEntries (docs/decisions.md D49, D58, D59, D61–D63).
#ifndef FINIMPORT_CAMT_MODEL_H
#define FINIMPORT_CAMT_MODEL_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace camt {

// Bounds on hostile input; the host caps files at 10 MB, these cap what one file may ask for.
struct Limits {
    std::size_t maxDepth = 64;                     // real files nest about 12 deep
    std::size_t maxText = 65536;                   // bytes of text in one element
    std::size_t maxStatements = 10000;             // per file
    std::size_t maxEntries = 50000;                // Ntry per statement (10 MB ≈ 12,000)
    std::size_t maxDetails = 1000;                 // TxDtls per entry
    std::size_t maxBalances = 100;                 // Bal per statement
    std::size_t maxElementsPerStatement = 2000000; // any element inside one statement
    std::size_t chunk = std::size_t(1) << 20;      // bytes handed to expat per call
};

struct Detail {
    std::optional<std::string> amount;   // TxDtls/Amt
    std::optional<std::string> cdi;      // TxDtls/CdtDbtInd
    std::optional<std::string> txAmount; // TxDtls/AmtDtls/TxAmt/Amt
    std::optional<std::string> acctSvcrRef, endToEndId;
    std::optional<std::string> creditorName, debtorName;
    std::optional<std::string> ustrd; // every Ustrd, joined with a space
    std::optional<std::string> addtlTxInf;
};

struct Entry {
    std::uint64_t line = 0;
    std::optional<std::string> amount, currency, cdi, status;
    std::optional<std::string> bookingDate, valueDate;
    std::optional<std::string> acctSvcrRef, ntryRef, addtlNtryInf;
    std::vector<Detail> details;
};

struct Balance {
    std::optional<std::string> code, amount, currency, cdi, date;
};

struct Statement {
    std::uint64_t line = 0;
    std::size_t ordinal = 0; // 1-based within the file
    std::optional<std::string> id, iban, otherId, currency;
    std::vector<Balance> balances;
    std::vector<Entry> entries;
};

} // namespace camt

#endif // FINIMPORT_CAMT_MODEL_H
