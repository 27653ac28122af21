# cmake -DINPUT=manifest.json -DOUTPUT=finimport_manifest.h -P FinimportEmbedManifest.cmake
# Writes the manifest as NUL-terminated char arrays (byte lists, not string literals: no escaping
# and no length limit of string literals). Run by finimport_add_plugin(MANIFEST) at build time.
cmake_minimum_required(VERSION 3.20)
file(READ "${INPUT}" json)
string(JSON types ERROR_VARIABLE error GET "${json}" types)
if(error)
  message(FATAL_ERROR "${INPUT}: not a manifest (a JSON object with \"types\"): ${error}")
endif()
string(JSON count LENGTH "${json}" types)
if(count EQUAL 0)
  message(FATAL_ERROR "${INPUT}: \"types\" lists no type")
endif()

# A C array initializer for `text`, 16 bytes a line, NUL-terminated.
function(bytes_of text out)
  string(HEX "${text}" hex)
  string(REGEX REPLACE "([0-9a-f][0-9a-f])" "0x\\1," list "${hex}")
  string(REGEX REPLACE "((0x..,){16})" "\\1\n    " list "${list}")
  set(${out} "{\n    ${list}0x00}" PARENT_SCOPE)
endfunction()

bytes_of("${json}" whole)
set(arrays "/* The whole manifest file. */\nFINIMPORT_MANIFEST_STORAGE char finimport_manifest_json[] = ${whole};\n")

# The manifest's "types", for the importer's NULL-terminated type list (fi_importer.types): the
# types are declared once, in the manifest, and the code reads them from here. Each name is a
# byte array too (no escaping); finimport_manifest_types lists them all and, when there are
# several, finimport_manifest_types_<Type> lists the one type of the importer serving it.
math(EXPR last "${count} - 1")
set(all_types "")
foreach(i RANGE ${last})
  string(JSON type GET "${json}" types ${i})
  string(JSON kind TYPE "${json}" types ${i})
  if(NOT kind STREQUAL "STRING" OR type STREQUAL "")
    message(FATAL_ERROR "${INPUT}: \"types\"[${i}] must be a non-empty string")
  endif()
  bytes_of("${type}" name)
  string(APPEND arrays "FINIMPORT_MANIFEST_STORAGE char finimport_manifest_type_${i}[] = ${name};\n")
  string(APPEND all_types "finimport_manifest_type_${i}, ")
  if(count GREATER 1)
    string(MAKE_C_IDENTIFIER "${type}" id)
    string(APPEND arrays "/* The type list of the importer serving ${type}. */\n"
           "FINIMPORT_MANIFEST_TYPES finimport_manifest_types_${id}[] = "
           "{finimport_manifest_type_${i}, FINIMPORT_MANIFEST_NULL};\n")
  endif()
endforeach()
string(APPEND arrays "/* Every type the manifest lists, NULL-terminated. */\n"
       "FINIMPORT_MANIFEST_TYPES finimport_manifest_types[] = {${all_types}FINIMPORT_MANIFEST_NULL};\n")
if(count GREATER 1)
  math(EXPR last "${count} - 1")
  foreach(i RANGE ${last})
    string(JSON type GET "${json}" types ${i})
    string(MAKE_C_IDENTIFIER "${type}" id)
    # Narrowed in the text, so the rest stays byte for byte as written (string(JSON SET) would
    # reorder keys); then checked to equal the file with only "types" changed.
    string(REGEX REPLACE "\"types\"[ \t\r\n]*:[ \t\r\n]*\\[[^]]*\\]"
           "\"types\": [\"${type}\"]" one "${json}")
    string(JSON expected SET "${json}" types "[\"${type}\"]")
    string(JSON same EQUAL "${one}" "${expected}")
    if(NOT same)
      message(FATAL_ERROR "${INPUT}: could not narrow \"types\" to ${type}")
    endif()
    bytes_of("${one}" narrowed)
    string(APPEND arrays "/* The manifest of the importer serving ${type}. */\n"
           "FINIMPORT_MANIFEST_STORAGE char finimport_manifest_json_${id}[] = ${narrowed};\n")
  endforeach()
endif()

get_filename_component(name "${INPUT}" NAME)
file(WRITE "${OUTPUT}.tmp" "/* Generated from ${name} by finimport_add_plugin(MANIFEST ...): do not edit. */
#ifndef FINIMPORT_MANIFEST_H
#define FINIMPORT_MANIFEST_H

#ifdef __cplusplus
#define FINIMPORT_MANIFEST_STORAGE inline constexpr
#define FINIMPORT_MANIFEST_TYPES inline constexpr const char*
#define FINIMPORT_MANIFEST_NULL nullptr
#else
#include <stddef.h>
#define FINIMPORT_MANIFEST_STORAGE static const
#if defined(__GNUC__)
#define FINIMPORT_MANIFEST_TYPES __attribute__((unused)) static const char* const
#else
#define FINIMPORT_MANIFEST_TYPES static const char* const
#endif
#define FINIMPORT_MANIFEST_NULL NULL
#endif

${arrays}
#endif
")
# Only touch the header when it changed: plugins do not rebuild for nothing.
file(COPY_FILE "${OUTPUT}.tmp" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.tmp")
