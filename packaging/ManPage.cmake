# cmake -DTEMPLATE=finimport.1.in -DSETTINGS_MD=docs/configuration.md -DVERSION=x -DOUTPUT=...
#   -P ManPage.cmake
# Writes the man page: the template with @VERSION@ and @SETTINGS@, the latter one .TP entry per
# row of the settings table in docs/configuration.md (kept equal to the code by app_config).
cmake_policy(VERSION 3.25)

# Markdown cell text to roff: backslashes and dashes escaped, `code` in bold.
function(fi_roff out text)
  string(REPLACE "\\" "\\e" text "${text}")
  string(REPLACE "-" "\\-" text "${text}")
  string(REGEX REPLACE "`([^`]*)`" "\\\\fB\\1\\\\fR" text "${text}")
  string(REGEX REPLACE "\\*([^*]+)\\*" "\\\\fI\\1\\\\fR" text "${text}")
  set(${out} "${text}" PARENT_SCOPE)
endfunction()

file(STRINGS ${SETTINGS_MD} rows REGEX "^\\| `")
set(settings "")
set(count 0)
foreach(row IN LISTS rows)
  if(NOT row MATCHES "^\\| `([^`]+)` \\| `--([^ `]+) ([^`]+)` \\| `([^`]+)` \\| ([^|]*) \\| ([^|]*) \\|$")
    message(FATAL_ERROR "${SETTINGS_MD}: a settings row the man page cannot read:\n${row}")
  endif()
  set(key ${CMAKE_MATCH_1})
  set(flag ${CMAKE_MATCH_2})
  set(metavar ${CMAKE_MATCH_3})
  set(env ${CMAKE_MATCH_4})
  fi_roff(default "${CMAKE_MATCH_5}")
  string(REGEX REPLACE "\\.$" "" meaning "${CMAKE_MATCH_6}")
  fi_roff(meaning "${meaning}")
  fi_roff(key "${key}")
  fi_roff(flag "${flag}")
  fi_roff(env "${env}")
  string(APPEND settings ".TP\n\\fB${key}\\fR, \\fB\\-\\-${flag}\\fR \\fI${metavar}\\fR, "
         "\\fB${env}\\fR\n\\&${meaning}.\nDefault: ${default}.\n")
  math(EXPR count "${count} + 1")
endforeach()
if(count EQUAL 0)
  message(FATAL_ERROR "${SETTINGS_MD} has no settings table")
endif()
string(REGEX REPLACE "\n$" "" settings "${settings}")

file(READ ${TEMPLATE} page)
string(REPLACE "@VERSION@" "${VERSION}" page "${page}")
string(REPLACE "@SETTINGS@" "${settings}" page "${page}")
file(WRITE ${OUTPUT} "${page}")
