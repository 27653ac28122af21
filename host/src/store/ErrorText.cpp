#include "store/ErrorText.h"

#include <Poco/Exception.h>

namespace finimport::store {

std::string errorText(const std::exception& e) {
    if (const auto* poco = dynamic_cast<const Poco::Exception*>(&e)) return poco->displayText();
    return e.what();
}

} // namespace finimport::store
