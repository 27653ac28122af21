#pragma once
// The one JSON reader and writer of the engine (docs/decisions.md D180), shared with the plugins
// through the SDK's header-only helpers: a document keeps every number as its exact text until
// a decimal parse reads it. The rest of the host includes it from here (names in
// finimport::json), never the SDK headers (tests/repo/layer_includes.sh).

#include <finimport/json.hpp>
#include <finimport/json_number.hpp>
#include <finimport/json_reader.hpp>
#include <finimport/json_value.hpp>
