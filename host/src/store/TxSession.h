#pragma once
// The complete store::Tx, for store/'s own files only: a Poco session (which shares its pooled
// connection when copied), so the statement helpers of Sql.h, StatementCache.h and the native
// handles take it as a session.

#include "store/Tx.h"

#include <Poco/Data/Session.h>

namespace finimport::store {

class Tx : public Poco::Data::Session {
public:
    explicit Tx(const Poco::Data::Session& session) : Poco::Data::Session(session) {}
};

} // namespace finimport::store
