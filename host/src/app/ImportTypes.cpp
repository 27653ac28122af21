#include "app/ImportTypes.h"

namespace finimport::app {

const std::vector<std::string>& builtinImportTypes() {
    static const std::vector<std::string> types = {
        "TransactionImport", "TradeImport", "AccountImport",  "MintImport",
        "ActualImport",      "YnabImport",  "CategoryImport", "RuleImport",
        "MerchantImport",    "PdfImport",   "QifImport",      "ServiceImport"};
    return types;
}

ImportTypeTraits traitsOf(const std::string& type) {
    ImportTypeTraits t;
    t.type = type;
    if (type == "TransactionImport") {
        t.categoryMapping = t.tagMapping = t.accountMapping = true;
    } else if (type == "TradeImport") {
        t.accountMapping = true;
    } else if (type == "AccountImport") {
        t.accountTypeMapping = true;
    } else if (type == "MintImport") {
        // D46: Mint, Actual and YNAB take the client's date_format, else their default.
        t.categoryMapping = t.tagMapping = t.accountMapping = true;
        t.forced = {{"date_col_label", "Date"},
                    {"name_col_label", "Description"},
                    {"amount_col_label", "Amount"},
                    {"currency_col_label", "Currency"},
                    {"account_col_label", "Account Name"},
                    {"category_col_label", "Category"},
                    {"tags_col_label", "Labels"},
                    {"notes_col_label", "Notes"},
                    {"entity_type_col_label", "Transaction Type"},
                    {"signage_convention", "inflows_positive"}};
    } else if (type == "ActualImport") {
        t.categoryMapping = t.accountMapping = true;
        t.defaultDateFormat = "%Y-%m-%d";
        t.forced = {{"date_col_label", "Date"},
                    {"name_col_label", "Payee"},
                    {"amount_col_label", "Amount"},
                    {"account_col_label", "Account"},
                    {"category_col_label", "Category"},
                    {"notes_col_label", "Notes"},
                    {"signage_convention", "inflows_positive"}};
    } else if (type == "YnabImport") {
        t.categoryMapping = t.accountMapping = true;
        t.forced = {{"date_col_label", "Date"},       {"name_col_label", "Payee"},
                    {"account_col_label", "Account"}, {"category_col_label", "Category"},
                    {"notes_col_label", "Memo"},      {"signage_convention", "inflows_positive"}};
    } else if (type == "QifImport") {
        t.family = ContentFamily::Qif;
        t.categoryMapping = t.tagMapping = t.accountMapping = true;
        t.needsAccount = true;
        t.fileNoun = "a QIF file";
        // D16: the date pattern is detected unless the client sends one ("" asks the plugin
        // to detect; it reports the pattern used) and number_format is honoured.
        t.defaultDateFormat = "";
        t.forced = {{"signage_convention", "inflows_positive"}};
    } else if (type == "PdfImport") {
        t.family = ContentFamily::Pdf;
        t.categoryMapping = t.accountMapping = true;
        t.fileNoun = "a PDF file";
    } else if (type == "ServiceImport") {
        t.family = ContentFamily::Ndjson;
        t.fileNoun = "a service NDJSON file";
    }
    return t;
}

int64_t rowCapOf(const std::string& type, const Config& config) {
    if (type == "AccountImport") return config.accountRowCap;
    if (type == "ServiceImport") return config.serviceRowCap;
    return config.rowCap;
}

bool producesEntries(const std::string& type) {
    return type != "AccountImport" && type != "CategoryImport" && type != "RuleImport" &&
           type != "MerchantImport";
}

} // namespace finimport::app
