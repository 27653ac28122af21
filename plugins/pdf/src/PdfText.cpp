#include "PdfText.h"

#include "finimport/plugin.hpp"

#include <poppler-document.h>
#include <poppler-global.h>
#include <poppler-page.h>

#include <memory>

namespace finimport::pdf {

namespace {

void quiet(const std::string&, void*) {} // poppler's diagnostics are not ours to print

} // namespace

std::vector<std::string> extractLines(const std::string& bytes) {
    if (bytes.rfind("%PDF-", 0) != 0) throw Fatal("The file is not a PDF document");
    if (bytes.size() > std::size_t(INT32_MAX)) throw Fatal("The PDF is too large");
    poppler::set_debug_error_function(quiet, nullptr);
    std::unique_ptr<poppler::document> doc(
        poppler::document::load_from_raw_data(bytes.data(), int(bytes.size())));
    if (!doc) throw Fatal("The PDF could not be read");
    if (doc->is_locked()) throw Fatal("The PDF is password-protected");
    std::vector<std::string> lines;
    for (int i = 0; i < doc->pages(); ++i) {
        std::unique_ptr<poppler::page> page(doc->create_page(i));
        if (!page) continue;
        const poppler::byte_array utf8 =
            page->text(poppler::rectf(), poppler::page::physical_layout).to_utf8();
        std::string text(utf8.begin(), utf8.end());
        std::size_t start = 0;
        for (std::size_t k = 0; k <= text.size(); ++k) {
            if (k < text.size() && text[k] != '\n' && text[k] != '\f') continue;
            std::string line = text.substr(start, k - start);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            lines.push_back(std::move(line));
            start = k + 1;
        }
        lines.emplace_back(); // a page break separates tables like a blank line
    }
    return lines;
}

} // namespace finimport::pdf
