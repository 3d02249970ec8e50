import Foundation
import Testing

@testable import Views

struct ResultFragmentsTests {
    @Test(arguments: [
        0.0, 951_782_400, 951_868_799, 1_709_208_000, 1_767_225_599, 4_107_542_400, -86_401, -2_208_988_800,
        1_234_567_890.9,
    ])
    func attemptTimesMatchTheGregorianCalendarInUTC(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        let expected = [parts.year!, parts.month!, parts.day!, parts.hour!, parts.minute!, parts.second!]
        let iso = ResultFragments.isoFormat(date)
        let numbers = iso.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        #expect(numbers == expected, "\(iso)")
        #expect(ResultFragments.displayFormat(date).hasSuffix(" UTC"))
    }

    @Test(arguments: [
        (SectionProgress(read: false, questionsPassed: 0, questionsTotal: 3), nil),
        (SectionProgress(read: true, questionsPassed: 0, questionsTotal: 3), ProgressMark.read),
        (
            SectionProgress(read: false, questionsPassed: 2, questionsTotal: 3),
            ProgressMark.partial(passed: 2, total: 3)
        ),
        (SectionProgress(read: true, questionsPassed: 3, questionsTotal: 3), ProgressMark.passed),
    ])
    func progressBecomesTheRightMark(progress: SectionProgress, expected: ProgressMark?) {
        #expect(ProgressMark(progress) == expected)
    }

    @Test func precomputedMarksEqualFreshlyRenderedOnes() throws {
        let context = try Fixtures.context("ja")
        let page = ChapterPage(chapter: Fixtures.chapter(), context: context).render()
        let learner = LearnerState(sections: [
            .chapter(1): SectionProgress(read: true, questionsPassed: 1, questionsTotal: 3),
            .chapter(2): SectionProgress(read: true, questionsPassed: 7, questionsTotal: 9),
        ])
        let html = page.string(for: learner)
        #expect(html.contains("<span class=\"mark-text\">1／3 問合格</span>"))
        #expect(html.contains("<span class=\"mark-text\">7／9 問合格</span>"))
    }
}
