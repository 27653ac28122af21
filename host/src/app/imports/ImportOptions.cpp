#include "app/imports/ImportOptions.h"
#include "domain/Json.h"
#include "domain/Text.h"

#include <Poco/JSON/Object.h>
#include <Poco/String.h>

#include <algorithm>
#include <cctype>
#include <set>
#include <sstream>
#include <stdexcept>

namespace finimport::app {

std::optional<std::string> ImportOptions::get(const std::string& name) const {
    for (const auto& [k, v] : values)
        if (k == name) return v;
    return std::nullopt;
}

void ImportOptions::set(const std::string& name, std::optional<std::string> value) {
    for (auto& [k, v] : values)
        if (k == name) {
            v = std::move(value);
            return;
        }
    values.emplace_back(name, std::move(value));
}

std::string ImportOptions::toJson() const {
    Poco::JSON::Object obj(Poco::JSON_PRESERVE_KEY_ORDER);
    for (const auto& [k, v] : values)
        if (v)
            obj.set(k, *v);
        else
            obj.set(k, Poco::Dynamic::Var());
    std::ostringstream out;
    obj.stringify(out);
    return out.str();
}

ImportOptions ImportOptions::fromJson(const std::string& stored) {
    ImportOptions options;
    auto parsed = json::parse(stored);
    if (!parsed.value || !parsed.value->isObject())
        throw std::runtime_error("stored import options are not a JSON object");
    const json::Value& obj = *parsed.value;
    for (std::size_t i = 0; i < obj.keys().size(); ++i) {
        const json::Value& v = obj.items()[i];
        if (v.isNull())
            options.values.emplace_back(obj.keys()[i], std::nullopt);
        else if (v.isArray() || v.isObject())
            options.values.emplace_back(obj.keys()[i], json::write(v));
        else
            options.values.emplace_back(obj.keys()[i], v.text());
    }
    return options;
}

namespace {

void checkIntegerValue(const std::string& v, std::optional<int64_t> minimum,
                       std::vector<std::string>& errors, const std::string& label) {
    // Rails numericality: a number, then an integer, then >= 0.
    std::string t = v;
    bool number = !t.empty();
    size_t i = (t[0] == '-' || t[0] == '+') ? 1 : 0;
    bool digits = false, dot = false, fraction = false;
    for (; number && i < t.size(); ++i) {
        if (std::isdigit(static_cast<unsigned char>(t[i]))) {
            digits = true;
            if (dot && t[i] != '0') fraction = true;
        } else if (t[i] == '.' && !dot) {
            dot = true;
        } else {
            number = false;
        }
    }
    if (!number || !digits) {
        errors.push_back(label + " is not a number");
        return;
    }
    if (fraction) {
        errors.push_back(label + " must be an integer");
        return;
    }
    if (!minimum) return;
    try {
        if (std::stoll(t) < *minimum)
            errors.push_back(label + " must be greater than or equal to " +
                             std::to_string(*minimum));
    } catch (const std::exception&) {
        // Beyond 64 bits: left to the default, as before.
    }
}

// D42/D53: an exact, non-zero decimal with at most 12 places and 18 significant digits.
bool isExactFactor(const std::string& v) {
    size_t i = (!v.empty() && (v[0] == '-' || v[0] == '+')) ? 1 : 0;
    bool dot = false, nonZero = false;
    int places = 0, significant = 0, digits = 0;
    for (; i < v.size(); ++i) {
        if (v[i] == '.' && !dot) {
            dot = true;
            continue;
        }
        if (!std::isdigit(static_cast<unsigned char>(v[i]))) return false;
        ++digits;
        if (dot) ++places;
        if (nonZero || v[i] != '0') ++significant;
        nonZero = nonZero || v[i] != '0';
    }
    return digits > 0 && nonZero && places <= 12 && significant <= 18;
}

} // namespace

namespace {

// One option's request value checked against its declaration (docs/decisions.md D10): the messages
// name the option as the manifest's label says. Returns the effective value.
std::optional<std::string> checkOption(const plugin::OptionSpec& spec,
                                       const std::optional<std::string>& raw,
                                       std::vector<std::string>& errors) {
    const std::string name = spec.displayName();
    using T = plugin::OptionType;
    switch (spec.type) {
    case T::String:
        if (spec.defaultValue) return raw && !raw->empty() ? *raw : *spec.defaultValue;
        return raw;
    case T::Enum: {
        if (!raw) return spec.defaultValue;
        std::string value = *raw;
        for (const auto& [alias, canonical] : spec.aliases)
            if (Poco::icompare(value, alias) == 0) value = canonical;
        if (spec.notBlank && domain::isBlank(value)) errors.push_back(name + " can't be blank");
        if (std::find(spec.values.begin(), spec.values.end(), value) == spec.values.end()) {
            errors.push_back(name + " is not included in the list");
            return spec.defaultValue;
        }
        return value;
    }
    case T::Boolean:
        if (!raw) return spec.defaultValue;
        if (Poco::icompare(*raw, "true") == 0) return std::string("true");
        if (Poco::icompare(*raw, "false") == 0) return std::string("false");
        errors.push_back(name + " is not included in the list");
        return spec.defaultValue;
    case T::Integer: {
        if (!raw || raw->empty()) return spec.defaultValue;
        const std::size_t before = errors.size();
        checkIntegerValue(*raw, spec.minimum, errors, name);
        if (errors.size() != before) return spec.defaultValue;
        try {
            long long n = std::stoll(*raw);
            if (spec.minimum) n = std::max<long long>(*spec.minimum, n);
            return std::to_string(n);
        } catch (const std::exception&) {
            return spec.defaultValue;
        }
    }
    case T::Decimal:
        if (!raw || raw->empty()) return spec.defaultValue;
        if (!isExactFactor(*raw)) {
            errors.push_back(name + " must be a non-zero decimal with at most 12 places");
            return spec.defaultValue;
        }
        return raw;
    }
    return raw;
}

// A manifest rule (e.g. "split columns need both labels") over the checked values.
void checkRule(const plugin::OptionRule& rule, const ImportOptions& values,
               const std::set<std::string>& invalid, std::vector<std::string>& errors) {
    for (const auto& [name, expected] : rule.when) {
        if (invalid.count(name)) return;
        auto value = values.get(name);
        if (!value || *value != expected) return;
    }
    const bool missing = rule.require.empty() ||
                         std::any_of(rule.require.begin(), rule.require.end(),
                                     [&](const auto& n) { return domain::isBlank(values.get(n)); });
    if (missing) errors.push_back(rule.message);
}

} // namespace

ImportOptions readImportOptions(const CreateImportRequest& req, const ImportTypeTraits& traits,
                                std::vector<std::string>& errors) {
    ImportOptions o;
    if (traits.manifest) {
        const plugin::Manifest& manifest = *traits.manifest;
        std::set<std::string> invalid;
        // Values in the manifest's order, each followed by the rules placed after it.
        for (const auto& spec : manifest.options) {
            const std::size_t before = errors.size();
            o.set(spec.name, checkOption(spec, req.text(spec.name), errors));
            if (errors.size() != before) invalid.insert(spec.name);
            for (const auto& rule : manifest.rules)
                if (rule.after == spec.name) checkRule(rule, o, invalid, errors);
        }
        // Bounded lengths last, in the same order.
        for (const auto& spec : manifest.options) {
            auto v = req.text(spec.name);
            if (spec.maxLength && v && static_cast<int64_t>(v->size()) > *spec.maxLength)
                errors.push_back(spec.displayName() + " is too long (maximum is " +
                                 std::to_string(*spec.maxLength) + " characters)");
        }
    }
    o.set("encoding", std::nullopt);
    // Host options of every type (docs/decisions.md D57).
    auto skipInvalid = req.text("skip_invalid_rows");
    if (skipInvalid && Poco::icompare(*skipInvalid, "true") != 0 &&
        Poco::icompare(*skipInvalid, "false") != 0)
        errors.push_back("Skip invalid rows is not included in the list");
    o.set("skip_invalid_rows",
          skipInvalid && Poco::icompare(*skipInvalid, "true") == 0 ? "true" : "false");
    // docs/decisions.md D66: the import whose options this one started from (echoed, null when
    // absent).
    o.set("template_from_import_id", req.text("template_from_import_id"));
    for (const auto& [k, v] : traits.details.fixedOptions)
        o.set(k, v);
    return o;
}

std::optional<std::string> checkLineBounds(const ImportOptions& options,
                                           const ImportTypeTraits& traits, std::string_view text) {
    if (!traits.manifest) return std::nullopt;
    for (const auto& spec : traits.manifest->options) {
        if (!spec.belowLineCount) continue;
        auto v = options.get(spec.name);
        int64_t value = 0;
        try {
            value = v && !v->empty() ? std::stoll(*v) : 0;
        } catch (const std::exception&) {
        }
        if (value <= 0) continue;
        // Lines as the reference counts them: split on \n, a trailing newline adds no line.
        int64_t lines = static_cast<int64_t>(std::count(text.begin(), text.end(), '\n'));
        if (!text.empty() && text.back() != '\n') ++lines;
        if (value >= lines)
            return spec.displayName() + " must be less than the number of lines in the file (" +
                   std::to_string(lines) + ")";
    }
    return std::nullopt;
}

} // namespace finimport::app
