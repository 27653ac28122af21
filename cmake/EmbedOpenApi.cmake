# Writes OUTPUT: a C++ file returning the text of INPUT (the OpenAPI document).
file(READ ${INPUT} content)
file(WRITE ${OUTPUT} "// Generated from schemas/openapi.yaml; do not edit.\n#include \"http/handlers/OpenApi.h\"\nnamespace finimport::http {\nstd::string_view openApiYaml() {\n    static const char* text = R\"FIYAML(${content})FIYAML\";\n    return text;\n}\n} // namespace finimport::http\n")
