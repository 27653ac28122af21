// The one place an fi_io is put together. `Calls` has the callbacks as static noexcept
// functions named after the fields (read, begin, row, row_sized, row_error, set_error, log,
// fail); `host` is what they are handed back. Two tables exist: the host's checks
// (plugin/RunCallbacks.cpp) and the recorder a plugin beside the host calls
// (plugin/CallRecorder.h, inline or in the sandbox child).
#pragma once

#include <finimport/plugin.h>

namespace finimport::plugin {

template <typename Calls> fi_io ioTable(void* host) {
    fi_io io{};
    io.struct_size = sizeof(fi_io);
    io.host = host;
    io.read = &Calls::read;
    io.begin = &Calls::begin;
    io.row = &Calls::row;
    io.row_sized = &Calls::row_sized;
    io.row_error = &Calls::row_error;
    io.set_error = &Calls::set_error;
    io.log = &Calls::log;
    io.fail = &Calls::fail;
    return io;
}

} // namespace finimport::plugin
