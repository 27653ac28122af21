// `finimport serve`: runs until SIGTERM or SIGINT, then stops cleanly with exit code 0.
#include "cli/Commands.h"
#include "cli/ConfigFlags.h"
#include "server/MemoryTrimmer.h"
#include "server/Server.h"

#include <csignal>
#include <filesystem>
#include <iostream>
#include <pthread.h>

namespace finimport::cli {

int runServe(const Args& args) {
    // Block the signals before any thread starts, so only sigwait below receives them.
    sigset_t signals;
    sigemptyset(&signals);
    sigaddset(&signals, SIGTERM);
    sigaddset(&signals, SIGINT);
    pthread_sigmask(SIG_BLOCK, &signals, nullptr);

    server::Config config = loadConfig(args);
    server::Server server(config);
    // The absolute path: a relative default opened from another folder is a new, empty database.
    const auto& url = server.database().url();
    std::cerr << "finimport: database "
              << (server.database().isSqlite()
                      ? "sqlite:" + std::filesystem::absolute(url.path).lexically_normal().string()
                      : url.redacted())
              << "\n";
    for (const auto& t : server.plugins().types())
        std::cerr << "finimport: serving " << t.type << " with plugin " << t.pluginName << "\n";
    server.start();
    auto [host, port] = server::parseListen(config.listen);
    std::cout << "finimport: listening on " << host << ":" << server.port() << std::endl;
    // Freed heap memory back to the kernel every 2 s, or RSS keeps what every burst left
    // (at 10 s, load.sh's RSS still swung by 10 % between trims; a trim costs a few ms).
    server::MemoryTrimmer trimmer(std::chrono::seconds(2));
    int received = 0;
    sigwait(&signals, &received);
    // Graceful drain: stop accepting requests, let running jobs finish (jobs.drain_seconds),
    // release what is still running to the other instances, then exit 0.
    std::cerr << "finimport: stopping (signal " << received << "), draining jobs for up to "
              << config.drainSeconds << " s\n";
    server.stop();
    std::cerr << "finimport: stopped\n";
    return 0;
}

} // namespace finimport::cli
