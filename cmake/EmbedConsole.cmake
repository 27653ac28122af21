# Writes OUTPUT: a C++ file holding the web console's files (host/console/), one table entry each
# (served at / and /console/NAME; docs/console.md). FILES is a ;-separated list of paths.
set(body "// Generated from host/console/; do not edit.\n#include \"http/handlers/ConsoleAssets.h\"\nnamespace finimport::http {\nconst std::vector<ConsoleAsset>& consoleAssets() {\n    static const std::vector<ConsoleAsset> assets = {\n")
foreach(path IN LISTS FILES)
  get_filename_component(name ${path} NAME)
  file(READ ${path} content)
  string(FIND "${content}" ")FICONSOLE\"" clash)
  if(NOT clash EQUAL -1)
    message(FATAL_ERROR "${path} contains the raw-string delimiter )FICONSOLE\"")
  endif()
  string(APPEND body "        {\"${name}\", R\"FICONSOLE(${content})FICONSOLE\"},\n")
endforeach()
string(APPEND body "    };\n    return assets;\n}\n} // namespace finimport::http\n")
file(WRITE ${OUTPUT} "${body}")
