#pragma once
// A CppUnit fixture with a fresh scratch directory per test: `_dir`, made in setUp() and removed
// with everything in it in tearDown().

#include <Poco/TemporaryFile.h>

#include <cppunit/TestFixture.h>

#include <filesystem>
#include <string>

namespace finimport::test {

class TempDirFixture : public CppUnit::TestFixture {
public:
    void setUp() override {
        _dir = Poco::TemporaryFile::tempName();
        std::filesystem::create_directories(_dir);
    }
    void tearDown() override { std::filesystem::remove_all(_dir); }

protected:
    std::string _dir;
};

} // namespace finimport::test
