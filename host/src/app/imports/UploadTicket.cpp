#include "app/imports/UploadTicket.h"

#include <chrono>
#include <map>

namespace finimport::app {

namespace {

struct Board {
    std::mutex mutex;
    std::map<std::string, UploadTicket*> byId;
};

Board& board() {
    static Board b;
    return b;
}

int64_t nowMicros() {
    using namespace std::chrono;
    return duration_cast<microseconds>(system_clock::now().time_since_epoch()).count();
}

} // namespace

UploadTicket::UploadTicket(std::string id, std::string familyId, std::optional<uint64_t> bytesTotal)
    : _id(std::move(id)), _familyId(std::move(familyId)), _bytesTotal(bytesTotal),
      _startedAt(nowMicros()) {}

std::shared_ptr<UploadTicket> UploadTicket::open(const std::string& id, const std::string& familyId,
                                                 std::optional<uint64_t> bytesTotal) {
    std::shared_ptr<UploadTicket> ticket(new UploadTicket(id, familyId, bytesTotal));
    std::lock_guard lock(board().mutex);
    if (!board().byId.emplace(id, ticket.get()).second) return nullptr;
    return ticket;
}

UploadTicket::~UploadTicket() {
    std::lock_guard lock(board().mutex);
    auto it = board().byId.find(_id);
    if (it != board().byId.end() && it->second == this) board().byId.erase(it);
}

void UploadTicket::parsing(const std::string& type) {
    std::lock_guard lock(_mutex);
    _type = type;
    _parsing = true;
}

UploadState UploadTicket::state() const {
    UploadState s;
    s.id = _id;
    s.familyId = _familyId;
    s.startedAt = _startedAt;
    s.bytesTotal = _bytesTotal;
    s.bytesDone = _bytes.load(std::memory_order_relaxed);
    s.rowsDone = _rows.load(std::memory_order_relaxed);
    std::lock_guard lock(_mutex);
    s.type = _type;
    s.phase = _parsing ? "parsing" : "receiving";
    return s;
}

std::optional<UploadState> uploadInProgress(const std::string& familyId, const std::string& id) {
    // The ticket is read under the board's lock: its destructor waits for that lock before it
    // leaves the board, so it cannot be destroyed while read here.
    std::lock_guard lock(board().mutex);
    auto it = board().byId.find(id);
    if (it == board().byId.end() || it->second->familyId() != familyId) return std::nullopt;
    return it->second->state();
}

bool uploadIdTaken(const std::string& id) {
    std::lock_guard lock(board().mutex);
    return board().byId.count(id) > 0;
}

} // namespace finimport::app
