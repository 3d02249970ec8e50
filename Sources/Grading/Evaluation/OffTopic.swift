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
    /// An answer of at least `pastedSentences` sentences that also answers `pastedQuestions` other questions is a
    /// pasted paragraph (a chapter's appendix answer), not an answer to this one.
    static let pastedQuestions = 2
    static let pastedSentences = 3
    /// Sentences that speak more for other questions' (correct) keys than for this one's: when there are at
    /// least this many, and more than this question's own, the right claim is buried in unrelated material.
    static let foreignSentences = 2

    func applies(to question: Int, evidence: Evidence, reading: AnswerReading, candidates: [[Occurrence]]) -> Bool {
        let ownBySentence = Self.supportBySentence(evidence, generic: true)
        let own = ownBySentence.values.reduce(0, +)
        var foreign: Set<Int> = []
        // Words the learner echoes from this question (its key's `ignore`) are no evidence for another one; nor,
        // for dominance, words this question's key reads itself or several other keys share ("a destra").
        let echoes = Set(
            evidence.occurrences.filter { $0.target == .ignored }.flatMap { Array($0.start..<$0.end) })
        let shared = echoes.union(Self.sharedTokens(question: question, candidates: candidates))
        var answered = 0
        let sentences = Set(reading.tokens.map(\.sentence)).count
        var chapters: Set<Substring> = []
        let ownChapter = Self.chapter(of: matcher.questionIDs[question])
        for (index, found) in candidates.enumerated() where index != question {
            // The most support this key could have: below every threshold, it cannot make the answer off topic.
            let ceiling = found.reduce(0) { $0 + ($1.isClaim && !$1.generic ? $1.end - $1.start : 0) }
            guard ceiling >= min(Self.answeredSupport, Self.dominantSupport) else { continue }
            guard let key = keys[matcher.questionIDs[index]] else { continue }
            let other = scanner.evidence(reading, found, anchors: matcher.anchors[index])
            let assessment = Assessment(key: key, evidence: other, choice: nil)
            guard Verdicts.decide(assessment, key: key, hasChoice: false).verdict == .correct else { continue }
            let bySentence = Self.supportBySentence(other.corrected(for: key), generic: false, excluding: echoes)
            let support = bySentence.values.reduce(0, +)
            for (sentence, count) in bySentence where count >= 2 && count > ownBySentence[sentence, default: 0] {
                foreign.insert(sentence)
            }
            // Dominance counts only the other question's own words: a short answer here that shares location
            // words with another question does not answer that one instead.
            let distinct = Self.supportBySentence(other.corrected(for: key), generic: false, excluding: shared)
                .values.reduce(0, +)
            if distinct >= Self.dominantSupport && Double(distinct) >= Self.dominance * Double(own) { return true }
            if support >= max(Self.answeredSupport, (own + 1) / 2) { answered += 1 }
            if answered >= Self.answeredQuestions { return true }
            if answered >= Self.pastedQuestions && sentences >= Self.pastedSentences { return true }
            let chapter = Self.chapter(of: matcher.questionIDs[index])
            if support >= Self.answeredSupport && chapter != ownChapter { chapters.insert(chapter) }
            if chapters.count >= Self.dumpChapters { return true }
        }
        let ownSentences = ownBySentence.values.filter { $0 > 0 }.count
        return foreign.count >= Self.foreignSentences && foreign.count >= ownSentences
    }

    /// Questions whose phrases may cover a word before it stops being distinctive of any one of them.
    static let sharedBy = 2

    /// Token positions covered by a (non-generic) phrase of this question's key, whatever the phrase stands
    /// for, or by phrases of more than `sharedBy` other questions: location words every key about bars uses
    /// ("a destra", "右側") speak for none of them in particular.
    static func sharedTokens(question: Int, candidates: [[Occurrence]]) -> Set<Int> {
        var shared = Set<Int>()
        var owners: [Int: Int] = [:]
        var last: [Int: Int] = [:]
        for (index, found) in candidates.enumerated() {
            for occurrence in found where !occurrence.generic {
                for position in occurrence.start..<occurrence.end
                where !occurrence.gaps.contains(where: { $0.contains(position) }) {
                    if index == question {
                        shared.insert(position)
                    } else if last[position] != index {
                        last[position] = index
                        owners[position, default: 0] += 1
                    }
                }
            }
        }
        for (position, count) in owners where count > sharedBy { shared.insert(position) }
        return shared
    }

    /// `ch3-q2` → `ch3`, `practice-q1` → `practice`.
    static func chapter(of id: String) -> Substring {
        let bytes = id.utf8
        let dash = UInt8(ascii: "-")
        // ASCII ids (all of them) are cut bytewise; others as characters (a dash may carry a combining mark).
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return id.split(separator: "-").first ?? Substring(id) }
        guard let start = bytes.firstIndex(where: { $0 != dash }) else { return Substring(id) }
        return id[start..<(bytes[start...].firstIndex(of: dash) ?? bytes.endIndex)]
    }

    /// Tokens of the answer that speak for the key's options, numbers or concepts, negated or not, per sentence;
    /// the lexicon's shared words (yes/no, numbers) only when `generic`.
    static func supportBySentence(_ evidence: Evidence, generic: Bool, excluding echoes: Set<Int> = []) -> [Int: Int] {
        var covered: [Int: Int] = [:]
        var seen = Set<Int>()
        for occurrence in evidence.occurrences where occurrence.isClaim && (generic || !occurrence.generic) {
            for index in occurrence.start..<occurrence.end
            where !occurrence.gaps.contains(where: { $0.contains(index) }) && !echoes.contains(index) {
                if seen.insert(index).inserted { covered[occurrence.sentence, default: 0] += 1 }
            }
        }
        return covered
    }
}

extension Occurrence {
    /// The occurrence speaks for an option, a number or a concept (not a wrong statement, an echo of the
    /// question or "I don't know").
    var isClaim: Bool {
        switch target {
        case .option, .concept, .part, .answer, .number: true
        case .wrong, .dontKnow, .ignored: false
        }
    }
}
