#include "http/ExecutionGate.h"

namespace finimport::http {

namespace {
thread_local ExecutionGate::Permit* currentPermit = nullptr;
}

ExecutionGate::ExecutionGate(int permits) : _permits(permits), _free(permits) {}

size_t ExecutionGate::waiting() {
    std::lock_guard lock(_mutex);
    return _queue.size();
}

void ExecutionGate::acquire() {
    if (_permits <= 0) return;
    std::unique_lock lock(_mutex);
    if (_free > 0 && _queue.empty()) {
        --_free;
        return;
    }
    Waiter me;
    _queue.push_back(&me);
    me.wake.wait(lock, [&] { return me.granted; });
}

void ExecutionGate::release() {
    if (_permits <= 0) return;
    std::lock_guard lock(_mutex);
    if (_queue.empty()) {
        ++_free;
        return;
    }
    // The permit passes straight to the oldest waiter; notified under the lock, so the waiter
    // (whose Waiter lives on its stack) cannot return before the notification is done.
    Waiter* next = _queue.front();
    _queue.pop_front();
    next->granted = true;
    next->wake.notify_one();
}

ExecutionGate::Permit::Permit(ExecutionGate& gate) : _gate(gate), _outer(currentPermit) {
    _gate.acquire();
    currentPermit = this;
}

ExecutionGate::Permit::~Permit() {
    currentPermit = _outer;
    _gate.release();
}

ExecutionGate::Pause::Pause() : _permit(currentPermit) {
    if (_permit) _permit->_gate.release();
}

ExecutionGate::Pause::~Pause() {
    if (_permit) _permit->_gate.acquire();
}

} // namespace finimport::http
