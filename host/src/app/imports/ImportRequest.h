#pragma once
// What a create/preflight request carries, independent of HTTP: scalar parameters as text
// with their JSON kind, and the uploaded file part.

#include "app/ErrorKind.h"
#include "app/imports/UploadTicket.h"

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

namespace finimport::app {

struct FieldValue {
    enum class Kind { Null, String, Number, Bool, Array, Object };
    Kind kind = Kind::Null;
    std::string text; // String: the value; Number: its exact JSON text; Bool: "true"/"false"

    bool isScalar() const {
        return kind == Kind::String || kind == Kind::Number || kind == Kind::Bool;
    }
};

struct UploadedFile {
    std::string filename, contentType, data;
};

struct CreateImportRequest {
    std::string familyId, userId;
    std::map<std::string, FieldValue> fields;
    std::optional<UploadedFile> file;
    bool fileFieldWasText = false; // a multipart text field named `file`
    // docs/decisions.md D165: the upload's ticket when the client chose the import's id; the
    // import takes its id, and its rows are counted on it while they are parsed.
    std::shared_ptr<UploadTicket> upload;

    // Scalar value as text; nullopt for absent, null, arrays and objects.
    std::optional<std::string> text(const std::string& name) const;
    bool has(const std::string& name) const { return fields.count(name) > 0; }
};

// A created import's id, or why nothing was stored.
using StoredUpload = std::variant<std::string, Error>;

} // namespace finimport::app
