#pragma once
// A base for objects that own something once (a connection, a lock, a scope on this thread):
// copying one would own it twice, so neither the class nor its copies can be copied.

namespace finimport::domain {

class NoCopy {
public:
    NoCopy(const NoCopy&) = delete;
    NoCopy& operator=(const NoCopy&) = delete;

protected:
    NoCopy() = default;
    ~NoCopy() = default;
};

} // namespace finimport::domain
