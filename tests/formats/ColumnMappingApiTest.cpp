// Helping the person choose before publish, and checking what a statement states
// (docs/decisions.md D156-D158): preflight's sniffed formats and suggested columns,
// `column_mapping=auto` at upload, and a statement's opening + entries = closing.
#include "FormatsSupport.h"
#include "JsonText.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sstream>

using namespace finimport::test;
using Strings = std::vector<std::string>;

namespace {

// A German bank's export: a preamble line, `;` separated, decimal commas, dd.mm.yyyy, headers
// in German.
const std::string kGermanCsv = "Kontonummer;DE12 3456\n"
                               "Buchungstag;Valutadatum;Verwendungszweck;Betrag;W\xC3\xA4hrung\n"
                               "15.01.2024;16.01.2024;Miete;-1.234,56;EUR\n"
                               "20.01.2024;20.01.2024;Gehalt;2.500,00;EUR\n";

} // namespace

class ColumnMappingApiTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(ColumnMappingApiTest);
    CPPUNIT_TEST(preflightSuggestsColumnsAndFormats);
    CPPUNIT_TEST(columnMappingAutoApplies);
    CPPUNIT_TEST(columnMappingAutoRefusesWhatItCannotDecide);
    CPPUNIT_TEST(withoutColumnMappingNothingChanges);
    CPPUNIT_TEST(mt940TotalsAgainstTheEntries);
    CPPUNIT_TEST(camtTotalsAgainstTheEntries);
    CPPUNIT_TEST_SUITE_END();

    static Poco::JSON::Object::Ptr preflight(AppHarness& app, const std::string& key,
                                             const std::string& body) {
        auto r = app.postJson("/api/v1/imports/preflight", body, key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
        return jsonObject(r)->getObject("data");
    }

    static Strings warningsOf(const Poco::JSON::Object::Ptr& detail) {
        Strings out;
        auto array = detail->getArray("warnings");
        for (std::size_t i = 0; array && i < array->size(); ++i)
            out.push_back(array->getElement<std::string>(static_cast<unsigned>(i)));
        return out;
    }

public:
    // docs/decisions.md D156: the separator, header row, date and number formats as sniffed, and
    // each field's header with the reason.
    void preflightSuggestsColumnsAndFormats() {
        AppHarness app;
        const std::string key = app.createKey("Suggest family");
        // The body as written (a parsed object would sort its keys).
        auto body = [&](const std::string& csv) {
            auto r = app.postJson("/api/v1/imports/preflight",
                                  R"({"raw_file_content":)" + jsonQuote(csv) + "}", key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 200, r.status);
            return r.body;
        };
        const std::string german = body(kGermanCsv);
        auto has = [](const std::string& all, const std::string& part) {
            CPPUNIT_ASSERT_MESSAGE(all, all.find(part) != std::string::npos);
        };
        has(german, R"("sniffed":{"col_sep":";","rows_to_skip":1,"has_header":true,)"
                    R"("date_format":"%d.%m.%Y","number_format":"1.234,56"},)");
        has(german, R"("suggestions":[{"field":"date","option":"date_col_label","required":true,)"
                    R"("label":"Buchungstag","reason":"synonym","candidates":[]},)"
                    R"({"field":"amount","option":"amount_col_label","required":true,)"
                    R"("label":"Betrag","reason":"synonym","candidates":[]},)"
                    R"({"field":"name","option":"name_col_label","required":false,)"
                    R"("label":"Verwendungszweck","reason":"synonym","candidates":[]},)"
                    R"({"field":"category","option":"category_col_label","required":false,)"
                    R"("label":null,"reason":"none","candidates":[]},)"
                    R"({"field":"notes","option":"notes_col_label","required":false,)"
                    R"("label":null,"reason":"none","candidates":[]},)"
                    R"({"field":"currency","option":"currency_col_label","required":false,)"
                    R"("label":"W)"
                    "\xC3\xA4"
                    R"(hrung","reason":"synonym","candidates":[]}])");
        // By the values' shape when no name says it: two date columns are ambiguous.
        const std::string shapes = body("When,Posted,What,Sum\n2024-01-15,2024-01-16,Rent,-4.50\n");
        has(shapes, R"({"field":"date","option":"date_col_label","required":true,"label":null,)"
                    R"("reason":"ambiguous","candidates":["When","Posted"]},)"
                    R"({"field":"amount","option":"amount_col_label","required":true,)"
                    R"("label":"Sum","reason":"values","candidates":[]},)");
        has(shapes, R"("sniffed":{"col_sep":",","rows_to_skip":0,"has_header":true,)"
                    R"("date_format":null,"number_format":"1,234.56"},)");
    }

    // docs/decisions.md D157: the German file imports right with column_mapping=auto alone, and
    // the configuration echoes what was used.
    void columnMappingAutoApplies() {
        AppHarness app;
        const std::string key = app.createKey("Mapping family");
        const std::string account = makeAccount(app, key, "Giro", "EUR");
        auto r = app.postJson("/api/v1/imports",
                              R"({"column_mapping":"auto","account_id":")" + account +
                                  R"(","raw_file_content":)" + jsonQuote(kGermanCsv) + "}",
                              key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        auto detail =
            importDetail(app, key, jsonObject(r)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL_MESSAGE(
            jsonText(detail), 0, detail->getObject("stats")->getValue<int>("invalid_rows_count"));
        auto c = detail->getObject("configuration");
        CPPUNIT_ASSERT_EQUAL(std::string("Buchungstag"),
                             c->getValue<std::string>("date_col_label"));
        CPPUNIT_ASSERT_EQUAL(std::string("Betrag"), c->getValue<std::string>("amount_col_label"));
        CPPUNIT_ASSERT_EQUAL(std::string("Verwendungszweck"),
                             c->getValue<std::string>("name_col_label"));
        CPPUNIT_ASSERT_EQUAL(std::string(";"), c->getValue<std::string>("col_sep"));
        CPPUNIT_ASSERT_EQUAL(std::string("%d.%m.%Y"), c->getValue<std::string>("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("1.234,56"), c->getValue<std::string>("number_format"));
        auto rows =
            app.get("/api/v1/imports/" + detail->getValue<std::string>("id") + "/rows", key);
        auto all = jsonObject(rows)->getArray("data");
        auto fields = all->getObject(0)->getObject("fields");
        CPPUNIT_ASSERT_EQUAL(std::string("2024-01-15"), fields->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1234.56"), fields->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Miete"), fields->getValue<std::string>("name"));
        CPPUNIT_ASSERT_EQUAL(std::string("EUR"), fields->getValue<std::string>("currency"));
        // A label the request sends wins over the suggestion.
        auto own = app.postJson("/api/v1/imports",
                                R"({"column_mapping":"auto","date_col_label":"Valutadatum",)"
                                R"("raw_file_content":)" +
                                    jsonQuote(kGermanCsv) + "}",
                                key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(own.body, 201, own.status);
        auto ownDetail =
            importDetail(app, key, jsonObject(own)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Valutadatum"),
            ownDetail->getObject("configuration")->getValue<std::string>("date_col_label"));
    }

    // docs/decisions.md D157: a required field no header or several headers fit is a 422 naming
    // it; preflight answers as create does (docs/decisions.md D29).
    void columnMappingAutoRefusesWhatItCannotDecide() {
        AppHarness app;
        const std::string key = app.createKey("Undecided family");
        const std::string body = R"({"column_mapping":"auto","raw_file_content":)" +
                                 jsonQuote("When,Posted,What\n2024-01-15,2024-01-16,Rent\n") + "}";
        for (const char* path : {"/api/v1/imports", "/api/v1/imports/preflight"}) {
            auto r = app.postJson(path, body, key);
            CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 422, r.status);
            auto o = jsonObject(r);
            CPPUNIT_ASSERT_EQUAL(std::string("validation_failed"),
                                 o->getValue<std::string>("error"));
            CPPUNIT_ASSERT_EQUAL(
                std::string(
                    R"(["column_mapping=auto could not decide the date column (\"When\", \"Posted\" )"
                    R"(fit); send date_col_label","column_mapping=auto found no amount column; )"
                    R"(send amount_col_label"])"),
                jsonText(o->getArray("errors")));
        }
    }

    // Absent, the seed's behaviour is unchanged: the German file's columns are not found.
    void withoutColumnMappingNothingChanges() {
        AppHarness app;
        const std::string key = app.createKey("Plain family");
        auto d = preflight(app, key,
                           R"({"col_sep":";","rows_to_skip":"1","raw_file_content":)" +
                               jsonQuote(kGermanCsv) + "}");
        CPPUNIT_ASSERT_EQUAL(std::string(R"(["date","amount"])"),
                             jsonText(d->getArray("missing_required_headers")));
        CPPUNIT_ASSERT_EQUAL(
            std::string("Buchungstag"),
            d->getArray("suggestions")->getObject(0)->getValue<std::string>("label"));
    }

    // docs/decisions.md D62 (kept by D158): an MT940 statement whose :60F: plus its entries is not
    // its :62F: warns with the figures.
    void mt940TotalsAgainstTheEntries() {
        AppHarness app;
        const std::string key = app.createKey("Mt940 totals family");
        const std::string file = ":20:STARTUMS\n:25:NL00KNAB0123456789\n:28C:1\n"
                                 ":60F:C160201EUR100,00\n"
                                 ":61:1602020202C500,00NTRFNONREF\n:86:Deposit\n"
                                 ":61:1602030203D20,50NTRFNONREF\n:86:Groceries\n"
                                 ":62F:C160301EUR589,50\n-\n";
        auto created = uploadFile(app, key, "Mt940Import", "gap.sta", "text/plain", file, {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(created.body, 201, created.status);
        auto detail = importDetail(
            app, key, jsonObject(created)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT(warningsOf(detail) ==
                       (Strings{"Statement 1: opening 100.00 + entries 479.50 = 579.50, but the "
                                "statement states 589.50"}));
    }

    // docs/decisions.md D62 (kept by D158): CAMT OPBD and CLBD against the entries.
    void camtTotalsAgainstTheEntries() {
        AppHarness app;
        const std::string key = app.createKey("Camt totals family");
        auto camt = [](const std::string& closing) {
            return "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
                   "<Document xmlns=\"urn:iso:std:iso:20022:tech:xsd:camt.053.001.02\">"
                   "<BkToCstmrStmt><Stmt><Id>S1</Id><Acct><Id><IBAN>DE89370400440532013000</IBAN>"
                   "</Id><Ccy>EUR</Ccy></Acct>"
                   "<Bal><Tp><CdOrPrtry><Cd>OPBD</Cd></CdOrPrtry></Tp><Amt "
                   "Ccy=\"EUR\">1000.00</Amt>"
                   "<CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-01</Dt></Dt></Bal>"
                   "<Bal><Tp><CdOrPrtry><Cd>CLBD</Cd></CdOrPrtry></Tp><Amt Ccy=\"EUR\">" +
                   closing +
                   "</Amt><CdtDbtInd>CRDT</CdtDbtInd><Dt><Dt>2024-01-31</Dt></Dt></Bal>"
                   "<Ntry><Amt Ccy=\"EUR\">25.10</Amt><CdtDbtInd>DBIT</CdtDbtInd>"
                   "<BookgDt><Dt>2024-01-10</Dt></BookgDt><AddtlNtryInf>Shop</AddtlNtryInf></Ntry>"
                   "</Stmt></BkToCstmrStmt></Document>\n";
        };
        auto agree =
            uploadFile(app, key, "CamtImport", "ok.xml", "application/xml", camt("974.90"), {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(agree.body, 201, agree.status);
        auto ok = importDetail(app, key,
                               jsonObject(agree)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::string("[]"), jsonText(ok->getArray("warnings")));
        auto differ =
            uploadFile(app, key, "CamtImport", "off.xml", "application/xml", camt("975.00"), {});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(differ.body, 201, differ.status);
        auto off = importDetail(app, key,
                                jsonObject(differ)->getObject("data")->getValue<std::string>("id"));
        CPPUNIT_ASSERT(warningsOf(off) ==
                       (Strings{"Statement S1: opening 1000.00 + entries -25.10 = 974.90, but the "
                                "statement states 975.00"}));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(ColumnMappingApiTest);
