// Tag-list splitting (docs/imports.md §5.7).
#include <finimport/tags.hpp>

#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    (void)finimport::sdk::splitTags(std::string_view(reinterpret_cast<const char*>(data), size));
    return 0;
}
