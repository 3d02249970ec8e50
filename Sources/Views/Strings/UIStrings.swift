import Foundation

/// Every word the pages show that is not course text, in one language; loaded from `Content/ui/{lang}.json`,
/// so a sixth language is a data file, not code.
///
/// Templates hold `{name}` placeholders (`"Capitolo {number}"`); `UIStrings+Format.swift` fills them.
public struct UIStrings: Sendable, Decodable, Equatable {
    public let languageName: String
    public let skipToContent: String
    public let siteNavigation: String
    public let languages: String
    public let tableOfContents: String
    public let chapters: String
    public let chapterLabel: String
    public let startReading: String
    public let continueReading: String

    public let search: String
    public let searchLabel: String
    public let searchTitle: String
    public let searchResultsFor: String
    public let searchResultCount: String
    public let searchNoResults: String
    public let searchHint: String
    public let searchResultRange: String
    public let searchPagesLabel: String
    public let searchPreviousPage: String
    public let searchNextPage: String

    public let progress: String
    public let progressTitle: String
    public let progressOverall: String
    public let progressSummary: String
    public let progressSection: String
    public let progressRead: String
    public let progressQuestions: String
    public let progressScore: String
    public let progressFirstTry: String
    public let progressQuestionTable: String
    public let progressQuestion: String
    public let progressTries: String
    public let progressRevealed: String
    public let yes: String
    public let no: String
    public let markNotStarted: String
    public let markRead: String
    public let markAsRead: String
    public let chapterRead: String
    public let markPassed: String
    public let markQuestions: String

    public let previous: String
    public let next: String
    public let pagerLabel: String

    public let whenToUse: String
    public let whenNotToUse: String
    public let copyCode: String
    public let copied: String
    public let copyFailed: String
    public let codeLabel: String
    public let sectionLink: String

    public let checkpoint: String
    public let questionLabel: String
    public let yourAnswer: String
    public let chooseOption: String
    /// The text box's label on a choice question, where the text is an optional explanation.
    public let answerWhy: String
    /// The option that clears a choice.
    public let noChoice: String
    public let submitAnswer: String
    public let checking: String
    public let sendFailed: String
    public let answerRequired: String
    public let verdictCorrect: String
    public let verdictPartial: String
    public let verdictIncorrect: String
    public let score: String
    public let found: String
    public let missing: String
    public let referenceAnswer: String
    public let referenceAnswers: String
    public let showAnswer: String
    public let chapterAnswersHidden: String
    public let showChapterAnswers: String
    public let answersNotShown: String
    public let earlierAttempts: String
    public let attemptChoice: String
    public let percent: String

    public let parallelReading: String
    public let parallelBack: String
    public let parallelAnswer: String

    public let joinTitle: String
    public let joinIntro: String
    public let displayName: String
    public let joinButton: String

    public let resumeTitle: String
    public let resumeIntro: String
    public let resumeGetCode: String
    public let resumeCodeLabel: String
    public let resumeQRLabel: String
    public let resumeNoLearner: String
    public let resumeHaveCode: String
    public let resumeHaveCodeIntro: String
    public let resumeCodeField: String
    public let resumeButton: String
    public let resumeInvalid: String
    public let resumeTooMany: String

    public let notFoundTitle: String
    public let notFoundMessage: String
    public let serverErrorTitle: String
    public let serverErrorMessage: String
    public let badRequestTitle: String
    public let badRequestMessage: String
    public let backToCourse: String
    /// The 410 page of an invitation link replaced by a new one.
    public let invitationRetiredTitle: String
    public let invitationRetiredMessage: String
    /// The confirmation after joining, with `{cohort}`.
    public let joinedCohort: String
    /// The progress page's line naming the learner's cohort, with `{cohort}`.
    public let progressCohort: String

    /// Decodes one language's strings; every key is required and none may be blank.
    ///
    /// - Throws: `ViewsError` naming `source` and the missing, blank or malformed key.
    public init(json: Data, source: String) throws(ViewsError) {
        do {
            self = try JSONDecoder().decode(UIStrings.self, from: json)
        } catch let DecodingError.keyNotFound(key, _) {
            throw ViewsError(source: source, message: "missing key \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.valueNotFound(_, context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let message = path.isEmpty ? "not a JSON object of strings" : "\"\(path)\" must be a string"
            throw ViewsError(source: source, message: message)
        } catch {
            throw ViewsError(source: source, message: "not a JSON object of strings: \(error)")
        }
        for (key, value) in Mirror(reflecting: self).children {
            if let text = value as? String, text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw ViewsError(source: source, message: "key \"\(key ?? "?")\" is blank")
            }
        }
    }

    /// Loads `{code}.json` for each language code from `directory` (App passes `Content/ui`).
    ///
    /// - Throws: `ViewsError` for the first file that is missing or invalid.
    public static func load(directory: URL, languages: [String]) throws(ViewsError) -> [String: UIStrings] {
        var result: [String: UIStrings] = [:]
        for code in languages {
            let url = directory.appendingPathComponent(code + ".json")
            let data: Data
            do {
                data = try Data(contentsOf: url)
            } catch {
                throw ViewsError(source: url.path, message: "cannot read: \(error.localizedDescription)")
            }
            result[code] = try UIStrings(json: data, source: url.path)
        }
        return result
    }
}
