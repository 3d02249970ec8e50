import Foundation
import HTTP
import Testing

@testable import App

/// The pure pieces of the learner and scores API: timestamps, cursors, names.
struct LearnerInputTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)), ("2026-11-29T10:00:00Z", Int64(1_795_946_400_000)),
        ("2026-11-29t10:00:00.25z", Int64(1_795_946_400_250)), ("2026-11-29T11:00:00+01:00", Int64(1_795_946_400_000)),
        ("2026-11-29T10:00:00.123456789-00:30", Int64(1_795_948_200_123)),
        ("2000-02-29T00:00:00Z", Int64(951_782_400_000)),
        ("0001-01-01T00:00:00Z", Int64(-62_135_596_800_000)),
    ])
    func rfc3339TimestampsParse(text: String, milliseconds: Int64) {
        #expect(RFC3339.milliseconds(text) == milliseconds)
    }

    @Test(arguments: [
        "", "2026-11-29", "2026-11-29T10:00:00", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-11-29T24:00:00Z",
        "2026-11-29T10:00:00.Z", "2026-11-29T10:00:00+1:00", "2026-11-29 10:00:00Z", "２０２６-11-29T10:00:00Z",
        "2026-11-29T10:00:00Zjunk",
    ])
    func malformedTimestampsAreRefused(text: String) {
        #expect(RFC3339.milliseconds(text) == nil)
    }

    @Test func scoreCursorsRoundTripAndAnyWellFormedCursorIsAPosition() throws {
        for cursor in [
            ScoreCursor(learnerID: 0, questionID: "ch0-q1"), ScoreCursor(learnerID: 123_456, questionID: "pr-q4"),
        ] {
            #expect(ScoreCursor(encoded: cursor.encoded) == cursor)
            let pattern = try NSRegularExpression(pattern: Base64URL.pattern)
            #expect(
                pattern.firstMatch(in: cursor.encoded, range: NSRange(cursor.encoded.startIndex..., in: cursor.encoded))
                    != nil)
        }
        #expect(ScoreCursor(encoded: "AAAAAAAAAAA") != nil)
        for bad in ["", "AAAA", "AAAAAAAAAA=", "A", "AAAAA", "!!!!!!!!!!!!"] {
            #expect(ScoreCursor(encoded: bad) == nil)
        }
        for id: Int64 in [0, 1, 255, 1 << 40, .max] { #expect(PageCursor.id(from: PageCursor.encode(id)) == id) }
        #expect(PageCursor.id(from: "AAAAAAAAAAE") == 1)
        #expect(PageCursor.id(from: "AAAAAAAAAA") == nil)
    }

    @Test(arguments: [
        ("Ada", "Ada"), ("  Ada \n", "Ada"), ("\u{3000}李 白\u{3000}", "李 白"), ("Two\nLines", "Two\nLines"),
        (String(repeating: "x", count: 200), String(repeating: "x", count: 200)),
    ])
    func namesAreTrimmed(raw: String, stored: String) throws {
        #expect(try InputRules.name(raw, field: "name") == stored)
    }

    @Test(arguments: ["", " ", "\t\n\u{2028}\u{00A0}", "A\u{0}", String(repeating: "x", count: 201)])
    func blankOverlongAndNULNamesAreRefused(raw: String) {
        #expect(throws: HTTPError.self) { try InputRules.name(raw, field: "name") }
    }

    @Test(arguments: [
        ("Ada", true), (" Ada", true), ("Two\nLines", true), ("李", true), (" \u{3000}", false), ("A\u{0}", false),
    ])
    func theDocumentedNamePatternMatchesTheServersRule(name: String, accepted: Bool) throws {
        let pattern = try NSRegularExpression(pattern: InputRules.namePattern)
        let range = NSRange(name.startIndex..., in: name)
        #expect((pattern.firstMatch(in: name, range: range) != nil) == accepted)
        #expect(((try? InputRules.name(name, field: "name")) != nil) == accepted)
    }
}
