import CSystem

#if canImport(Glibc)
    import Glibc
#endif

/// The one wrapper every POSIX call goes through: retries `EINTR`, reports `EAGAIN` as `wouldBlock`, and
/// turns any other failure into an `HTTPError` carrying the call's name and `errno`.
enum SystemCall {
    /// The outcome of a call on a non-blocking descriptor.
    enum Outcome<Value> {
        case done(Value)
        case wouldBlock
    }

    /// Runs `body` (which returns -1 and sets `errno` on failure) until it is not interrupted.
    ///
    /// - Throws: `HTTPError.system` for failures other than `EINTR` and `EAGAIN`.
    @inline(__always)
    static func nonBlocking<Value: BinaryInteger>(
        _ name: StaticString, _ body: () -> Value
    ) throws(HTTPError) -> Outcome<Value> {
        while true {
            let result = body()
            if result >= 0 { return .done(result) }
            let error = errno
            switch error {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return .wouldBlock
            default: throw HTTPError.system(name.description, errorNumber: error)
            }
        }
    }

    /// Runs a call that is not expected to block.
    ///
    /// - Throws: `HTTPError.system` for any failure other than `EINTR` (including `EAGAIN`).
    @inline(__always)
    static func check<Value: BinaryInteger>(_ name: StaticString, _ body: () -> Value) throws(HTTPError) -> Value {
        while true {
            let result = body()
            if result >= 0 { return result }
            let error = errno
            if error == EINTR { continue }
            throw HTTPError.system(name.description, errorNumber: error)
        }
    }

    /// Closes a descriptor. `EINTR` is not retried: on Linux the descriptor is released anyway.
    static func close(_ descriptor: Int32) throws(HTTPError) {
        if Glibc.close(descriptor) != 0 && errno != EINTR {
            throw HTTPError.system("close", errorNumber: errno)
        }
    }

    /// Closes a descriptor on an error path, where the error being reported matters more than a failed
    /// close (for sockets only EBADF can happen, a programming error).
    static func release(_ descriptor: Int32) {
        _ = Glibc.close(descriptor)
    }

    /// The monotonic clock in nanoseconds.
    static func monotonicNanoseconds() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
    }

    /// The wall clock in whole seconds since 1970.
    static func epochSeconds() -> Int {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME_COARSE, &time)
        return time.tv_sec
    }
}
