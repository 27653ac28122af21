#include "FormatsSupport.h"

#include <cppunit/extensions/HelperMacros.h>

namespace finimport::test {

std::string fixture(const std::string& relative) {
    return readFile(std::string(FINIMPORT_FIXTURES_DIR) + "/" + relative);
}

HttpResult uploadFile(AppHarness& app, const std::string& key, const std::string& type,
                      const std::string& filename, const std::string& contentType,
                      const std::string& data,
                      const std::vector<std::pair<std::string, std::string>>& fields) {
    MultipartBuilder form;
    form.field("type", type);
    for (const auto& [name, value] : fields)
        form.field(name, value);
    form.file("file", filename, contentType, data);
    return app.postMultipart("/api/v1/imports", form, key);
}

Poco::JSON::Object::Ptr importDetail(AppHarness& app, const std::string& key,
                                     const std::string& id) {
    app.waitForJobs();
    auto result = app.get("/api/v1/imports/" + id, key);
    CPPUNIT_ASSERT_EQUAL(200, result.status);
    return jsonObject(result)->getObject("data");
}

std::vector<std::string> column(AppHarness& app, const std::string& sql,
                                std::vector<store::SqlValue> params) {
    std::vector<std::string> out;
    app.server().database().read([&](finimport::store::Tx& s) {
        for (const auto& row : store::sqlQuery(s, sql, params))
            out.push_back(row.str(0));
    });
    return out;
}

std::pair<std::string, int64_t> latestBalance(AppHarness& app, const std::string& key,
                                              const std::string& accountName) {
    auto ids = column(app, "SELECT id FROM accounts WHERE name = ?", {accountName});
    CPPUNIT_ASSERT_EQUAL_MESSAGE(accountName, std::size_t(1), ids.size());
    auto result = app.get("/api/v1/balances?account_id=" + ids[0], key);
    CPPUNIT_ASSERT_EQUAL(200, result.status);
    auto balances = jsonObject(result)->getArray("balances");
    CPPUNIT_ASSERT_MESSAGE(accountName, balances->size() > 0);
    auto newest = balances->getObject(0);
    return {newest->getValue<std::string>("end_balance"),
            newest->getValue<int64_t>("end_balance_cents")};
}

std::string makeAccount(AppHarness& app, const std::string& key, const std::string& name,
                        const std::string& currency) {
    auto r = app.postJson("/api/v1/imports",
                          R"({"type":"AccountImport","publish":"true","date_format":"%Y-%m-%d",)"
                          R"("raw_file_content":"type,name,amount,currency,date\nChecking,)" +
                              name + ",0.00," + currency + R"(,2000-01-01\n"})",
                          key);
    CPPUNIT_ASSERT_EQUAL_MESSAGE(r.body, 201, r.status);
    app.waitForJobs();
    return column(app, "SELECT id FROM accounts WHERE name = ?", {name}).at(0);
}

} // namespace finimport::test
