// Rules at publish (docs/rules.md §6): the 100k-row bank file of publish_bench published into a
// family without rules and into one with 100 active rules, alternately, each into a fresh
// account. Target: the rules add at most 25 % (median with / median without <= 1.25). Then a
// re-run of the 100 rules over every transaction of the rules family (`--rerun`), with the
// process's peak RSS before and after: a re-run streams its targets in chunks.
// Usage: publish_rules_bench [rows] [runs] [--rerun [TOTAL]]   (defaults 100000 3; TOTAL tops
// the rules family up to that many transactions, written directly, before the re-run).
// FINIMPORT_BENCH_KEEP=1 keeps the SQLite database and prints its path; FINIMPORT_BENCH_ONLY=plain
// (or rules) publishes for one family only.
#include "BenchAccount.h"
#include "BenchCsv.h"
#include "BenchHttp.h"

#include "app/auth/ApiKeys.h"
#include "server/Config.h"
#include "server/Server.h"
#include "store/EntryBatch.h"
#include "store/RuleStore.h"
#include "store/Sql.h"
#include "store/TaxonomyStore.h"
#include "store/WalCheckpointer.h"

#include <Poco/TemporaryFile.h>

#include <sys/resource.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <utility>

using namespace finimport;

namespace {

constexpr double kTargetRatio = 1.25;
// A re-run streams its targets a chunk at a time (docs/decisions.md D110): its peak RSS may grow
// by the database's page caches (64 MB a connection), not with the number of transactions.
constexpr long kRerunRssGrowthMb = 64;

// CPU seconds of this process (all threads): the publish's own cost, less sensitive than the
// wall time to the rest of the machine's load.
double cpuSeconds() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return static_cast<double>(u.ru_utime.tv_sec + u.ru_stime.tv_sec) +
           static_cast<double>(u.ru_utime.tv_usec + u.ru_stime.tv_usec) / 1e6;
}

long peakRssKb() {
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    return u.ru_maxrss;
}

// What the process read and wrote (/proc/self/io: bytes through read/write calls and those that
// reached the disk) and its page faults and context switches: where a publish's wall time goes
// when its instructions do not explain it (bench/RESULTS.md, "Rules at publish, fourth look").
struct ProcCounters {
    long long rchar = 0, wchar = 0, readBytes = 0, writeBytes = 0;
    long minflt = 0, majflt = 0, nvcsw = 0, nivcsw = 0;
};

ProcCounters procCounters() {
    ProcCounters c;
    if (std::FILE* f = std::fopen("/proc/self/io", "r")) {
        char key[64];
        long long value = 0;
        while (std::fscanf(f, "%63[^:]: %lld\n", key, &value) == 2) {
            if (std::strcmp(key, "rchar") == 0) c.rchar = value;
            if (std::strcmp(key, "wchar") == 0) c.wchar = value;
            if (std::strcmp(key, "read_bytes") == 0) c.readBytes = value;
            if (std::strcmp(key, "write_bytes") == 0) c.writeBytes = value;
        }
        std::fclose(f);
    }
    rusage u{};
    getrusage(RUSAGE_SELF, &u);
    c.minflt = u.ru_minflt;
    c.majflt = u.ru_majflt;
    c.nvcsw = u.ru_nvcsw;
    c.nivcsw = u.ru_nivcsw;
    return c;
}

// CPU ticks of each thread of this process (/proc/self/task/*/stat): the publish job's thread is
// the one that used the most during a publish; the rest is the WAL checkpointer, the HTTP threads
// and whatever else ran meanwhile.
struct ThreadUse {
    long long ticks = 0, rchar = 0, wchar = 0;
};

