// Record ids: UUIDv7 from the kernel CSPRNG, not a 32-bit-seeded mt19937.
#include "domain/Uuid.h"
#include "domain/SecureRandom.h"

#include <cppunit/extensions/HelperMacros.h>

#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <set>
#include <string>

using namespace finimport::domain;

class UuidTest : public CppUnit::TestFixture {
    CPPUNIT_TEST_SUITE(UuidTest);
    CPPUNIT_TEST(versionVariantAndTime);
    CPPUNIT_TEST(randomBitsNeverRepeat);
    CPPUNIT_TEST(secureRandomFillsLargeBuffers);
    CPPUNIT_TEST(givenTimeAndSequence);
    CPPUNIT_TEST(forkedChildDrawsOtherBytes);
    CPPUNIT_TEST(countingIdsKeepTheirPrefixAndWrap);
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

    // store::newOrderedUuid's form: the millisecond and a 12-bit counter in rand_a.
    void givenTimeAndSequence() {
        std::string id = newUuidV7(0x0123456789ABull, 0xABC);
        CPPUNIT_ASSERT(isUuid(id));
        CPPUNIT_ASSERT_EQUAL(std::string("01234567-89ab-7abc-"), id.substr(0, 19));
        CPPUNIT_ASSERT(std::string("89ab").find(id[19]) != std::string::npos);
        CPPUNIT_ASSERT(newUuidV7(0x0123456789ABull, 0xABC) != id); // 62 random bits
        CPPUNIT_ASSERT_EQUAL(std::string("00000000-0000-7000-"), newUuidV7(0, 0).substr(0, 19));
    }

    // Random bytes are buffered per thread: a forked child must not hand out the bytes its
    // parent hands out next.
    void forkedChildDrawsOtherBytes() {
        (void)newUuidV7(); // the parent's buffer is filled
        int fds[2];
        CPPUNIT_ASSERT_EQUAL(0, ::pipe(fds));
        pid_t child = ::fork();
        CPPUNIT_ASSERT(child >= 0);
        if (child == 0) {
            std::string tail = newUuidV7().substr(14);
            ssize_t n = ::write(fds[1], tail.data(), tail.size());
            ::_exit(n == static_cast<ssize_t>(tail.size()) ? 0 : 1);
        }
        ::close(fds[1]);
        std::string parentTail = newUuidV7().substr(14);
        char buffer[64] = {};
        ssize_t n = ::read(fds[0], buffer, sizeof buffer);
        ::close(fds[0]);
        int status = 0;
        ::waitpid(child, &status, 0);
        CPPUNIT_ASSERT(WIFEXITED(status) && WEXITSTATUS(status) == 0);
        CPPUNIT_ASSERT_EQUAL(ssize_t(parentTail.size()), n);
        CPPUNIT_ASSERT(std::string(buffer, static_cast<size_t>(n)) != parentTail);
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

    // domain::uuidAfter (row ids derived from an import's first: store/RowChunk.h): the count
    // lives in the last 62 bits, carries across bytes, wraps without touching the variant.
    void countingIdsKeepTheirPrefixAndWrap() {
        CPPUNIT_ASSERT_EQUAL(std::string("01a20b97-4813-72ed-88f2-b014b70676fc"),
                             *uuidAfter("01a20b97-4813-72ed-88f2-b014b70676fb", 1));
        CPPUNIT_ASSERT_EQUAL(std::string("01a20b97-4813-72ed-88f2-b014b7067700"),
                             *uuidAfter("01a20b97-4813-72ed-88f2-b014b70676fb", 5));
        CPPUNIT_ASSERT_EQUAL(std::string("01a20b97-4813-72ed-88f3-000000000000"),
                             *uuidAfter("01A20B97-4813-72ED-88F2-FFFFFFFFFFFF", 1));
        CPPUNIT_ASSERT_EQUAL(std::string("01a20b97-4813-72ed-8000-000000000001"),
                             *uuidAfter("01a20b97-4813-72ed-bfff-ffffffffffff", 2));
        CPPUNIT_ASSERT_EQUAL(std::string("01a20b97-4813-72ed-88f2-b014b70676fb"),
                             *uuidAfter("01a20b97-4813-72ed-88f2-b014b70676fb", 0));
        CPPUNIT_ASSERT(!uuidAfter("not-a-uuid", 1));
    }
};

CPPUNIT_TEST_SUITE_REGISTRATION(UuidTest);
