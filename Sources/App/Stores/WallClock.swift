import Foundation

/// Wall-clock time in Unix milliseconds, the unit of every time column.
enum WallClock {
    static func nowMilliseconds() -> Int64 {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Int64(spec.tv_sec) * 1000 + Int64(spec.tv_nsec) / 1_000_000
    }

    /// Wall-clock time in Unix seconds with a fractional part, the unit of the shared throttles.
    static func nowSeconds() -> Double {
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Double(spec.tv_sec) + Double(spec.tv_nsec) / 1e9
    }

    /// RFC 3339 UTC text for a millisecond timestamp, as the JSON APIs and CSV exports show it.
    static func iso8601(_ milliseconds: Int64) -> String {
        var seconds = time_t(milliseconds / 1000)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", parts.tm_year + 1900, parts.tm_mon + 1, parts.tm_mday,
            parts.tm_hour, parts.tm_min, parts.tm_sec, Int(milliseconds % 1000))
    }

    /// Parses RFC 3339 text (`2026-11-29T10:00:00Z`, fractional seconds and offsets allowed) to milliseconds.
    static func parseISO8601(_ text: String) -> Int64? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970 * 1000) }
        formatter.formatOptions = [.withInternetDateTime]
        if let date = formatter.date(from: text) { return Int64(date.timeIntervalSince1970 * 1000) }
        return nil
    }
}
