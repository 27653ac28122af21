// The exact number parser under every number format.
#include <finimport/decimal.hpp>

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    using finimport::sdk::NumberFormat;
    for (auto f : {NumberFormat::CommaDot, NumberFormat::DotComma, NumberFormat::SpaceComma,
                   NumberFormat::CommaOnly}) {
        auto r = finimport::sdk::parseDecimal(text, f);
        if (r.value) (void)finimport::sdk::formatScaled(r.value->scaled, 8);
    }
    return 0;
}
