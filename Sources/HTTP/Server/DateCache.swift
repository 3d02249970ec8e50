#if canImport(Glibc)
    import Glibc
#endif

/// The per-event-loop `Date` header, formatted once a second, as the tail of a response head.
///
/// Each tail holds `Date: …\r\n`, the connection header the response needs, and the blank line that ends
/// the head, so a prebuilt response is written as three shared chunks with no per-request formatting.
struct DateCache {
    /// What the response says about the connection.
    enum ConnectionHeader {
        case none
        case close
        case keepAlive
    }

    private(set) var second = Int.min
    private var tails: [ByteChunk] = []

    /// Reformats when the wall-clock second has changed.
    mutating func refresh(epochSeconds: Int) {
        guard epochSeconds != second else { return }
        second = epochSeconds
        let date = "Date: \(DateCache.imfFixdate(epochSeconds))\r\n"
        tails = ["\r\n", "Connection: close\r\n\r\n", "Connection: keep-alive\r\n\r\n"].map {
            ByteChunk(Array((date + $0).utf8))
        }
    }

    /// The head tail for `connection`; `refresh` must have run once.
    func tail(_ connection: ConnectionHeader) -> ByteChunk {
        switch connection {
        case .none: tails[0]
        case .close: tails[1]
        case .keepAlive: tails[2]
        }
    }

    /// `Sun, 06 Nov 1994 08:49:37 GMT` (RFC 9110 §5.6.7).
    static func imfFixdate(_ epochSeconds: Int) -> String {
        var seconds = time_t(epochSeconds)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        func twoDigits(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let day = days[Int(parts.tm_wday) % 7]
        let month = months[Int(parts.tm_mon) % 12]
        return "\(day), \(twoDigits(parts.tm_mday)) \(month) \(parts.tm_year + 1900) "
            + "\(twoDigits(parts.tm_hour)):\(twoDigits(parts.tm_min)):\(twoDigits(parts.tm_sec)) GMT"
    }
}
