#pragma once
// Where the client commands find the server and the key (docs/decisions.md D102), and the HTTP
// client they use (server/ApiClient.h).

#include "cli/Args.h"
#include "server/ApiClient.h"

namespace finimport::cli {

using server::ApiAnswer;
using server::ApiClient;
using server::ClientSettings;
using server::FormField;
using server::integer;
using server::text;

// --server / FINIMPORT_URL / client.url, else http://<listen>; --key-file / FINIMPORT_API_KEY /
// client.key_file. A missing key or a URL that is not http://HOST[:PORT] is a UsageError.
ClientSettings clientSettings(const Args& args);

} // namespace finimport::cli
