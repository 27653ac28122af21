#include "CliSupport.h"

#include <Poco/Pipe.h>
#include <Poco/PipeStream.h>
#include <Poco/Process.h>
#include <Poco/StreamCopier.h>

#include <fstream>
#include <future>
#include <sstream>
#include <stdexcept>

namespace finimport::test {

CliRun runCli(const std::vector<std::string>& args, const std::map<std::string, std::string>& env) {
    Poco::Pipe outPipe, errPipe;
    Poco::Process::Env processEnv(env.begin(), env.end());
    auto handle =
        Poco::Process::launch(FINIMPORT_EXE, args, ".", nullptr, &outPipe, &errPipe, processEnv);
    // Drain stderr on its own thread so neither pipe can fill up and stall the child.
    auto err = std::async(std::launch::async, [&] {
        Poco::PipeInputStream in(errPipe);
        std::string text;
        Poco::StreamCopier::copyToString(in, text);
        return text;
    });
    CliRun r;
    Poco::PipeInputStream in(outPipe);
    Poco::StreamCopier::copyToString(in, r.out);
    r.err = err.get();
    r.exitCode = handle.wait();
    return r;
}

std::string firstLine(const std::string& text) {
    return text.substr(0, text.find('\n'));
}

std::string lastLine(const std::string& text) {
    std::string t = text;
    while (!t.empty() && t.back() == '\n')
        t.pop_back();
    auto nl = t.rfind('\n');
    return nl == std::string::npos ? t : t.substr(nl + 1);
}

std::string readText(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream s;
    s << in.rdbuf();
    return s.str();
}

} // namespace finimport::test