std::map<std::string, ThreadUse> threadTicks() {
    std::map<std::string, ThreadUse> ticks;
    std::error_code ec;
    for (const auto& task : std::filesystem::directory_iterator("/proc/self/task", ec)) {
        std::FILE* f = std::fopen((task.path() / "stat").c_str(), "r");
        if (!f) continue;
        char line[1024];
        const bool read = std::fgets(line, sizeof line, f) != nullptr;
        std::fclose(f);
        if (!read) continue;
        // Fields after the parenthesised name: state is the 3rd, utime the 14th, stime the 15th.
        const char* at = std::strrchr(line, ')');
        if (!at) continue;
        long long utime = 0, stime = 0;
        if (std::sscanf(at + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lld %lld", &utime,
                        &stime) == 2) {
            ThreadUse& use = ticks[task.path().filename().string()];
            use.ticks = utime + stime;
            if (std::FILE* io = std::fopen((task.path() / "io").c_str(), "r")) {
                char key[64];
                long long value = 0;
                while (std::fscanf(io, "%63[^:]: %lld\n", key, &value) == 2) {
                    if (std::strcmp(key, "rchar") == 0) use.rchar = value;
                    if (std::strcmp(key, "wchar") == 0) use.wchar = value;
                }
                std::fclose(io);
            }
        }
    }
    return ticks;
}

// Between two snapshots: the busiest thread's CPU seconds and bytes read and written (MB), and
// the other threads' CPU seconds.
struct JobThread {
    double cpu = 0, others = 0, readMb = 0, writtenMb = 0;
};

JobThread splitThreads(const std::map<std::string, ThreadUse>& before,
                       const std::map<std::string, ThreadUse>& after) {
    long long top = -1, all = 0;
    JobThread j;
    for (const auto& [tid, t] : after) {
        auto it = before.find(tid);
        const ThreadUse b = it == before.end() ? ThreadUse{} : it->second;
        const long long d = t.ticks - b.ticks;
        all += d;
        if (d <= top) continue;
        top = d;
        j.readMb = double(t.rchar - b.rchar) / 1e6;
        j.writtenMb = double(t.wchar - b.wchar) / 1e6;
    }
    const double hz = double(sysconf(_SC_CLK_TCK));
    j.cpu = double(top) / hz;
    j.others = double(all - top) / hz;
    return j;
}

// The machine's 1-minute load average: the figures above depend on it (a shared machine).
double loadAverage() {
    double load = 0;
    if (std::FILE* f = std::fopen("/proc/loadavg", "r")) {
        if (std::fscanf(f, "%lf", &load) != 1) load = 0;
        std::fclose(f);
    }
    return load;
}

std::string jsonString(const std::string& s) {
    return "\"" + s + "\"";
}

