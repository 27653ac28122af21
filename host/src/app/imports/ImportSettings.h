#pragma once
// The settings app/ reads (row caps, the charset fallback). server::Config extends this struct,
// so the server passes its configuration down and app/ never sees the server's own settings.

#include <cstdint>
#include <string>

namespace finimport::app {

struct ImportSettings {
    int64_t rowCap = 10000;
    int64_t accountRowCap = 50;
    int64_t serviceRowCap = 100000;
    int64_t uploadRowCap = 1000000; // rows one upload may produce; more → 422
    std::string fallbackCharset = "windows-1250";
};

} // namespace finimport::app
