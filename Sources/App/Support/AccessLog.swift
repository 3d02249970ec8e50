import Foundation
import HTTP
import Locking

/// The access log: one line per response, formatted into bytes on the event-loop thread that answered,
/// appended to that thread's buffer, and written by a background thread — nginx's
/// `access_log … buffer=64k flush=1s` — so no request waits on a `write(2)`.
///
/// A buffer is written once it holds `flushBytes`, at the latest `flushInterval` after its line, and on
/// `stop()`, which graceful shutdown calls after the server has answered its last request: no line is lost on
/// SIGTERM or SIGINT. Writes hold `Logger`'s output lock, so no other log line lands inside an access line.
final class AccessLog: Sendable {
    /// A buffer this full wakes the writer.
    static let flushBytes = 64 * 1024
    /// A buffer this full is written by the thread filling it: the writer has fallen behind.
    static let maxBufferBytes = 1024 * 1024
    /// Buffers, one per thread (hashed); more than the event loops, so two loops rarely share one.
    private static let shardBits = 4

    private let format: Configuration.LogFormat
    private let descriptor: Int32
    private let flushInterval: Duration
    private let shards: [Locked<AccessLogBuffer>]
    private let wake = DispatchSemaphore(value: 0)
    private let finished = DispatchSemaphore(value: 0)
    /// Whether `stop()` was called.
    private let stopping = Locked(false)

    /// Starts the writer thread; lines go to `descriptor` (standard error unless a test says otherwise).
    init(format: Configuration.LogFormat, descriptor: Int32 = STDERR_FILENO, flushInterval: Duration = .seconds(1)) {
        self.format = format
        self.descriptor = descriptor
        self.flushInterval = flushInterval
        shards = (0..<(1 << Self.shardBits)).map { _ in Locked(AccessLogBuffer()) }
        let thread = Thread { [self] in runWriter() }
        thread.name = "folio-access-log"
        thread.start()
    }

    /// Appends the line for one response to this thread's buffer.
    func record(_ entry: AccessLogLine.Entry) {
        let shard = shards[Self.shardIndex()]
        let format = format
        let (count, wakeWriter) = shard.withLock { buffer -> (Int, Bool) in
            AccessLogLine.append(entry, format: format, to: &buffer.bytes, clock: &buffer.clock)
            guard buffer.bytes.count >= Self.flushBytes, !buffer.writerWoken else { return (buffer.bytes.count, false) }
            buffer.writerWoken = true
            return (buffer.bytes.count, true)
        }
        if wakeWriter { wake.signal() }
        if count >= Self.maxBufferBytes {
            var spare: [UInt8] = []
            flush(shard, into: &spare)
        }
    }

    /// Writes every buffered line and stops the writer thread; call once no more lines are recorded.
    func stop() {
        let first = stopping.withLock { stopping -> Bool in
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        wake.signal()
        finished.wait()
    }

    private func runWriter() {
        var spare: [UInt8] = []
        spare.reserveCapacity(Self.flushBytes * 2)
        let (seconds, attoseconds) = flushInterval.components
        let interval = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        while true {
            _ = wake.wait(timeout: .now() + interval)
            let stop = stopping.withLock { $0 }
            for shard in shards { flush(shard, into: &spare) }
            if stop { break }
        }
        finished.signal()
    }

    /// Takes the shard's lines (handing it `spare`'s capacity) and writes them, all under the output lock so
    /// one shard's lines leave in the order they were recorded.
    private func flush(_ shard: Locked<AccessLogBuffer>, into spare: inout [UInt8]) {
        Logger.outputLock.lock()
        defer { Logger.outputLock.unlock() }
        shard.withLock { buffer in
            swap(&buffer.bytes, &spare)
            buffer.writerWoken = false
        }
        guard !spare.isEmpty else { return }
        Logger.write(spare, to: descriptor)
        spare.removeAll(keepingCapacity: true)
    }

    /// This thread's shard: a multiplicative hash of its pthread identity.
    private static func shardIndex() -> Int {
        let identity = UInt64(pthread_self())
        return Int(truncatingIfNeeded: (identity &* 0x9E37_79B9_7F4A_7C15) >> UInt64(64 - shardBits))
    }
}

/// One thread's pending access lines and its cached clock.
struct AccessLogBuffer {
    var bytes: [UInt8] = []
    /// Whether the writer was woken for these bytes already.
    var writerWoken = false
    var clock = LogClock()
}
