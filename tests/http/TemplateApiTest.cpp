// Saved import templates and the account filter (docs/decisions.md D66):
// `template_from_import_id` copies an import's options, the request's own fields win, and
// `GET /api/v1/imports?account_id=…` lists that account's imports newest first.
#include "ApiSupport.h"
#include "KeyedAppFixture.h"

#include <cppunit/extensions/HelperMacros.h>

#include <memory>

using namespace finimport::test;

class TemplateApiTest : public finimport::test::KeyedAppFixture {
    CPPUNIT_TEST_SUITE(TemplateApiTest);
    CPPUNIT_TEST(testTemplateCopiesOptionsAndRequestWins);
    CPPUNIT_TEST(testTemplateRefusals);
    CPPUNIT_TEST(testListByAccountNewestFirst);
    CPPUNIT_TEST(testExternalIdLabelIsEchoed);
    CPPUNIT_TEST_SUITE_END();

    Poco::JSON::Object::Ptr create(const std::string& body) {
        auto r = _app->postJson("/api/v1/imports", body, _key);
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
        return jsonObject(r)->getObject("data");
    }
    Poco::JSON::Object::Ptr rows(const std::string& id) {
        return jsonObject(_app->get("/api/v1/imports/" + id + "/rows", _key));
    }

public:
    void testTemplateCopiesOptionsAndRequestWins() {
        auto account = seedAccount(*_app, "Family", "Girokonto", "depository", "EUR");
        auto first = create(R"({"account_id":")" + account.id +
                            R"(","col_sep":";","date_format":"%d.%m.%Y","number_format":)"
                            R"("1.234,56","date_col_label":"Buchungstag","amount_col_label":)"
                            R"("Betrag","name_col_label":"Empfaenger","skip_invalid_rows":true,)"
                            R"("raw_file_content":"Buchungstag;Betrag;Empfaenger\n)"
                            R"(02.01.2024;-1.234,56;Miete\n"})");
        const std::string templateId = first->getValue<std::string>("id");

        // Same layout next month: only the file and the template.
        auto next = create(R"({"template_from_import_id":")" + templateId +
                           R"(","raw_file_content":"Buchungstag;Betrag;Empfaenger\n)"
                           R"(01.02.2024;-1.234,56;Miete\nxx;1,00;Bad\n"})");
        auto c = next->getObject("configuration");
        CPPUNIT_ASSERT_EQUAL(std::string(";"), c->getValue<std::string>("col_sep"));
        CPPUNIT_ASSERT_EQUAL(std::string("%d.%m.%Y"), c->getValue<std::string>("date_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("1.234,56"), c->getValue<std::string>("number_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("Betrag"), c->getValue<std::string>("amount_col_label"));
        CPPUNIT_ASSERT_EQUAL(std::string("true"), c->getValue<std::string>("skip_invalid_rows"));
        CPPUNIT_ASSERT_EQUAL(templateId, c->getValue<std::string>("template_from_import_id"));
        CPPUNIT_ASSERT_EQUAL(account.id, next->getValue<std::string>("account_id"));
        CPPUNIT_ASSERT_EQUAL(1, next->getObject("stats")->getValue<int>("valid_rows_count"));
        CPPUNIT_ASSERT_EQUAL(1, next->getObject("stats")->getValue<int>("skipped_rows_count"));
        auto row = rows(next->getValue<std::string>("id"))->getArray("data")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("2024-02-01"),
                             row->getObject("fields")->getValue<std::string>("date"));
        CPPUNIT_ASSERT_EQUAL(std::string("-1234.56"),
                             row->getObject("fields")->getValue<std::string>("amount"));
        CPPUNIT_ASSERT_EQUAL(std::string("Miete"),
                             row->getObject("fields")->getValue<std::string>("name"));

        // Fields sent in the request win over the template's.
        auto mine = create(R"({"template_from_import_id":")" + templateId +
                           R"(","number_format":"1,234.56","skip_invalid_rows":"false",)"
                           R"("raw_file_content":"Buchungstag;Betrag;Empfaenger\n)"
                           R"(01.03.2024;-1,234.56;Miete\n"})");
        c = mine->getObject("configuration");
        CPPUNIT_ASSERT_EQUAL(std::string("1,234.56"), c->getValue<std::string>("number_format"));
        CPPUNIT_ASSERT_EQUAL(std::string("false"), c->getValue<std::string>("skip_invalid_rows"));
        CPPUNIT_ASSERT_EQUAL(std::string(";"), c->getValue<std::string>("col_sep"));
        row = rows(mine->getValue<std::string>("id"))->getArray("data")->getObject(0);
        CPPUNIT_ASSERT_EQUAL(std::string("-1234.56"),
                             row->getObject("fields")->getValue<std::string>("amount"));
    }

    void testTemplateRefusals() {
        const std::string failed = "Import could not be created";
        auto post = [&](const std::string& body) {
            return _app->postJson("/api/v1/imports", body, _key);
        };
        ASSERT_API_ERROR(
            post(R"({"template_from_import_id":"00000000-0000-4000-8000-000000000000"})"), 422,
            "validation_failed", failed,
            Errors({"Template from import id does not name an import"}));
        ASSERT_API_ERROR(post(R"({"template_from_import_id":"nope"})"), 422, "validation_failed",
                         failed, Errors({"Template from import id does not name an import"}));
        // Another family's import is not this family's template.
        std::string otherKey = _app->createKey("Other");
        auto foreign = _app->postJson("/api/v1/imports", "{}", otherKey);
        ASSERT_API_ERROR(post(R"({"template_from_import_id":")" +
                              jsonObject(foreign)->getObject("data")->getValue<std::string>("id") +
                              "\"}"),
                         422, "validation_failed", failed,
                         Errors({"Template from import id does not name an import"}));
        // Another type.
        auto trade = create(R"({"type":"TradeImport"})");
        ASSERT_API_ERROR(
            post(R"({"template_from_import_id":")" + trade->getValue<std::string>("id") + "\"}"),
            422, "validation_failed", failed,
            Errors({"Template import is a TradeImport, not a TransactionImport"}));
        // The same type is fine; blank and null mean no template.
        CPPUNIT_ASSERT_EQUAL(201, post(R"({"type":"TradeImport","template_from_import_id":")" +
                                       trade->getValue<std::string>("id") + "\"}")
                                      .status);
        CPPUNIT_ASSERT_EQUAL(201, post(R"({"template_from_import_id":" "})").status);
        CPPUNIT_ASSERT_EQUAL(201, post(R"({"template_from_import_id":null})").status);
    }

    void testListByAccountNewestFirst() {
        auto a = seedAccount(*_app, "Family", "A");
        auto b = seedAccount(*_app, "Family", "B");
        auto onA = [&](const std::string& account) {
            return create(R"({"account_id":")" + account + R"("})")->getValue<std::string>("id");
        };
        std::string first = onA(a.id), other = onA(b.id), second = onA(a.id), third = onA(a.id);
        auto list = jsonObject(_app->get("/api/v1/imports?account_id=" + a.id, _key));
        auto data = list->getArray("data");
        CPPUNIT_ASSERT_EQUAL(std::size_t(3), data->size());
        CPPUNIT_ASSERT_EQUAL(third, data->getObject(0)->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(second, data->getObject(1)->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(first, data->getObject(2)->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(3, list->getObject("meta")->getValue<int>("total_count"));
        auto onB = jsonObject(_app->get("/api/v1/imports?account_id=" + b.id, _key));
        CPPUNIT_ASSERT_EQUAL(std::size_t(1), onB->getArray("data")->size());
        CPPUNIT_ASSERT_EQUAL(other,
                             onB->getArray("data")->getObject(0)->getValue<std::string>("id"));
        // Upper-case ids name the same account; unknown ones list nothing.
        std::string upper = a.id;
        for (auto& ch : upper)
            ch = static_cast<char>(std::toupper(static_cast<unsigned char>(ch)));
        CPPUNIT_ASSERT_EQUAL(std::size_t(3),
                             jsonObject(_app->get("/api/v1/imports?account_id=" + upper, _key))
                                 ->getArray("data")
                                 ->size());
        CPPUNIT_ASSERT_EQUAL(std::size_t(0),
                             jsonObject(_app->get("/api/v1/imports?account_id=nope", _key))
                                 ->getArray("data")
                                 ->size());
        // Another family's key sees none of them.
        std::string otherKey = _app->createKey("Other");
        CPPUNIT_ASSERT_EQUAL(std::size_t(0),
                             jsonObject(_app->get("/api/v1/imports?account_id=" + a.id, otherKey))
                                 ->getArray("data")
                                 ->size());
    }

    void testExternalIdLabelIsEchoed() {
        auto d = create(R"({"external_id_col_label":"Ref","raw_file_content":)"
                        R"("date,amount,Ref\n01/02/2024,5,TX-1\n01/03/2024,6, \n"})");
        CPPUNIT_ASSERT_EQUAL(
            std::string("Ref"),
            d->getObject("configuration")->getValue<std::string>("external_id_col_label"));
        // The row field reaches the host (stored with the row); a blank cell is no id.
        std::vector<std::string> ids = storedRowFields(*_app, d->getValue<std::string>("id"));
        CPPUNIT_ASSERT_EQUAL(std::size_t(2), ids.size());
        CPPUNIT_ASSERT_MESSAGE(ids[0],
                               ids[0].find("\"external_id\":\"TX-1\"") != std::string::npos);
        CPPUNIT_ASSERT_MESSAGE(ids[1], ids[1].find("\"external_id\":null") != std::string::npos);
        auto plain = create(R"({"raw_file_content":"date,amount\n01/02/2024,5\n"})");
        CPPUNIT_ASSERT(plain->getObject("configuration")->isNull("external_id_col_label"));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(TemplateApiTest);
