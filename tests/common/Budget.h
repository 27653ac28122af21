#pragma once
// Time and memory budgets that a Release build asserts. A sanitized build (FINIMPORT_SANITIZED:
// ASan + UBSan or TSan) sends the same requests and asserts the same answers, but its budgets
// cannot hold: instrumentation multiplies CPU time, and the sanitizer allocator keeps freed
// memory in quarantine and shadow. There the figure is printed instead of asserted.

#include <cppunit/extensions/HelperMacros.h>

#include <iostream>
#include <string>

namespace finimport::test {

#ifdef FINIMPORT_SANITIZED
inline constexpr bool kBudgetsAsserted = false;
#else
inline constexpr bool kBudgetsAsserted = true;
#endif

inline void checkBudget(const std::string& what, double measured, double limit,
                        const CppUnit::SourceLine& line) {
    const std::string text =
        what + " " + std::to_string(measured) + " (budget " + std::to_string(limit) + ")";
    if (!kBudgetsAsserted) {
        std::cerr << "budget not asserted in a sanitized build: " << text << "\n";
        return;
    }
    CppUnit::Asserter::failIf(!(measured < limit), CppUnit::Message(text), line);
}

} // namespace finimport::test

// ASSERT_BUDGET("CPU s", seconds, 2.0): measured < limit in a Release build.
#define ASSERT_BUDGET(what, measured, limit)                                                       \
    ::finimport::test::checkBudget((what), static_cast<double>(measured),                          \
                                   static_cast<double>(limit), CPPUNIT_SOURCELINE())
