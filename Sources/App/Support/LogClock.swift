import Foundation

/// UTC timestamps for log lines (`2026-05-04T12:34:56.789Z`) without formatting a date per line: the text up
/// to the second is rebuilt only when the second changes, as the HTTP module's `DateCache` does for `Date`.
struct LogClock {
    private var second = Int.min
    /// `YYYY-MM-DDTHH:MM:SS.` of `second`.
    private var prefix: [UInt8] = []

    /// Appends the current time, in milliseconds.
    mutating func appendNow(to bytes: inout [UInt8]) {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        append(seconds: Int(now.tv_sec), milliseconds: Int(now.tv_nsec) / 1_000_000, to: &bytes)
    }

    /// Appends the time `seconds` since the epoch plus `milliseconds`.
    mutating func append(seconds: Int, milliseconds: Int, to bytes: inout [UInt8]) {
        if seconds != second {
            second = seconds
            prefix = Self.prefix(seconds: seconds)
        }
        bytes.append(contentsOf: prefix)
        LogDigits.append(milliseconds, width: 3, to: &bytes)
        bytes.append(UInt8(ascii: "Z"))
    }

    private static func prefix(seconds: Int) -> [UInt8] {
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        var text: [UInt8] = []
        text.reserveCapacity(20)
        LogDigits.append(Int(parts.tm_year) + 1900, width: 4, to: &text)
        for (separator, value) in [
            ("-", Int(parts.tm_mon) + 1), ("-", Int(parts.tm_mday)), ("T", Int(parts.tm_hour)),
            (":", Int(parts.tm_min)), (":", Int(parts.tm_sec)),
        ] {
            text.append(contentsOf: separator.utf8)
            LogDigits.append(value, width: 2, to: &text)
        }
        text.append(UInt8(ascii: "."))
        return text
    }
}

/// Decimal digits appended as bytes, without an intermediate `String`.
enum LogDigits {
    /// Appends `value` (clamped at 0) in decimal, zero-padded to at least `width` digits.
    static func append(_ value: Int, width: Int = 1, to bytes: inout [UInt8]) {
        var value = max(0, value)
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
                count += 1
            } while value > 0 || count < min(width, 20)
            bytes.append(contentsOf: buffer[(20 - count)...])
        }
    }
}
