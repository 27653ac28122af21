#include "app/imports/RowPipeline.h"

#include "plugin/HostStall.h"

#include <string>

namespace finimport::app {

void RowPipeline::push(CollectedRow&& row) {
    const auto start = std::chrono::steady_clock::now();
    _consume(std::move(row));
    const auto took = std::chrono::steady_clock::now() - start;
    _stalled += took;
    plugin::noteHostStall(took); // docs/decisions.md D81
    if (_stalled > _maxHostStall)
        throw HostTooSlow(
            "The server could not store the rows as fast as the file was read: storing rows "
            "kept the parse waiting more than " +
            std::to_string(
                std::chrono::duration_cast<std::chrono::seconds>(_maxHostStall).count()) +
            " s");
}

} // namespace finimport::app
