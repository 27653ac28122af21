// Shared CppUnit main: runs every registered test, or the one named on the command line.
#include <cppunit/CompilerOutputter.h>
#include <cppunit/extensions/TestFactoryRegistry.h>
#include <cppunit/ui/text/TestRunner.h>

#include <exception>
#include <iostream>

int main(int argc, char** argv) {
    CppUnit::TextUi::TestRunner runner;
    runner.addTest(CppUnit::TestFactoryRegistry::getRegistry().makeTest());
    try {
        bool ok = runner.run(argc > 1 ? argv[1] : "", false, true, false);
        return ok ? 0 : 1;
    } catch (const std::exception& e) {
        // An unknown test name throws std::invalid_argument; report it instead of aborting.
        std::cerr << "test runner: " << e.what() << "\n";
        return 2;
    }
}
