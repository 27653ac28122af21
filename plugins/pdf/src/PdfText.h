// PDF → text lines with poppler (physical layout, like `pdftotext -layout`).
#ifndef FINIMPORT_PDF_TEXT_H
#define FINIMPORT_PDF_TEXT_H

#include <string>
#include <vector>

namespace finimport::pdf {

// The text lines of every page in order. Throws finimport::Fatal when the bytes are not a
// readable, unencrypted PDF.
std::vector<std::string> extractLines(const std::string& bytes);

} // namespace finimport::pdf

#endif // FINIMPORT_PDF_TEXT_H
