#pragma once
// The body of PATCH/PUT /api/v1/transactions/{id} as app/ reads it: the members of the
// `transaction` object (or the top-level field names), each with its JSON kind and exact text
// (numbers keep their source text, never a double). http/ converts its parameters into this.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace finimport::app::ledger {

struct PatchValue {
    enum class Kind { Null, String, Number, Bool, Array, Object };
    Kind kind = Kind::Null;
    std::string text;              // scalars: the string, the number text, "true"/"false"
    std::vector<PatchValue> items; // arrays
};

// nullopt: the wrapper is missing, null, not an object or empty (docs/read-api.md §3.4).
using PatchFields = std::optional<std::map<std::string, PatchValue>>;

// The field names of docs/read-api.md §3.4's table: what is read from the top level when a body
// has no `transaction` key.
const std::vector<std::string>& patchFieldNames();

} // namespace finimport::app::ledger
