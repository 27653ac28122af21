// The exact number parser under every number format.
#include <finimport/decimal.hpp>
#include <finimport/detect.hpp>

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string_view text(reinterpret_cast<const char*>(data), size);
    using finimport::sdk::NumberFormat;
    for (auto f : {NumberFormat::CommaDot, NumberFormat::DotComma, NumberFormat::SpaceComma,
                   NumberFormat::CommaOnly}) {
        auto r = finimport::sdk::parseDecimal(text, f);
        if (r.value) (void)finimport::sdk::formatScaled(r.value->scaled, 8);
    }
    // `number_format=auto` (docs/decisions.md D55): every line a value.
    finimport::sdk::NumberFormatDecider decider;
    for (std::size_t start = 0; start <= text.size();) {
        const std::size_t end = std::min(text.find('\n', start), text.size());
        decider.add(text.substr(start, end - start));
        start = end + 1;
    }
    (void)decider.result();
    return 0;
}
