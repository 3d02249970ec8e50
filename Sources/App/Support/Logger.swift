import Foundation
import Locking

#if canImport(Glibc)
    import Glibc
#endif

/// Writes one line per event to standard error, as text or as JSON objects.
///
/// Each line goes out in a single `write(2)`, so lines from different threads never interleave.
/// Callers pass fields, never secrets: tokens, cookies and answers are not logged.
public struct Logger: Sendable {
    public enum Level: String, Sendable {
        case info
        case warning
        case error
    }

    public let format: Configuration.LogFormat

    public init(format: Configuration.LogFormat) {
        self.format = format
    }

    /// Logs `message` with ordered key-value `fields`.
    public func log(_ level: Level, _ message: String, _ fields: KeyValuePairs<String, String> = [:]) {
        let line: String
        switch format {
        case .text:
            var text = level == .info ? message : "\(level.rawValue): \(message)"
            for (key, value) in fields {
                text += " \(key)=\(Self.quotedIfNeeded(value))"
            }
            line = text
        case .json:
            var json =
                "{\"time\":\"\(Self.timestamp())\",\"level\":\"\(level.rawValue)\",\"msg\":\(JSONText.string(message))"
            for (key, value) in fields {
                json += ",\(JSONText.string(key)):\(JSONText.string(value))"
            }
            line = json + "}"
        }
        Self.writeLine(line)
    }

    /// Writes an exact line (used for the `listening on …` contract line).
    public static func writeLine(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.append(0x0A)
        outputLock.lock()
        defer { outputLock.unlock() }
        write(bytes, to: STDERR_FILENO)
    }

    /// Held for every write of log output, so a line is never split by another thread's (a large write to
    /// a pipe may be cut into parts).
    ///
    /// A plain `NSLock`, not `Locked<()>`: ThreadSanitizer reports the exclusive access to a zero-sized state
    /// as a race with the object's header, read by the next caller before it takes the lock.
    static let outputLock = NSLock()

    /// Writes all of `bytes` to `descriptor`, retrying after interruptions and short writes; output that
    /// cannot be written is dropped (there is nowhere left to report it).
    static func write(_ bytes: [UInt8], to descriptor: Int32) {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return
            }
            offset += written
        }
    }

    private static func quotedIfNeeded(_ value: String) -> String {
        if value.isEmpty || value.contains(where: { $0 == " " || $0 == "\"" || $0.isNewline }) {
            return JSONText.string(value)
        }
        return value
    }

    private static func timestamp() -> String {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        var time = now.tv_sec
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec, now.tv_nsec / 1_000_000)
    }
}
