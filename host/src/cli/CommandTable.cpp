#include "cli/CommandTable.h"

#include "cli/Commands.h"
#include "server/Config.h"

#include <Poco/Exception.h>

#include <algorithm>
#include <ostream>
#include <sstream>

#ifndef FINIMPORT_VERSION
#define FINIMPORT_VERSION "unknown"
#endif

namespace finimport::cli {

namespace {

std::string plain(std::string text) { // Markdown backticks are noise in a terminal
    text.erase(std::remove(text.begin(), text.end(), '`'), text.end());
    return text;
}

// A configuration setting as a flag: `--http-threads` (and the key, `--http_threads`).
FlagSpec setting(const std::string& key) {
    for (const auto& s : server::settings()) {
        if (key != s.key) continue;
        FlagSpec f{s.key, {server::flagFor(s.key)}, s.metavar, "", false, key == "plugins"};
        if (f.spellings.front() != s.key) f.spellings.push_back(s.key);
        f.help = plain(s.meaning) + " [" + server::environmentVariableFor(s.key) + "; default " +
                 plain(s.defaultText) + "]";
        return f;
    }
    throw std::logic_error("no setting " + key); // a typo in the table below
}

FlagSpec config() {
    return {
        "config", {"config"}, "FILE", "configuration file: key = value lines [FINIMPORT_CONFIG]"};
}

FlagSpec flag(const std::string& name, const std::string& metavar, const std::string& help,
              bool required = false) {
    return {name, {name}, metavar, help, required, false};
}

FlagSpec toggle(const std::string& name, const std::string& help) {
    FlagSpec f{name, {name}, "", help, false, false};
    f.boolean = true;
    return f;
}

// The flags of every command that talks to a running server (docs/decisions.md D102).
std::vector<FlagSpec> clientFlags(std::vector<FlagSpec> more) {
    std::vector<FlagSpec> flags{
        config(),
        flag("server", "URL",
             "the server, http://HOST[:PORT] [FINIMPORT_URL; config client.url; default "
             "http://<listen>]"),
        flag("key-file", "FILE",
             "a file whose first line is the API key [FINIMPORT_API_KEY holds the key itself; "
             "config client.key_file]"),
        toggle("json", "print the API's JSON instead of the summary")};
    flags.insert(flags.end(), more.begin(), more.end());
    return flags;
}

std::vector<FlagSpec> importFlags(bool watching) {
    FlagSpec option = flag("option", "KEY=VALUE", "an option of the type (its manifest's names)");
    option.repeatable = true;
    std::vector<FlagSpec> flags{
        flag("type", "TYPE", "auto (default: the server detects it) or an import type"),
        flag("account", "ID|NAME", "the account the rows go to: its id or its name"), option};
    if (watching) {
        flags.push_back(flag("template", "ID", "the import whose options each file reuses", true));
        flags.push_back(toggle("once", "import the files there now, then exit"));
    } else {
        flags.push_back(flag("template", "ID", "start from the options of this import"));
        flags.push_back(toggle("publish", "publish once uploaded, and wait until it is done"));
    }
    return clientFlags(flags);
}

std::vector<FlagSpec> serveFlags() {
    std::vector<FlagSpec> flags{config()};
    for (const auto& s : server::settings())
        flags.push_back(setting(s.key));
    return flags;
}

std::string commandName(const CommandSpec& c) {
    std::string name;
    for (const auto& w : c.words)
        name += (name.empty() ? "" : " ") + w;
    return name;
}

const CommandSpec* find(const std::vector<std::string>& words) {
    for (const auto& c : commands())
        if (words.size() >= c.words.size() &&
            std::equal(c.words.begin(), c.words.end(), words.begin()))
            return &c;
    return nullptr;
}

std::vector<const CommandSpec*> group(const std::string& first) {
    std::vector<const CommandSpec*> out;
    for (const auto& c : commands())
        if (c.words.front() == first) out.push_back(&c);
    return out;
}

// Word-wraps `text` to 100 columns; continuation lines start with `indent` spaces.
std::string wrap(const std::string& text, size_t indent, size_t firstColumn) {
    const size_t width = 100;
    std::istringstream words(text);
    std::string out, word;
    size_t column = firstColumn;
    bool lineStart = true;
    while (words >> word) {
        if (!lineStart && column + 1 + word.size() > width) {
            out += "\n" + std::string(indent, ' ');
            column = indent;
            lineStart = true;
        }
        if (!lineStart) {
            out += ' ';
            ++column;
        }
        out += word;
        column += word.size();
        lineStart = false;
    }
    return out;
}

bool asksForHelp(const std::vector<std::string>& argv) {
    return std::any_of(argv.begin(), argv.end(),
                       [](const std::string& w) { return w == "--help" || w == "-h"; });
}

} // namespace

const std::vector<CommandSpec>& commands() {
    static const std::vector<CommandSpec> table = {
        {{"serve"},
         "",
         "Migrates the database (idempotent), loads the plugins, starts the job workers and the "
         "HTTP server; prints `finimport: listening on HOST:PORT`; exits 0 on SIGTERM/SIGINT.",
         serveFlags(),
         runServe},
        {{"config"},
         "",
         "Prints the settings in effect as config-file lines: what `serve` with the same flags, "
         "environment and config file would use.",
         serveFlags(),
         runConfig},
        {{"migrate"},
         "",
         "Applies the schema migrations not yet applied.",
         {config(), setting("database")},
         runMigrate},
        {{"keys", "create"},
         "",
         "Creates an API key (and the family, currency USD, and the user when missing); the key "
         "is the last line of stdout; only its SHA-256 hash and 8-character prefix are stored.",
         {config(), setting("database"), flag("family", "NAME", "the key's family", true),
          flag("name", "NAME", "a label for the key", true),
          flag("scope", "SCOPE", "read or read_write (default read_write)"),
          flag("user", "NAME", "the user owning the key (default: the --name)"),
          flag("expires-at", "ISO", "expiry, an ISO 8601 date-time (default: never)")},
         runKeysCreate},
        {{"keys", "list"},
         "",
         "Lists the keys: id, prefix, family, user, name, scope, state, timestamps (never the "
         "key).",
         {config(), setting("database"), flag("family", "NAME", "only this family's keys")},
         runKeysList},
        {{"keys", "revoke"},
         "KEY_ID|PREFIX|KEY",
         "Revokes one key, named by its id, its 8-character prefix or the full key; a prefix "
         "shared by several keys is refused (exit 2) with their ids.",
         {config(), setting("database")},
         runKeysRevoke},
        {{"families", "create"},
         "",
         "Creates a family with its default currency.",
         {config(), setting("database"), flag("name", "NAME", "the family's name", true),
          flag("currency", "CODE", "ISO 4217 default currency (default USD)")},
         runFamiliesCreate},
        {{"users", "deactivate"},
         "",
         "Deactivates a user: their keys then answer 401 `Account has been deactivated`.",
         {config(), setting("database"), flag("family", "NAME", "the user's family", true),
          flag("user", "NAME", "the user's name", true)},
         runUsersDeactivate},
        {{"plugins"},
         "",
         "Lists one line per import type served: type, plugin, version, importer, file.",
         {config(), setting("plugins")},
         runPlugins},
        {{"balances", "recompute"},
         "",
         "Re-materialises the daily balances of every account, or of one.",
         {config(), setting("database"), flag("account", "ID", "only this account")},
         runBalancesRecompute},
        {{"export"},
         "",
         "Writes a family's data as service NDJSON to a file or stdout.",
         {config(), setting("database"), flag("family", "NAME", "the family to export", true),
          flag("output", "FILE", "the file to write (default: stdout)")},
         runExport},
        {{"restore"},
         "FILE",
         "Restores an NDJSON export of any size straight into the database as an import of the "
         "family (no HTTP size or row cap), with progress; revertable like any import.",
         {config(), setting("database"), setting("plugins"),
          flag("family", "NAME", "the family to restore into", true)},
         runRestore},
        {{"import"},
         "FILE",
         "Uploads FILE to a running server through the HTTP API (streamed; a progress bar on a "
         "terminal), optionally publishes it, and prints rows, valid, invalid with the first ten "
         "errors and their lines, duplicates and warnings. Exit 0 when complete (uploaded, "
         "without --publish), 1 when refused or failed, 2 on a usage error.",
         importFlags(false),
         runImport},
        {{"imports", "list"},
         "",
         "Lists the family's imports, newest first.",
         clientFlags({flag("status", "STATUS", "only imports with this status"),
                      flag("page", "N", "the page (default 1)"),
                      flag("per-page", "N", "imports per page (default 25)")}),
         runImportsList},
        {{"imports", "show"},
         "ID",
         "Prints one import's summary.",
         clientFlags({}),
         runImportsShow},
        {{"imports", "rows"},
         "ID",
         "Prints an import's rows: number, state, main fields, errors.",
         clientFlags({toggle("invalid", "only invalid rows"), flag("page", "N", "the page"),
                      flag("per-page", "N", "rows per page (default 100)")}),
         runImportsRows},
        {{"imports", "publish"},
         "ID",
         "Publishes an import and waits for the job (progress bar on a terminal); exit 0 when "
         "complete.",
         clientFlags({}),
         runImportsPublish},
        {{"imports", "revert"},
         "ID",
         "Reverts an import and waits for the job; exit 0 when reverted.",
         clientFlags({}),
         runImportsRevert},
        {{"watch"},
         "DIR",
         "Imports and publishes each new file of DIR (once its size holds still) with a "
         "template's options, then moves it to DIR/imported/ or DIR/failed/ with a .log beside "
         "it; runs until SIGTERM/SIGINT.",
         importFlags(true),
         runWatch},
    };
    return table;
}

std::string usageLine(const CommandSpec& c) {
    std::string line = "finimport " + commandName(c);
    if (!c.operand.empty()) line += " " + c.operand;
    bool optional = false;
    for (const auto& f : c.flags) {
        if (f.required)
            line += " --" + f.spellings.front() + " " + f.metavar;
        else
            optional = true;
    }
    return optional ? line + " [options]" : line;
}

std::string helpText(const CommandSpec& c) {
    std::ostringstream out;
    out << "usage: " << usageLine(c) << "\n\n" << wrap(plain(c.summary), 0, 0) << "\n\noptions:\n";
    const size_t column = 32; // where the help text starts
    auto row = [&](const std::string& left, const std::string& help) {
        std::string cell = "  " + left;
        if (cell.size() + 1 < column)
            out << cell << std::string(column - cell.size(), ' ');
        else
            out << cell << "\n" << std::string(column, ' ');
        out << wrap(help, column, column) << "\n";
    };
    for (const auto& f : c.flags)
        row("--" + f.spellings.front() + (f.boolean ? "" : " " + f.metavar),
            f.help + (f.required ? " (required)" : "") + (f.repeatable ? " (repeatable)" : ""));
    row("--help", "print this help");
    out << "\nFlags are --name VALUE or --name=VALUE. Flags beat FINIMPORT_* environment "
           "variables,\n"
           "which beat the --config file, which beats the defaults.\n";
    return out.str();
}

std::string overview() {
    std::ostringstream out;
    out << "usage: finimport <command> [options]\n\ncommands:\n";
    for (const auto& c : commands())
        out << "  " << usageLine(c) << "\n";
    out << "\n`finimport <command> --help` prints a command's options; `finimport --version` the "
           "version.\n";
    return out.str();
}

int dispatch(const std::vector<std::string>& argv, std::ostream& out, std::ostream& err) {
    if (argv.empty()) {
        err << overview();
        return 2;
    }
    const std::string& first = argv.front();
    if (first == "--version") {
        out << "finimport " << FINIMPORT_VERSION << "\n";
        return 0;
    }
    if (first == "--help" || first == "-h" || first == "help") {
        std::vector<std::string> rest(argv.begin() + 1, argv.end());
        if (first == "help" && !rest.empty()) { // `finimport help keys create`
            rest.push_back("--help");
            return dispatch(rest, out, err);
        }
        out << overview();
        return 0;
    }
    auto members = group(first);
    if (members.empty()) {
        err << "finimport: unknown command " << first << "\n" << overview();
        return 2;
    }
    const CommandSpec* command = find(argv);
    if (!command) {
        // A group (`keys`) without a known subcommand: its usage lines, as help or as an error.
        bool help = asksForHelp(argv);
        std::ostream& to = help ? out : err;
        if (!help) {
            std::string sub = argv.size() > 1 ? argv[1] : "";
            to << "finimport " << first << ": "
               << (sub.empty() || sub.rfind("-", 0) == 0 ? "missing subcommand"
                                                         : "unknown subcommand " + sub)
               << "\n";
        }
        to << "usage:\n";
        for (const auto* c : members)
            to << "  " << usageLine(*c) << "\n";
        return help ? 0 : 2;
    }
    if (asksForHelp(argv)) {
        out << helpText(*command);
        return 0;
    }
    const std::string name = "finimport " + commandName(*command);
    try {
        Args args = Args::parse(argv, command->words.size(), command->operand, command->flags);
        return command->run(args);
    } catch (const UsageError& e) {
        err << name << ": " << e.what() << "\nusage: " << usageLine(*command) << "\n`" << name
            << " --help` lists the options.\n";
        return 2;
    } catch (const Poco::Exception& e) {
        err << name << ": " << e.displayText() << "\n";
        return 1;
    } catch (const std::exception& e) {
        err << name << ": " << e.what() << "\n";
        return 1;
    }
}

} // namespace finimport::cli
