#pragma once
// The handle every store function takes: one pooled database session, inside a write transaction
// (Database::write) or not (Database::read). It is opaque outside store/: code there passes it on
// to store functions and never runs a statement itself (docs/architecture.md, "What each layer may
// include"). store/TxSession.h completes it for store/'s own files.

namespace finimport::store {
class Tx;
} // namespace finimport::store
