#include "http/handlers/ImportTypesHandler.h"

#include "http/JsonWriter.h"

namespace finimport::http {

namespace {

void writeOption(JsonWriter& w, const plugin::OptionSpec& o) {
    w.beginObject();
    w.key("name").string(o.name);
    w.key("label").string(o.displayName());
    w.key("type").string(plugin::optionTypeName(o.type));
    w.key("values").beginArray();
    for (const auto& v : o.values)
        w.string(v);
    w.endArray();
    w.key("default");
    if (o.defaultValue)
        w.string(*o.defaultValue);
    else
        w.null();
    w.key("description");
    if (o.description)
        w.string(*o.description);
    else
        w.null();
    w.endObject();
}

} // namespace

std::string importTypesJson(const plugin::PluginRegistry& plugins) {
    JsonWriter w;
    w.beginObject().key("data").beginArray();
    for (const auto& info : plugins.types()) {
        const plugin::ImporterHandle* importer = plugins.find(info.type);
        if (!importer) continue;
        const plugin::Manifest& m = importer->manifest;
        w.beginObject();
        w.key("type").string(info.type);
        w.key("plugin").string(info.pluginName);
        w.key("file_noun").string(m.fileNounText());
        w.key("extensions").beginArray();
        for (const auto& e : m.extensions)
            w.string(e);
        w.endArray();
        w.key("media_types").beginArray();
        for (const auto& t : m.mediaTypes)
            w.string(t);
        w.endArray();
        w.key("needs_account").boolean(m.details(info.type).needsAccount);
        w.key("options").beginArray();
        for (const auto& o : m.options)
            writeOption(w, o);
        w.endArray();
        w.endObject();
    }
    w.endArray().endObject();
    return w.take();
}

} // namespace finimport::http
