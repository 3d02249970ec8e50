/// A cohort's due date: a calendar day (`YYYY-MM-DD`), due by the end of that day in UTC.
///
/// UTC, not a lead's local zone: the server knows no one's zone, and the end of the day in UTC is the latest
/// "end of the day" anywhere from UTC−0 eastwards, so nobody west of Greenwich is ever marked overdue early
/// by more than their offset, and every report agrees on one instant.
struct DueDate: Sendable, Hashable, Comparable {
    /// Days since 1970-01-01 (UTC), the day itself.
    let day: Int

    init(daysSinceEpoch: Int) {
        day = daysSinceEpoch
    }

    /// Parses exactly `YYYY-MM-DD` with a real calendar day (2026-02-30 is refused); `nil` otherwise.
    init?(_ text: String) {
        let bytes = Array(text.utf8)
        guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for byte in bytes[range] {
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
            (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day)
        else { return nil }
        self.day = Self.days(year: year, month: month, day: day)
    }

    /// The day in which the instant `milliseconds` (Unix, UTC) falls.
    init(containing milliseconds: Int64) {
        let perDay = Int64(Self.millisecondsPerDay)
        day = Int((milliseconds >= 0 ? milliseconds : milliseconds - perDay + 1) / perDay)
    }

    /// The first instant after the due day: midnight UTC starting the next day (Unix ms). A learner is overdue
    /// from this instant on.
    var deadline: Int64 {
        Int64(day + 1) * Int64(Self.millisecondsPerDay)
    }

    /// The `YYYY-MM-DD` text.
    var text: String {
        let (year, month, day) = Self.civil(days: self.day)
        func padded(_ value: Int, _ width: Int) -> String {
            let digits = String(value)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return padded(year, 4) + "-" + padded(month, 2) + "-" + padded(day, 2)
    }

    static func < (lhs: DueDate, rhs: DueDate) -> Bool { lhs.day < rhs.day }

    static let millisecondsPerDay = 86_400_000

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's `days_from_civil`).
    private static func days(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date of a day count (`civil_from_days`).
    private static func civil(days: Int) -> (Int, Int, Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
