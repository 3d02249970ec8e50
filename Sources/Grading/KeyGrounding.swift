import Course

/// A key phrase found nowhere in its question's course text: the question, its chapter (or the case study) and
/// its appendix answer. Keys tuned to how a few learners worded things do not generalise; each such phrase needs
/// a reason (its synonym group's) and a test with a paraphrase.
public struct UngroundedPhrase: Sendable, Equatable, CustomStringConvertible {
    public let language: String
    public let question: String
    /// `option topBottom`, `concept remedy`, `answer`.
    public let part: String
    public let phrase: String
    /// The reason of its synonym group; `nil` for an entry of `phrases`, which has none.
    public let reason: String?
    /// The group holds this phrase alone, so the reason is the phrase's own.
    public let hasOwnReason: Bool
    /// Learner paraphrases (not from the fixtures) the phrase is tested against.
    public let examples: [String]

    public init(
        language: String, question: String, part: String, phrase: String, reason: String?, hasOwnReason: Bool = false,
        examples: [String] = []
    ) {
        self.language = language
        self.question = question
        self.part = part
        self.phrase = phrase
        self.reason = reason
        self.hasOwnReason = hasOwnReason
        self.examples = examples
    }

    /// Grounded as the issue asks of a phrase the course does not contain: its own reason and a tested paraphrase.
    public var isJustified: Bool { reason != nil && hasOwnReason && !examples.isEmpty }

    /// `it.json: ch1-q1: concept stretched "buco" is not in the course text (synonym: …)`.
    public var description: String {
        "\(language).json: \(question): \(part) \"\(phrase)\" is not in the course text"
            + (reason.map { " (synonym: \($0))" } ?? " and has no reason")
    }
}

extension AnswerKeyBook {
    /// Every phrase that earns credit (correct option, number answer, concept), in every language, that occurs
    /// neither in its question, nor in its chapter, nor in its appendix answer; `folio check-content` lists the ones without a
    /// reason as warnings and counts the synonyms.
    public func ungroundedPhrases(against library: CourseLibrary) -> [UngroundedPhrase] {
        var found: [UngroundedPhrase] = []
        for course in library.courses {
            let code = course.language.code
            guard let pack = packs[code] else { continue }
            var sources: [String: [(tokens: [Token], clauses: [Int])]] = [:]
            func read(_ texts: [String]) -> [(tokens: [Token], clauses: [Int])] {
                texts.map { text in
                    let tokens = pack.normalizer.tokens(text)
                    return (tokens, tokens.map(\.punctuationClause))
                }
            }
            for chapter in course.chapters {
                let text = [chapter.lead] + chapter.blocks.map(\.text) + [chapter.answer.text]
                sources["ch\(chapter.number)"] = read(text + chapter.questions.map(\.prompt))
            }
            let practice = course.practice
            sources["practice"] = read(
                [practice.lead] + practice.blocks.map(\.text) + [practice.answer.text]
                    + practice.questions.map(\.prompt))
            for id in questionIDs {
                guard let words = pack.questions[id], let section = id.split(separator: "-").first,
                    let texts = sources[String(section)]
                else { continue }
                for phrase in words.phrases {
                    let occurs = texts.contains { tokens, clauses in
                        tokens.indices.contains { phrase.pattern.match(in: tokens, clauses: clauses, at: $0) != nil }
                    }
                    if !occurs {
                        found.append(
                            UngroundedPhrase(
                                language: code, question: id, part: phrase.part, phrase: phrase.pattern.source,
                                reason: phrase.reason, hasOwnReason: phrase.ownReason, examples: phrase.examples))
                    }
                }
            }
        }
        return found
    }
}
