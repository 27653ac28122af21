// The strptime-style parser: the first line is the pattern, the rest the text; plus detection
// (docs/imports.md §5.9 and the docs/decisions.md D55 decider over every line).
#include <finimport/date.hpp>

#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    std::string all(reinterpret_cast<const char*>(data), size);
    auto nl = all.find('\n');
    std::string pattern = nl == std::string::npos ? "%m/%d/%Y" : all.substr(0, nl);
    std::string text = nl == std::string::npos ? all : all.substr(nl + 1);
    (void)finimport::sdk::parseDate(text, pattern);
    for (auto p : finimport::sdk::kDetectableDateFormats)
        (void)finimport::sdk::parseDate(text, p);
    std::vector<std::string> samples{text, pattern};
    (void)finimport::sdk::detectDateFormat(samples, finimport::sdk::CivilDate{2026, 11, 22});
    // `date_format=auto` (docs/decisions.md D55): every line a sample.
    finimport::sdk::DateFormatDecider decider({1976, 11, 23}, {2026, 11, 23});
    for (std::size_t start = 0; start <= all.size();) {
        const std::size_t end = std::min(all.find('\n', start), all.size());
        decider.add(std::string_view(all).substr(start, end - start));
        start = end + 1;
    }
    (void)decider.result();
    return 0;
}
