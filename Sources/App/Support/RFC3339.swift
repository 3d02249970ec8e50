/// Parses RFC 3339 timestamps (`2026-11-29T10:00:00Z`, `…T10:00:00.250+01:00`) to Unix milliseconds.
///
/// Hand-written rather than `ISO8601DateFormatter` so every form RFC 3339 allows is accepted (any number of
/// fraction digits, lower-case `t` and `z`, years 0000–9999) and nothing else is.
enum RFC3339 {
    static func milliseconds(_ text: String) -> Int64? {
        var scanner = Scanner(Array(text.utf8))
        guard let year = scanner.digits(4), scanner.take(UInt8(ascii: "-")),
            let month = scanner.digits(2), scanner.take(UInt8(ascii: "-")), let day = scanner.digits(2),
            scanner.take(UInt8(ascii: "T")) || scanner.take(UInt8(ascii: "t")),
            let hour = scanner.digits(2), scanner.take(UInt8(ascii: ":")), let minute = scanner.digits(2),
            scanner.take(UInt8(ascii: ":")), let second = scanner.digits(2)
        else { return nil }
        var millisecond: Int64 = 0
        if scanner.take(UInt8(ascii: ".")) {
            var count = 0
            while let digit = scanner.digits(1) {
                if count < 3 { millisecond = millisecond * 10 + digit }
                count += 1
            }
            guard count > 0 else { return nil }
            if count < 3 {
                for _ in count..<3 { millisecond *= 10 }
            }
        }
        var offsetMinutes: Int64 = 0
        if scanner.take(UInt8(ascii: "Z")) || scanner.take(UInt8(ascii: "z")) {
            offsetMinutes = 0
        } else {
            let sign: Int64
            if scanner.take(UInt8(ascii: "+")) {
                sign = 1
            } else if scanner.take(UInt8(ascii: "-")) {
                sign = -1
            } else {
                return nil
            }
            guard let hours = scanner.digits(2), scanner.take(UInt8(ascii: ":")), let minutes = scanner.digits(2),
                hours <= 23, minutes <= 59
            else { return nil }
            offsetMinutes = sign * (hours * 60 + minutes)
        }
        guard scanner.isAtEnd, (1...12).contains(month), day >= 1, day <= daysIn(month: month, year: year),
            hour <= 23, minute <= 59, second <= 60
        else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + min(second, 59) - offsetMinutes * 60
        return seconds * 1000 + millisecond
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 in the proleptic Gregorian calendar (Howard Hinnant's algorithm).
    private static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
        }

        var isAtEnd: Bool { index == bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digits(_ count: Int) -> Int64? {
            guard index + count <= bytes.count else { return nil }
            var value: Int64 = 0
            for byte in bytes[index..<(index + count)] {
                guard (0x30...0x39).contains(byte) else { return nil }
                value = value * 10 + Int64(byte - 0x30)
            }
            index += count
            return value
        }
    }
}
