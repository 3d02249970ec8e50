/// Whether an answer speaks to other questions rather than to the one asked: another chapter's reference answer
/// pasted in, the whole appendix, or the right claim buried in unrelated material.
///
/// Every other key of the language reads the same answer (its phrases were found in the same single pass); the
/// keys it grades correct are weighed by how much of the answer speaks for them (`support`, in tokens). The
/// answer is off topic when one of them has clearly more of the answer behind it than this question
/// (`dominance` times as much, and at least `dominantSupport` tokens), or when it answers `answeredQuestions`
/// other questions with substantial support each, or questions of `dumpChapters` other chapters with
/// `answeredSupport` tokens each: a dump of several answers. The thresholds were set on the
/// learner fixtures and the course's own answers pasted across questions (`OffTopicTests`).
struct OffTopic {
    let keys: [String: AnswerKey]
    let matcher: LanguageMatcher
    let scanner: EvidenceScanner

    static let dominance = 2.5
    static let dominantSupport = 4
    /// Other questions answered, each with at least `answeredSupport` tokens (or half this question's support).
    static let answeredQuestions = 4
    static let answeredSupport = 3
    static let dumpChapters = 6

    func applies(to question: Int, evidence: Evidence, reading: AnswerReading, candidates: [[Occurrence]]) -> Bool {
        let own = Self.support(evidence, generic: true)
        // Words the learner echoes from this question (its key's `ignore`) are no evidence for another one.
        let echoes = Set(
            evidence.occurrences.filter { $0.target == .ignored }.flatMap { Array($0.start..<$0.end) })
        var answered = 0
        var chapters: Set<Substring> = []
        let ownChapter = Self.chapter(of: matcher.questionIDs[question])
        for (index, found) in candidates.enumerated() where index != question {
            guard found.contains(where: { !$0.generic && $0.isClaim }) else { continue }
            guard let key = keys[matcher.questionIDs[index]] else { continue }
            let other = scanner.evidence(reading, found)
            let assessment = Assessment(key: key, evidence: other, choice: nil)
            guard Verdicts.decide(assessment, key: key, hasChoice: false).verdict == .correct else { continue }
            let support = Self.support(other.corrected(for: key), generic: false, excluding: echoes)
            if support >= Self.dominantSupport && Double(support) >= Self.dominance * Double(own) { return true }
            if support >= max(Self.answeredSupport, (own + 1) / 2) { answered += 1 }
            if answered >= Self.answeredQuestions { return true }
            let chapter = Self.chapter(of: matcher.questionIDs[index])
            if support >= Self.answeredSupport && chapter != ownChapter { chapters.insert(chapter) }
            if chapters.count >= Self.dumpChapters { return true }
        }
        return false
    }

    /// `ch3-q2` → `ch3`, `practice-q1` → `practice`.
    static func chapter(of id: String) -> Substring {
        id.split(separator: "-").first ?? Substring(id)
    }

    /// Tokens of the answer that speak for the key's options, numbers or concepts, negated or not; the lexicon's
    /// shared words (yes/no, numbers) only when `generic`.
    static func support(_ evidence: Evidence, generic: Bool, excluding echoes: Set<Int> = []) -> Int {
        var covered = Set<Int>()
        for occurrence in evidence.occurrences where occurrence.isClaim && (generic || !occurrence.generic) {
            for index in occurrence.start..<occurrence.end
            where !occurrence.gaps.contains(where: { $0.contains(index) }) && !echoes.contains(index) {
                covered.insert(index)
            }
        }
        return covered.count
    }

}

extension Occurrence {
    /// The occurrence speaks for an option, a number or a concept (not a wrong statement, an echo of the
    /// question or "I don't know").
    var isClaim: Bool {
        switch target {
        case .option, .concept, .answer, .number: true
        case .wrong, .dontKnow, .ignored: false
        }
    }
}
