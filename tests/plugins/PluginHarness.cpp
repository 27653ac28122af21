#include "PluginHarness.h"

#include <dlfcn.h>

#include <algorithm>
#include <cstring>
#include <fstream>
#include <map>
#include <sstream>
#include <stdexcept>

namespace harness {

namespace {

struct Host {
    const std::string* content = nullptr;
    std::size_t pos = 0;
    RunSettings settings;
    int callbacks = 0;
    std::vector<std::string> fields;
    bool header = false;
    RunResult* result = nullptr;

    int answer() { return ++callbacks == settings.stopAfterCallbacks ? 1 : 0; }
};

Host& hostOf(void* host) {
    return *static_cast<Host*>(host);
}

std::string locationJson(const fi_location* where) {
    return "\"record\":" + std::to_string(where->record) +
           ",\"line\":" + std::to_string(where->line);
}

} // namespace

std::string jsonString(const char* text) {
    if (text == nullptr) return "null";
    std::string out = "\"";
    for (const char* p = text; *p; ++p) {
        const auto c = static_cast<unsigned char>(*p);
        if (c == '"' || c == '\\') {
            out.push_back('\\');
            out.push_back(char(c));
        } else if (c == '\n') {
            out.append("\\n");
        } else if (c == '\r') {
            out.append("\\r");
        } else if (c == '\t') {
            out.append("\\t");
        } else if (c < 0x20) {
            char buffer[8];
            std::snprintf(buffer, sizeof buffer, "\\u%04x", c);
            out.append(buffer);
        } else {
            out.push_back(char(c));
        }
    }
    return out + "\"";
}

std::string RunResult::text() const {
    std::string out;
    for (const std::string& line : lines)
        out.append(line).append("\n");
    return out;
}

std::vector<std::string> RunResult::column(const std::string& field) const {
    std::vector<std::string> out;
    for (const auto& row : rows) {
        auto it = row.find(field);
        out.push_back(it == row.end() ? "<missing>" : it->second ? *it->second : "<null>");
    }
    return out;
}

const fi_plugin& loadPlugin(const std::string& file) {
    static std::map<std::string, const fi_plugin*> loaded;
    if (auto it = loaded.find(file); it != loaded.end()) return *it->second;
    const std::string path = std::string(FINIMPORT_PLUGIN_BUILD_DIR) + "/" + file;
    void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_LOCAL);
    if (handle == nullptr) throw std::runtime_error("dlopen " + path + ": " + dlerror());
    auto entry = reinterpret_cast<fi_plugin_entry_fn>(dlsym(handle, FINIMPORT_ENTRY_SYMBOL));
    if (entry == nullptr) throw std::runtime_error(path + " has no " FINIMPORT_ENTRY_SYMBOL);
    const fi_plugin* plugin = entry();
    loaded[file] = plugin;
    return *plugin;
}

const fi_importer& findImporter(const fi_plugin& plugin, const std::string& id) {
    for (std::size_t i = 0; i < plugin.importer_count; ++i)
        if (id == plugin.importers[i]->id) return *plugin.importers[i];
    throw std::runtime_error("no importer " + id);
}

RunResult run(const fi_importer& importer, const std::string& content, const OptionList& options,
              RunSettings settings) {
    RunResult result;
    Host state;
    state.content = &content;
    state.settings = settings;
    state.result = &result;
    fi_io io{};
    io.struct_size = sizeof(fi_io);
    io.host = &state;
    io.read = [](void* h, char* buffer, size_t capacity) -> int64_t {
        Host& host = hostOf(h);
        std::size_t n = std::min({capacity, host.settings.chunk, host.content->size() - host.pos});
        std::memcpy(buffer, host.content->data() + host.pos, n);
        host.pos += n;
        return int64_t(n);
    };
    io.begin = [](void* h, const char* kind, const char* const* names, size_t count) -> int {
        Host& host = hostOf(h);
        std::string line = "{\"begin\":" + jsonString(kind) + ",\"fields\":[";
        host.fields.assign(names, names + count);
        host.header = std::strcmp(kind, "header") == 0;
        for (size_t i = 0; i < count; ++i)
            line.append(i ? "," : "").append(jsonString(names[i]));
        host.result->lines.push_back(line + "]}");
        return host.answer();
    };
    io.row = [](void* h, const char* const* values, size_t count, const fi_location* where) -> int {
        Host& host = hostOf(h);
        std::string line = "{" + locationJson(where) + ",\"values\":{";
        for (size_t i = 0; i < count; ++i) {
            const std::string name = i < host.fields.size() ? host.fields[i] : "?";
            line.append(i ? "," : "").append(jsonString(name.c_str())).append(":");
            line.append(jsonString(values[i]));
        }
        host.result->lines.push_back(line + "}}");
        if (!host.header) {
            auto& row = host.result->rows.emplace_back();
            for (size_t i = 0; i < count && i < host.fields.size(); ++i)
                row[host.fields[i]] =
                    values[i] ? std::optional<std::string>(values[i]) : std::nullopt;
        }
        return host.answer();
    };
    io.row_error = [](void* h, const char* code, const fi_location* where, const char* field,
                      const char* message, const char* raw) -> int {
        Host& host = hostOf(h);
        host.result->lines.push_back("{\"error\":" + jsonString(code) + "," + locationJson(where) +
                                     ",\"field\":" + jsonString(field) + ",\"message\":" +
                                     jsonString(message) + ",\"raw\":" + jsonString(raw) + "}");
        host.result->errors.push_back(std::to_string(where->record) + " " + code + " " +
                                      (field ? field : "-") + ": " + message);
        return host.answer();
    };
    io.set_error = [](void* h, const char* message) {
        hostOf(h).result->lines.push_back("{\"fatal\":" + jsonString(message) + "}");
        hostOf(h).result->fatal = message;
    };
    io.log = [](void*, int32_t, const char*) {};
    io.fail = [](void* h, const char* code, const char* message) {
        hostOf(h).result->lines.push_back("{\"fatal\":" + jsonString(message) +
                                          ",\"code\":" + jsonString(code) + "}");
        hostOf(h).result->fatal = message;
        hostOf(h).result->fatalCode = code;
    };
    std::vector<fi_option> items;
    for (const auto& [name, value] : options)
        items.push_back(fi_option{name.c_str(), value.c_str()});
    const fi_options list{sizeof(fi_options), items.size(), items.data()};
    result.status = importer.run(&list, &io);
    result.lines.push_back("{\"status\":" + std::to_string(result.status) + "}");
    return result;
}

std::string readFile(const std::string& path) {
    std::ifstream in(path, std::ios::binary);
    if (!in) throw std::runtime_error("cannot read " + path);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

void writeFile(const std::string& path, const std::string& text) {
    std::ofstream out(path, std::ios::binary);
    out << text;
}

} // namespace harness
