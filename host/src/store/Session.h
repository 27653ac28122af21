#pragma once
// The database session that store functions take, declared without Poco::Data's headers: code
// outside store/ passes it through and never calls it (every statement lives in store/).

namespace Poco::Data {
class Session;
}
