// Streaming CAMT reader over expat: hands each complete statement to a sink, so memory is
// bounded by one statement, whatever the file holds.
#ifndef FINIMPORT_CAMT_READER_H
#define FINIMPORT_CAMT_READER_H

#include "CamtModel.h"

#include <cstdint>
#include <functional>

namespace camt {

using ReadFunction = std::function<std::int64_t(char* buffer, std::size_t capacity)>;
// Returns false to stop reading (the host asked to stop).
using StatementSink = std::function<bool(const Statement&)>;

enum class ReadOutcome { Done, Stopped };

// Throws finimport::Fatal("The CAMT could not be parsed: <reason> (line N)") on malformed XML,
// a DOCTYPE, a bound exceeded, or a document holding no statement.
ReadOutcome readCamt(const ReadFunction& read, const Limits& limits, const StatementSink& sink);

} // namespace camt

#endif // FINIMPORT_CAMT_READER_H
