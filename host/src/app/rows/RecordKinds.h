#pragma once
// One table per record kind (sdk/docs/records.md): which fields a row of that kind must have,
// which a client may edit (docs/decisions.md D44), which it may not, which hold a value in the
// engine's sign derived from a value in the file's sign (D56, D67), and whether the row books an
// entry. Row validation, row edits and the upload's writer read it (docs/decisions.md D201).

#include <span>
#include <string_view>

namespace finimport::app::rows {

// An engine-sign field and the file-sign value it follows after an edit.
struct SignedField {
    std::string_view name;  // e.g. "signed_amount"
    std::string_view plain; // e.g. "amount"; empty for a trade's cash (price × signed_qty)
    int defaultSign = 1;    // the sign a row without the field gets (records.md "Signs")
};

struct RecordKind {
    std::string_view kind; // empty for the kinds not listed (categories, merchants, splits ...)
    // Blank after an edit: a `required` error "<Label> is required".
    std::span<const std::string_view> required;
    // A client may send these when the row has them (the rows endpoint's visible fields).
    std::span<const std::string_view> editable;
    // Present but refused: "Field <name> cannot be edited" (a rule's JSON is the plugin's).
    std::span<const std::string_view> locked;
    // Recomputed when an edit touches one of `signedFrom`, in this order.
    std::span<const SignedField> signedFields;
    std::span<const std::string_view> signedFrom;
    // Books an entry on an account: docs/decisions.md D4's account currency applies, and the
    // upload's name fallback warning counts the row.
    bool entry = false;

    bool isRequired(std::string_view field) const;
    bool isEditable(std::string_view field) const;
    bool isLocked(std::string_view field) const;
    bool recomputesOn(std::string_view field) const;
};

// The table of `kind`; a kind not listed gets the default one (a name is required).
const RecordKind& recordKind(std::string_view kind);

} // namespace finimport::app::rows