// 100 rules over the bank file's payees, amounts and categories: 60 exact names (category and
// merchant), 15 `like` names (tags), 10 amounts (exclude / label), 10 compound `or` (rename),
// 5 on the category the file gave (tag).
void seedRules(store::Tx& s, const std::string& familyId) {
    store::TaxonomyStore taxonomy(s);
    std::vector<std::string> categories, merchants, tags;
    for (int i = 0; i < 12; ++i) {
        store::CategoryRow c;
        c.familyId = familyId;
        c.name = "Rule category " + std::to_string(i);
        taxonomy.insertCategory(c);
        categories.push_back(c.id);
        store::MerchantRow m;
        m.familyId = familyId;
        m.name = "Merchant " + std::to_string(i);
        taxonomy.insertMerchant(m);
        merchants.push_back(m.id);
        store::TagRow t;
        t.familyId = familyId;
        t.name = "rule-tag-" + std::to_string(i);
        taxonomy.insertTag(t);
        tags.push_back(t.id);
    }
    auto add = [&](int n, const std::string& conditions, const std::string& actions) {
        store::RuleRow r;
        r.familyId = familyId;
        r.name = "Rule " + std::to_string(n);
        r.resourceType = "transaction";
        r.active = true;
        r.conditions = conditions;
        r.actions = actions;
        store::insertRule(s, r);
    };
    int n = 0;
    for (int i = 0; i < 60; ++i, ++n)
        add(n,
            R"([{"condition_type":"transaction_name","operator":"=","value":"Payee )" +
                std::to_string(i * 5) + R"("}])",
            R"([{"action_type":"set_transaction_category","value":)" +
                jsonString(categories[i % 12]) +
                R"(},{"action_type":"set_transaction_merchant","value":)" +
                jsonString(merchants[i % 12]) + "}]");
    for (int i = 0; i < 15; ++i, ++n)
        add(n,
            R"([{"condition_type":"transaction_name","operator":"like","value":"payee 3)" +
                std::to_string(i) + R"("}])",
            R"([{"action_type":"set_transaction_tags","value":)" + jsonString(tags[i % 12]) + "}]");
    for (int i = 0; i < 10; ++i, ++n)
        add(n,
            R"([{"condition_type":"transaction_amount","operator":">","value":")" +
                std::to_string(390 + i) + R"("}])",
            i % 2 ? R"([{"action_type":"exclude_transaction"}])"
                  : R"([{"action_type":"set_investment_activity_label","value":"Other"}])");
    for (int i = 0; i < 10; ++i, ++n)
        add(n,
            R"([{"condition_type":"compound","operator":"or","sub_conditions":[)"
            R"({"condition_type":"transaction_name","operator":"like","value":"payee 19)" +
                std::to_string(i) +
                R"("},{"condition_type":"transaction_name","operator":"=","value":"Payee 2)" +
                std::to_string(i) + R"("}]}])",
            R"([{"action_type":"set_transaction_name","value":"Renamed )" + std::to_string(i) +
                R"("}])");
    for (int i = 0; i < 5; ++i, ++n)
        add(n,
            R"([{"condition_type":"transaction_category","operator":"is_null"},)"
            R"({"condition_type":"transaction_type","operator":"=","value":"income"}])",
            R"([{"action_type":"set_transaction_tags","value":)" + jsonString(tags[i]) + "}]");
}

} // namespace

