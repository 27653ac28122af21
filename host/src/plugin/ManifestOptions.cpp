// docs/decisions.md D10: request options checked against the manifest's declarations.
#include "plugin/Manifest.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <variant>

namespace finimport::plugin {
namespace {

std::optional<std::string> canonicalInteger(const std::string& text) {
    std::string_view digits = text;
    if (!digits.empty() && digits[0] == '+') {
        digits.remove_prefix(1);
        if (digits.empty() || digits[0] == '-') return std::nullopt; // "+-1"
    }
    int64_t value = 0;
    const auto [end, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (ec != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
    return std::to_string(value);
}

std::optional<std::string> canonicalBoolean(const std::string& text) {
    std::string lower = text;
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    if (lower == "true" || lower == "1") return "true";
    if (lower == "false" || lower == "0") return "false";
    return std::nullopt;
}

std::string enumChoices(const OptionSpec& spec) {
    std::string text;
    for (const auto& value : spec.values) {
        text += (text.empty() ? "\"" : ", \"") + value + "\"";
    }
    return text;
}

// The canonical text of `value`, or the problem with it.
std::variant<std::string, OptionProblem> checkValue(const OptionSpec& spec,
                                                    const std::string& value) {
    const std::string got = " (got \"" + value + "\")";
    const std::string prefix = "Option \"" + spec.name + "\" must be ";
    switch (spec.type) {
    case OptionType::String:
    case OptionType::Decimal:
        return value;
    case OptionType::Integer:
        if (auto canonical = canonicalInteger(value)) return *canonical;
        return OptionProblem{spec.name, prefix + "an integer" + got};
    case OptionType::Boolean:
        if (auto canonical = canonicalBoolean(value)) return *canonical;
        return OptionProblem{spec.name, prefix + "true or false" + got};
    case OptionType::Enum:
        if (std::find(spec.values.begin(), spec.values.end(), value) != spec.values.end()) {
            return value;
        }
        return OptionProblem{spec.name, prefix + "one of " + enumChoices(spec) + got};
    }
    return value;
}

} // namespace

const char* optionTypeName(OptionType type) {
    // In the order of OptionType.
    static constexpr const char* kNames[] = {"string", "integer", "boolean", "enum", "decimal"};
    return kNames[static_cast<size_t>(type)];
}

const OptionSpec* Manifest::findOption(std::string_view name) const {
    for (const auto& option : options) {
        if (option.name == name) return &option;
    }
    return nullptr;
}

const OptionSpec* Manifest::optionSniffing(std::string_view role) const {
    for (const auto& option : options)
        if (option.sniffs == role) return &option;
    return nullptr;
}

ValidatedOptions validateOptions(const Manifest& manifest,
                                 const std::map<std::string, std::optional<std::string>>& given) {
    ValidatedOptions result;
    for (const auto& spec : manifest.options) {
        const auto found = given.find(spec.name);
        if (found == given.end() || !found->second) {
            result.values.emplace_back(spec.name, spec.defaultValue);
            continue;
        }
        auto checked = checkValue(spec, *found->second);
        if (auto* problem = std::get_if<OptionProblem>(&checked)) {
            result.problems.push_back(std::move(*problem));
            result.values.emplace_back(spec.name, std::nullopt);
        } else {
            result.values.emplace_back(spec.name, std::move(std::get<std::string>(checked)));
        }
    }
    return result;
}

} // namespace finimport::plugin
