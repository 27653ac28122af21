// finimport: one binary with subcommands (docs/cli.md; the table is cli/CommandTable.cpp).
#include "cli/CommandTable.h"

#include <malloc.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>
#include <string>
#include <thread>
#include <vector>

namespace {

// Two glibc malloc defaults made the server's RSS climb under load (bench/load.sh, 64 keep-alive
// connections, docs/SECURITY.md "Proof": +33 % with them, single digits with both changes and
// the shared page-cache bodies, at the same requests/s):
//  - each thread that meets a locked arena gets one of its own, up to eight per core, and memory
//    freed into one arena is not reused by the others: one arena per core;
//  - a freed large block raises the size from which blocks are mapped on their own, so large
//    response bodies move into the arenas and fragment them: a fixed 128 KiB keeps them mapped
//    and handed back to the system on free.
// MALLOC_ARENA_MAX and MALLOC_MMAP_THRESHOLD_, when set, still decide.
void tuneMalloc() {
    if (!std::getenv("MALLOC_ARENA_MAX"))
        mallopt(M_ARENA_MAX, static_cast<int>(std::max(2u, std::thread::hardware_concurrency())));
    if (!std::getenv("MALLOC_MMAP_THRESHOLD_")) mallopt(M_MMAP_THRESHOLD, 128 * 1024);
}

} // namespace

int main(int argc, char** argv) {
    tuneMalloc();
    std::vector<std::string> args(argv + 1, argv + argc);
    return finimport::cli::dispatch(args, std::cout, std::cerr);
}
