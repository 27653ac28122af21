#pragma once
// An upload being received and parsed (docs/decisions.md D165): the import's id is known from the
// start of the request (the client's X-Import-Id), but nothing is stored until the create
// transaction commits, so GET /api/v1/imports/{id} answers it from this memory of the instance
// that receives it, as the progress of a running job (D101). A ticket is on the board from the
// first byte of the body until its request ends; a refused or broken upload leaves nothing.

#include "domain/NoCopy.h"

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>

namespace finimport::app {

// What GET /api/v1/imports/{id} shows of an upload in progress.
struct UploadState {
    std::string id, familyId;
    std::string type;      // "auto" until the body is read (the type is one of its fields)
    std::string phase;     // "receiving" (the body's bytes), "parsing" (its rows)
    int64_t startedAt = 0; // epoch microseconds
    uint64_t bytesDone = 0;
    std::optional<uint64_t> bytesTotal; // the Content-Length when sent
    int64_t rowsDone = 0;
};

class UploadTicket : domain::NoCopy {
public:
    // Puts the upload on the process-wide board; null when `id` is already on it.
    static std::shared_ptr<UploadTicket> open(const std::string& id, const std::string& familyId,
                                              std::optional<uint64_t> bytesTotal);
    ~UploadTicket(); // takes it off the board

    const std::string& id() const { return _id; }
    const std::string& familyId() const { return _familyId; }
    // Called per read of the body and per row: plain atomic stores, no lock.
    void bytesRead(uint64_t total) { _bytes.store(total, std::memory_order_relaxed); }
    void rowParsed(int64_t rows) { _rows.store(rows, std::memory_order_relaxed); }
    // The body is read: its rows are being parsed as `type`.
    void parsing(const std::string& type);

    UploadState state() const;

private:
    UploadTicket(std::string id, std::string familyId, std::optional<uint64_t> bytesTotal);

    const std::string _id, _familyId;
    const std::optional<uint64_t> _bytesTotal;
    const int64_t _startedAt;
    mutable std::mutex _mutex; // guards _type and _parsing
    std::string _type = "auto";
    bool _parsing = false;
    std::atomic<uint64_t> _bytes{0};
    std::atomic<int64_t> _rows{0};
};

// The upload `id` of `familyId` while it runs; nullopt otherwise (and for another family's).
std::optional<UploadState> uploadInProgress(const std::string& familyId, const std::string& id);
// Whether any family's upload runs under `id` (an X-Import-Id is taken).
bool uploadIdTaken(const std::string& id);

} // namespace finimport::app
