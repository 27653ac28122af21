#pragma once
// A CppUnit fixture with a fresh in-process application per test (`_app`) and an API key of
// its family "Family" (`_key`).

#include "AppHarness.h"

#include <cppunit/TestFixture.h>

#include <memory>
#include <string>

namespace finimport::test {

class KeyedAppFixture : public CppUnit::TestFixture {
public:
    void setUp() override {
        _app = std::make_unique<AppHarness>();
        _key = _app->createKey("Family");
    }
    void tearDown() override { _app.reset(); }

protected:
    std::unique_ptr<AppHarness> _app;
    std::string _key;
};

} // namespace finimport::test
