#include "cli/Args.h"

#include <algorithm>

namespace finimport::cli {

namespace {

const FlagSpec* findFlag(const std::vector<FlagSpec>& specs, const std::string& spelled) {
    for (const auto& s : specs)
        if (std::find(s.spellings.begin(), s.spellings.end(), spelled) != s.spellings.end())
            return &s;
    return nullptr;
}

} // namespace

Args Args::parse(const std::vector<std::string>& words, size_t commandWords,
                 const std::string& operand, const std::vector<FlagSpec>& specs) {
    const size_t operands = operand.empty() ? 0 : 1;
    Args a;
    for (size_t i = 0; i < words.size(); ++i) {
        const std::string& word = words[i];
        if (word.rfind("--", 0) != 0 || word.size() == 2) {
            if (a.positional.size() >= commandWords + operands)
                throw UsageError("unexpected argument " + word);
            a.positional.push_back(word);
            continue;
        }
        std::string spelled = word.substr(2), value;
        bool inlineValue = false;
        if (auto eq = spelled.find('='); eq != std::string::npos) {
            value = spelled.substr(eq + 1);
            spelled = spelled.substr(0, eq);
            inlineValue = true;
        }
        const FlagSpec* spec = findFlag(specs, spelled);
        if (!spec) throw UsageError("unknown flag --" + spelled);
        if (spec->boolean) {
            if (inlineValue) throw UsageError("--" + spelled + " takes no value");
            value = "true";
        } else if (!inlineValue) {
            // A following flag is not a value: `--listen --database x` lacks the address.
            if (i + 1 >= words.size() || words[i + 1].rfind("--", 0) == 0)
                throw UsageError("--" + spelled + " needs a value (" + spec->metavar + ")");
            value = words[++i];
        }
        if (!spec->repeatable && a.flags.count(spec->name))
            throw UsageError("--" + spelled + " given twice");
        a.flags.emplace(spec->name, value);
    }
    if (a.positional.size() < commandWords + operands) throw UsageError("missing " + operand);
    for (const auto& s : specs)
        if (s.required && !a.flags.count(s.name))
            throw UsageError("missing --" + s.spellings.front() + " " + s.metavar);
    return a;
}

std::optional<std::string> Args::get(const std::string& name) const {
    auto it = flags.find(name);
    if (it == flags.end()) return std::nullopt;
    return it->second;
}

std::string Args::require(const std::string& name) const {
    auto v = get(name);
    if (!v) throw UsageError("missing --" + name);
    return *v;
}

std::vector<std::string> Args::all(const std::string& name) const {
    std::vector<std::string> out;
    auto [b, e] = flags.equal_range(name);
    for (auto it = b; it != e; ++it)
        out.push_back(it->second);
    return out;
}

} // namespace finimport::cli
