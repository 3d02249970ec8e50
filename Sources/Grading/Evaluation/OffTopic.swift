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
    /// Per question position of `matcher`, its key.
    let keys: [AnswerKey?]
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
        let tokenCount = reading.tokens.count
        let ownBySentence = Self.supportBySentence(evidence, generic: true, tokenCount: tokenCount)
        let own = ownBySentence.total
        var foreign: Set<Int> = []
        // Words the learner echoes from this question (its key's `ignore`) are no evidence for another one; nor,
        // for dominance, words this question's key reads itself or several other keys share ("a destra").
        var echoes = [Bool](repeating: false, count: tokenCount)
        for occurrence in evidence.occurrences where occurrence.target == .ignored {
            for index in occurrence.start..<occurrence.end { echoes[index] = true }
        }
        var shared = Self.sharedTokens(question: question, candidates: candidates, tokenCount: tokenCount)
        for index in echoes.indices where echoes[index] { shared[index] = true }
        var answered = 0
        var sentenceCount: Int?
        var chapters: Set<Substring> = []
        let ownChapter = Self.chapter(of: matcher.questionIDs[question])
        for (index, found) in candidates.enumerated() where index != question {
            // The most support this key could have: below every threshold, it cannot make the answer off topic.
            let ceiling = found.reduce(0) { $0 + ($1.isClaim && !$1.generic ? $1.end - $1.start : 0) }
            guard ceiling >= min(Self.answeredSupport, Self.dominantSupport) else { continue }
            guard index < keys.count, let key = keys[index] else { continue }
            let other = scanner.evidence(reading, found, anchors: matcher.anchors[index])
            let assessment = Assessment(key: key, evidence: other, choice: nil)
            guard Verdicts.decide(assessment, key: key, hasChoice: false).verdict == .correct else { continue }
            let corrected = other.corrected(for: key)
            let bySentence = Self.supportBySentence(
                corrected, generic: false, excluding: echoes, tokenCount: tokenCount)
            let support = bySentence.total
            for (sentence, count) in bySentence.counts.enumerated() where count >= 2 && count > ownBySentence[sentence]
            {
                foreign.insert(sentence)
            }
            // Dominance counts only the other question's own words: a short answer here that shares location
            // words with another question does not answer that one instead.
            let distinct = Self.supportBySentence(
                corrected, generic: false, excluding: shared, tokenCount: tokenCount
            ).total
            if distinct >= Self.dominantSupport && Double(distinct) >= Self.dominance * Double(own) { return true }
            if support >= max(Self.answeredSupport, (own + 1) / 2) { answered += 1 }
            if answered >= Self.answeredQuestions { return true }
            if answered >= Self.pastedQuestions {
                let sentences = sentenceCount ?? Set(reading.tokens.map(\.sentence)).count
                sentenceCount = sentences
                if sentences >= Self.pastedSentences { return true }
            }
            let chapter = Self.chapter(of: matcher.questionIDs[index])
            if support >= Self.answeredSupport && chapter != ownChapter { chapters.insert(chapter) }
            if chapters.count >= Self.dumpChapters { return true }
        }
        let ownSentences = ownBySentence.counts.count { $0 > 0 }
        return foreign.count >= Self.foreignSentences && foreign.count >= ownSentences
    }

    /// Questions whose phrases may cover a word before it stops being distinctive of any one of them.
    static let sharedBy = 2

    /// Token positions covered by a (non-generic) phrase of this question's key, whatever the phrase stands
    /// for, or by phrases of more than `sharedBy` other questions: location words every key about bars uses
    /// ("a destra", "右側") speak for none of them in particular.
    ///
    /// Per token position of an answer of `tokenCount` tokens.
    static func sharedTokens(question: Int, candidates: [[Occurrence]], tokenCount: Int) -> [Bool] {
        var shared = [Bool](repeating: false, count: tokenCount)
        var owners = [Int](repeating: 0, count: tokenCount)
        var last = [Int](repeating: -1, count: tokenCount)
        for (index, found) in candidates.enumerated() {
            for occurrence in found where !occurrence.generic {
                for position in occurrence.start..<occurrence.end
                where !occurrence.gaps.contains(where: { $0.contains(position) }) {
                    if index == question {
                        shared[position] = true
                    } else if last[position] != index {
                        last[position] = index
                        owners[position] += 1
                    }
                }
            }
        }
        for position in owners.indices where owners[position] > sharedBy { shared[position] = true }
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
    ///
    /// `echoes` (per token position, when not empty) marks the tokens left out.
    static func supportBySentence(
        _ evidence: Evidence, generic: Bool, excluding echoes: [Bool] = [], tokenCount: Int
    ) -> SentenceSupport {
        var covered = SentenceSupport()
        var seen = [Bool](repeating: false, count: tokenCount)
        for occurrence in evidence.occurrences where occurrence.isClaim && (generic || !occurrence.generic) {
            for index in occurrence.start..<occurrence.end
            where !occurrence.gaps.contains(where: { $0.contains(index) }) && !(echoes.isEmpty ? false : echoes[index])
            {
                if !seen[index] {
                    seen[index] = true
                    covered.add(sentence: occurrence.sentence)
                }
            }
        }
        return covered
    }

    /// Tokens of support per sentence index, counted in an array: answers have few sentences, and hashing
    /// them cost more than the counting.
    struct SentenceSupport {
        /// Per sentence index; 0 for the sentences with no support.
        private(set) var counts: [Int] = []
        /// All sentences' support together.
        private(set) var total = 0

        mutating func add(sentence: Int) {
            if sentence >= counts.count { counts += [Int](repeating: 0, count: sentence + 1 - counts.count) }
            counts[sentence] += 1
            total += 1
        }

        /// The support of `sentence`, 0 when it has none.
        subscript(sentence: Int) -> Int { sentence >= 0 && sentence < counts.count ? counts[sentence] : 0 }
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
