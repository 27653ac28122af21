// An optional second interface of a RecordSink: rows as views, without the runner's copy.
#pragma once

#include "plugin/ImporterRunner.h"

#include <optional>
#include <span>
#include <string_view>

namespace finimport::plugin {

// A RecordSink that also derives from RowViewSink receives each row here instead of through
// row(): the values as views (nullopt = absent), valid only during the call: the plugin's own
// strings when they are valid UTF-8, the runner's repaired copies otherwise. The sink copies
// what it keeps, once; the runner copies nothing.
class RowViewSink {
public:
    virtual ~RowViewSink() = default;
    virtual bool rowView(std::span<const std::optional<std::string_view>> values,
                         const Location& location) = 0;
};

} // namespace finimport::plugin