int main(int argc, char** argv) {
    const int rows = argc > 1 ? std::atoi(argv[1]) : 100000;
    const int runs = argc > 2 ? std::atoi(argv[2]) : 3;
    const bool rerun = argc > 3 && std::strcmp(argv[3], "--rerun") == 0;
    const int64_t rerunTotal = argc > 4 ? std::atoll(argv[4]) : 0;
    if (rows <= 0 || runs <= 0) {
        std::fprintf(stderr, "usage: publish_rules_bench [rows>0] [runs>0] [--rerun]\n");
        return 2;
    }
    std::string dir = Poco::TemporaryFile::tempName();
    std::filesystem::create_directories(dir);
    server::Config config;
    config.listen = "127.0.0.1:0";
    config.database = std::getenv("FINIMPORT_BENCH_PG_URL") ? std::getenv("FINIMPORT_BENCH_PG_URL")
                                                            : "sqlite:" + dir + "/bench.db";
    config.pluginDirs = server::defaultPluginDirs();
    config.workers = 1;
    config.rowCap = std::max<int64_t>(rows, 10000); // docs/decisions.md D36
    std::vector<double> plain, ruled, plainCpu, ruledCpu;
    int64_t effects = 0;
    {
        server::Server server(config);
        server.start();
        const uint16_t port = server.port();
        app::ApiKeys keys(server.database());
        auto bare = keys.create("bench-plain", "owner", "bench", "read_write", std::nullopt);
        auto rich = keys.create("bench-rules", "owner", "bench", "read_write", std::nullopt);
        server.database().write([&](store::Tx& s) { seedRules(s, rich.familyId); });
        for (int run = 0; run < 2 * runs; ++run) {
            // Pairs alternate which family goes first (the database grows with every run).
            const bool withRules = (run % 2 == 1) != ((run / 2) % 2 == 1);
            // FINIMPORT_BENCH_ONLY=plain|rules: one family's publishes only (an instruction count
            // of one publish under callgrind, bench/RESULTS.md).
            if (const char* only = std::getenv("FINIMPORT_BENCH_ONLY"))
                if (std::strcmp(only, withRules ? "rules" : "plain") != 0) continue;
            const auto& key = withRules ? rich : bare;
            const std::string accountId = bench::addAccount(server.database(), key.familyId,
                                                            "Checking " + std::to_string(run));
            std::string body = "{\"type\":\"TransactionImport\",\"date_format\":\"%Y-%m-%d\","
                               "\"account_id\":\"" +
                               accountId + "\",\"raw_file_content\":" +
                               bench::jsonQuote(bench::bankCsv(rows, run / 2)) + "}";
            auto created = bench::request(port, "POST", "/api/v1/imports", key.key, body);
            if (created.status != 201) {
                std::fprintf(stderr, "upload failed: %d %s\n", created.status,
                             created.body.substr(0, 400).c_str());
                return 1;
            }
            std::string id = bench::jsonText(created.body, "id");
            auto start = std::chrono::steady_clock::now();
            const double cpuStart = cpuSeconds();
            const ProcCounters ioStart = procCounters();
            const auto ticksStart = threadTicks();
            const uint64_t inlineStart = server.database().checkpointer()
                                             ? server.database().checkpointer()->inlineCheckpoints()
                                             : 0;
            auto queued =
                bench::request(port, "POST", "/api/v1/imports/" + id + "/publish", key.key);
            if (queued.status != 200) return 1;
            server.jobs().waitIdle(std::chrono::minutes(10));
            double seconds = bench::secondsSince(start);
            const double cpu = cpuSeconds() - cpuStart;
            const ProcCounters io = procCounters();
            const JobThread job = splitThreads(ticksStart, threadTicks());
            auto detail = bench::request(port, "GET", "/api/v1/imports/" + id, key.key);
            if (bench::jsonText(detail.body, "status") != "complete") {
                std::fprintf(stderr, "publish did not complete: %s\n",
                             detail.body.substr(0, 600).c_str());
                return 1;
            }
            int64_t mine = 0;
            server.database().read([&](store::Tx& s) {
                mine = store::sqlCount(s,
                                       "SELECT COUNT(*) FROM rule_effects e JOIN rule_runs r ON "
                                       "r.seq = e.run_seq WHERE r.import_id = ?",
                                       {id});
            });
            std::printf("  run %d (%s): publish %.3f s (cpu %.3f s), %lld rule effects\n",
                        run / 2 + 1, withRules ? "100 rules" : "no rules", seconds, cpu,
                        static_cast<long long>(mine));
            const uint64_t inlineCheckpoints =
                server.database().checkpointer()
                    ? server.database().checkpointer()->inlineCheckpoints() - inlineStart
                    : 0;
            std::printf(
                "    publish thread: cpu %.2f s, read %.1f MB, written %.1f MB; other threads "
                "cpu %.2f s; WAL checkpoints inside the publish: %llu\n",
                job.cpu, job.readMb, job.writtenMb, job.others,
                static_cast<unsigned long long>(inlineCheckpoints));
            std::printf(
                "    read %.1f MB (disk %.1f MB), written %.1f MB (disk %.1f MB), faults %ld "
                "(major %ld), context switches %ld voluntary, %ld involuntary\n",
                double(io.rchar - ioStart.rchar) / 1e6,
                double(io.readBytes - ioStart.readBytes) / 1e6,
                double(io.wchar - ioStart.wchar) / 1e6,
                double(io.writeBytes - ioStart.writeBytes) / 1e6, io.minflt - ioStart.minflt,
                io.majflt - ioStart.majflt, io.nvcsw - ioStart.nvcsw, io.nivcsw - ioStart.nivcsw);
            std::fflush(stdout);
            (withRules ? ruled : plain).push_back(seconds);
            (withRules ? ruledCpu : plainCpu).push_back(cpu);
            if (withRules) effects = mine;
        }
        double stateSeconds = 0;
        if (rerun && rerunTotal > 0) {
            const auto stateStart = std::chrono::steady_clock::now();
            // More transactions for the re-run than an upload may carry (10 MB, docs/decisions.md
            // D12): written with the publish's own batch, in transactions of 100k.
            const std::string accountId =
                bench::addAccount(server.database(), rich.familyId, "Bulk");
            int64_t have = 0;
            server.database().read([&](store::Tx& s) {
                have = store::sqlCount(s,
                                       "SELECT COUNT(*) FROM entries e JOIN accounts a ON a.id = "
                                       "e.account_id WHERE a.family_id = ?",
                                       {rich.familyId});
            });
            for (int64_t done = have; done < rerunTotal;) {
                const int64_t n = std::min<int64_t>(100000, rerunTotal - done);
                server.database().write([&](store::Tx& s) {
                    store::TransactionBatch batch(s);
                    for (int64_t i = 0; i < n; ++i) {
                        const uint64_t r = bench::mix(uint64_t(done + i));
                        store::EntryRow e;
                        e.accountId = accountId;
                        e.date =
                            "2023-0" + std::to_string(1 + r % 9) + "-1" + std::to_string(r % 9);
                        e.amount = int64_t(r % 40000000000) - 30000000000;
                        e.currency = "USD";
                        e.name = "Payee " + std::to_string((r >> 20) % 400);
                        store::TransactionDetail d;
                        batch.add(e, d);
                    }
                    batch.flush();
                });
                done += n;
                std::printf("  state: %lld transactions (%.1f s)\n", static_cast<long long>(done),
                            bench::secondsSince(stateStart));
                std::fflush(stdout);
            }
            stateSeconds = bench::secondsSince(stateStart);
        }
        if (rerun) {
            const long before = peakRssKb();
            auto start = std::chrono::steady_clock::now();
            auto r = bench::request(port, "POST", "/api/v1/rule_runs", rich.key, "{}");
            if (r.status != 201) return 1;
            server.jobs().waitIdle(std::chrono::minutes(30));
            double seconds = bench::secondsSince(start);
            int64_t targets = 0;
            server.database().read([&](store::Tx& s) {
                targets = store::sqlCount(s,
                                          "SELECT COUNT(*) FROM entries e JOIN accounts a ON "
                                          "a.id = e.account_id WHERE a.family_id = ?",
                                          {rich.familyId});
            });
            // The anchor: this run's publish with the same rules, per row.
            const double publishRate = ruled.empty() ? 0 : rows / bench::median(ruled);
            const long growthMb = (peakRssKb() - before) / 1024;
            std::printf("rerun: 100 rules over %lld transactions %.3f s (%.0f rows/s; the same "
                        "run's publish with rules %.0f rows/s; state written in %.1f s), peak RSS "
                        "%ld MB before, %ld MB after: growth %ld MB, target <= %ld MB (streams): "
                        "%s\n",
                        static_cast<long long>(targets), seconds, targets / seconds, publishRate,
                        stateSeconds, before / 1024, peakRssKb() / 1024, growthMb,
                        kRerunRssGrowthMb, growthMb <= kRerunRssGrowthMb ? "PASS" : "MISS");
            std::fflush(stdout);
        }
        server.stop();
    }
    std::error_code ec;
    if (std::getenv("FINIMPORT_BENCH_KEEP")) // to measure the tables afterwards (sqlite3, dbstat)
        std::printf("database kept: %s/bench.db\n", dir.c_str());
    else
        std::filesystem::remove_all(dir, ec);
    if (plain.empty() || ruled.empty()) {
        std::printf("publish %d rows: one family only (FINIMPORT_BENCH_ONLY): no ratio\n", rows);
        return 0;
    }
    const double p = bench::median(plain), q = bench::median(ruled);
    const double pc = bench::median(plainCpu), qc = bench::median(ruledCpu);
    std::printf("publish %d rows: no rules median %.3f s (cpu %.3f s) | 100 rules median %.3f s "
                "(cpu %.3f s; %lld effects) | ratio %.2f (cpu %.2f) | target <= %.2f: wall %s, "
                "cpu %s | load %.1f\n",
                rows, p, pc, q, qc, static_cast<long long>(effects), q / p, qc / pc, kTargetRatio,
                q / p <= kTargetRatio ? "PASS" : "MISS", qc / pc <= kTargetRatio ? "PASS" : "MISS",
                loadAverage());
    return 0;
}
