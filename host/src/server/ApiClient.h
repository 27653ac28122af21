#pragma once
// The HTTP API client (http/ApiClient.h) as the command line uses it: the composition root hands
// the network objects of http/ to cli/, which does not include http/ itself
// (docs/architecture.md, "What each layer may include").

#include "http/ApiClient.h"

namespace finimport::server {

using http::ApiAnswer;
using http::ApiClient;
using http::ClientSettings;
using http::FormField;
using http::integer;
using http::text;

} // namespace finimport::server
