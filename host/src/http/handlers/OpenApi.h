#pragma once
// schemas/openapi.yaml, embedded at build time (served at GET /api/v1/openapi.yaml).

#include <string_view>

namespace finimport::http {

std::string_view openApiYaml();

} // namespace finimport::http
