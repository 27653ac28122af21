// `keys revoke` takes what a user has in hand (id, 8-character prefix or the full key) and
// revokes exactly one key: a prefix shared by several keys, in any family and any state,
// revokes nothing and exits 2 listing their ids (docs/decisions.md D33).
#include "CliSupport.h"
#include "store/Database.h"
#include "store/Sql.h"

#include <Poco/TemporaryFile.h>
#include <cppunit/extensions/HelperMacros.h>

#include <algorithm>
#include <filesystem>
#include <regex>

using finimport::test::CliRun;
using finimport::test::runCli;

namespace {

struct Key {
    std::string id, prefix, key;
};

} // namespace

class KeysRevokeTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(KeysRevokeTest);
    CPPUNIT_TEST(testRevokeByFullKey);
    CPPUNIT_TEST(testRevokeByIdAndPrefix);
    CPPUNIT_TEST(testNothingMatches);
    CPPUNIT_TEST(testSharedPrefixAcrossFamiliesIsRefused);
    CPPUNIT_TEST_SUITE_END();

    std::string _dir, _db;

    Key create(const std::string& family, const std::string& name) {
        auto r = runCli({"keys", "create", "--database", _db, "--family", family, "--name", name});
        CPPUNIT_ASSERT_EQUAL_MESSAGE(r.err, 0, r.exitCode);
        std::smatch m;
        std::string first = finimport::test::firstLine(r.out);
        CPPUNIT_ASSERT_MESSAGE(first,
                               std::regex_match(first, m,
                                                std::regex("created key (\\S+) \\(prefix "
                                                           "([0-9a-f]{8})\\) for family .*")));
        return {m[1], m[2], finimport::test::lastLine(r.out)};
    }

    // The state column of `keys list` for a key id: active, revoked or expired.
    std::string state(const std::string& id) {
        auto list = runCli({"keys", "list", "--database", _db});
        std::smatch m;
        if (!std::regex_search(list.out, m,
                               std::regex(id + "  .*  (active|revoked|expired)  created")))
            return "absent";
        return m[1];
    }

    CliRun revoke(const std::string& what) {
        return runCli({"keys", "revoke", what, "--database", _db});
    }

public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
        _db = "sqlite:" + _dir + "/keys.db";
    }
    void tearDown() override { std::filesystem::remove_all(_dir); }

    void testRevokeByFullKey() {
        Key a = create("Demo", "laptop");
        Key b = create("Demo", "phone");
        auto r = revoke(a.key);
        CPPUNIT_ASSERT_EQUAL(0, r.exitCode);
        CPPUNIT_ASSERT_EQUAL("revoked key " + a.id + " (prefix " + a.prefix + ", family Demo)\n",
                             r.out);
        CPPUNIT_ASSERT_EQUAL(std::string("revoked"), state(a.id));
        CPPUNIT_ASSERT_EQUAL(std::string("active"), state(b.id));
        // Again: already revoked, exit 1; the secret is never echoed.
        auto again = revoke(a.key);
        CPPUNIT_ASSERT_EQUAL(1, again.exitCode);
        CPPUNIT_ASSERT_EQUAL("finimport keys revoke: key " + a.id + " is already revoked\n",
                             again.err);
    }

    void testRevokeByIdAndPrefix() {
        Key a = create("Demo", "laptop");
        Key b = create("Demo", "phone");
        auto byId = revoke(a.id);
        CPPUNIT_ASSERT_EQUAL(0, byId.exitCode);
        CPPUNIT_ASSERT_EQUAL("revoked key " + a.id + " (prefix " + a.prefix + ", family Demo)\n",
                             byId.out);
        auto byPrefix = revoke(b.prefix);
        CPPUNIT_ASSERT_EQUAL(0, byPrefix.exitCode);
        CPPUNIT_ASSERT_EQUAL("revoked key " + b.id + " (prefix " + b.prefix + ", family Demo)\n",
                             byPrefix.out);
        CPPUNIT_ASSERT_EQUAL(std::string("revoked"), state(a.id));
        CPPUNIT_ASSERT_EQUAL(std::string("revoked"), state(b.id));
    }

    void testNothingMatches() {
        Key a = create("Demo", "laptop");
        auto prefix = revoke(a.prefix == "00000000" ? "11111111" : "00000000");
        CPPUNIT_ASSERT_EQUAL(1, prefix.exitCode);
        CPPUNIT_ASSERT(prefix.err.rfind("finimport keys revoke: no key matches ", 0) == 0);
        // A full key that is not ours: named by its first 8 characters only, never in full.
        std::string stranger(64, 'e');
        auto full = revoke(stranger);
        CPPUNIT_ASSERT_EQUAL(1, full.exitCode);
        CPPUNIT_ASSERT_EQUAL(
            std::string("finimport keys revoke: no key matches the key beginning eeeeeeee\n"),
            full.err);
        // A shorter piece of the prefix is not a prefix.
        auto partial = revoke(a.prefix.substr(0, 4));
        CPPUNIT_ASSERT_EQUAL(1, partial.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("active"), state(a.id));
    }

    void testSharedPrefixAcrossFamiliesIsRefused() {
        Key mine = create("Demo", "laptop");
        Key theirs = create("Other", "server");
        // Two families' keys that happen to share a prefix (1 in 2^32 by chance; forced here).
        finimport::store::Database db(_db);
        db.write([&](finimport::store::Tx& s) {
            finimport::store::sqlExec(s, "UPDATE api_keys SET prefix = ? WHERE id = ?",
                                      {mine.prefix, theirs.id});
        });
        auto r = revoke(mine.prefix);
        CPPUNIT_ASSERT_EQUAL(2, r.exitCode);
        std::vector<std::string> ids{mine.id, theirs.id};
        std::sort(ids.begin(), ids.end());
        CPPUNIT_ASSERT_EQUAL("finimport keys revoke: prefix " + mine.prefix +
                                 " matches 2 keys; give a key id or the full key:\n  " + ids[0] +
                                 "\n  " + ids[1] + "\n",
                             r.err);
        CPPUNIT_ASSERT_EQUAL(std::string(""), r.out);
        CPPUNIT_ASSERT_EQUAL(std::string("active"), state(mine.id));
        CPPUNIT_ASSERT_EQUAL(std::string("active"), state(theirs.id));
        // The full key names one of them without doubt.
        auto full = revoke(theirs.key);
        CPPUNIT_ASSERT_EQUAL(0, full.exitCode);
        CPPUNIT_ASSERT_EQUAL(
            "revoked key " + theirs.id + " (prefix " + mine.prefix + ", family Other)\n", full.out);
        CPPUNIT_ASSERT_EQUAL(std::string("active"), state(mine.id));
        // A revoked key still makes its prefix ambiguous: it may be the one the user means.
        auto still = revoke(mine.prefix);
        CPPUNIT_ASSERT_EQUAL(2, still.exitCode);
        CPPUNIT_ASSERT_EQUAL(std::string("active"), state(mine.id));
        auto byId = revoke(mine.id);
        CPPUNIT_ASSERT_EQUAL(0, byId.exitCode);
        CPPUNIT_ASSERT_EQUAL(
            "revoked key " + mine.id + " (prefix " + mine.prefix + ", family Demo)\n", byId.out);
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(KeysRevokeTest);
