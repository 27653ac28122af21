// Record ids (issue 12 item 7): UUIDv7 from the kernel CSPRNG, not a 32-bit-seeded mt19937.
#include "domain/Uuid.h"
#include "domain/SecureRandom.h"

#include <cppunit/extensions/HelperMacros.h>

#include <chrono>
#include <set>
#include <string>

using namespace finimport::domain;

class UuidTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UuidTest);
    CPPUNIT_TEST(versionVariantAndTime);
    CPPUNIT_TEST(randomBitsNeverRepeat);
    CPPUNIT_TEST(secureRandomFillsLargeBuffers);
    CPPUNIT_TEST_SUITE_END();

public:
    void versionVariantAndTime() {
        using namespace std::chrono;
        auto before = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
        std::string id = newUuidV7();
        auto after = duration_cast<milliseconds>(system_clock::now().time_since_epoch()).count();
        CPPUNIT_ASSERT(isUuid(id));
        CPPUNIT_ASSERT_EQUAL(*canonicalUuid(id), id); // lowercase
        CPPUNIT_ASSERT_EQUAL('7', id[14]);
        CPPUNIT_ASSERT(std::string("89ab").find(id[19]) != std::string::npos);
        long long ms = std::stoll(id.substr(0, 8) + id.substr(9, 4), nullptr, 16);
        CPPUNIT_ASSERT(ms >= before && ms <= after);
    }

    // 100,000 ids in one millisecond-range share their time prefix; the 74 random bits must
    // still differ every time (a 32-bit seed repeats across threads/processes).
    void randomBitsNeverRepeat() {
        std::set<std::string> tails;
        for (int i = 0; i < 100000; ++i)
            tails.insert(newUuidV7().substr(14));
        CPPUNIT_ASSERT_EQUAL(size_t(100000), tails.size());
    }

    void secureRandomFillsLargeBuffers() {
        std::string a(1 << 20, '\0'), b(1 << 20, '\0');
        secureRandomBytes(a.data(), a.size());
        secureRandomBytes(b.data(), b.size());
        CPPUNIT_ASSERT(a != b);
        size_t zeros = 0;
        for (char c : a)
            zeros += c == '\0';
        CPPUNIT_ASSERT(zeros < 8192); // ~4096 expected from uniform bytes
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UuidTest);
