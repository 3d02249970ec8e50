/// Which clauses of an answer state something and which only name a topic.
///
/// A clause states something when it has a predicate: a negation cue, one of the lexicon's `predicates`
/// (copulas, auxiliaries, common verbs), a word ending like a verb (`predicateEndings`; in Chinese and Japanese the
/// clause's last characters), or more content than a keyword has. "metà contenuto", "dispositivo reale",
/// "UIKit: gerarchia", "一半內容" name the idea without claiming anything about it.
extension EvidenceScanner {
    /// Content words a clause of a Latin-script answer may hold and still only name a topic.
    static let topicWords = 2
    /// Content characters a clause of a Chinese or Japanese answer may hold and still only name a topic.
    static let topicCharacters = 4

    /// The token carries meaning: not a function word, not a word of one or two letters (articles, prepositions).
    func isContent(_ token: Token) -> Bool {
        guard !lexicon.functionWords.contains(token.text) else { return false }
        if normalizer.rules.segmentation == .words, token.kind == .word { return token.text.count > 2 }
        return true
    }

    /// Per clause index: the clause names topics without a predicate. `isContent` is `isContent(_:)` per token.
    func topicClauses(_ tokens: [Token], _ clauses: [Int], cues: [AnswerReading.Cue], isContent: [Bool]) -> [Bool] {
        guard let last = clauses.last else { return [] }
        let characters = normalizer.rules.segmentation == .characters
        var content = [Int](repeating: 0, count: last + 1)
        var predicate = [Bool](repeating: false, count: last + 1)
        var firstToken = [Int](repeating: -1, count: last + 1)
        for (index, token) in tokens.enumerated() {
            let clause = clauses[index]
            if firstToken[clause] < 0 { firstToken[clause] = index }
            if isContent[index] { content[clause] += 1 }
            if !characters, token.kind == .word, endsLikeVerb(token.text.utf8, minimumStem: 3) {
                predicate[clause] = true
            }
        }
        if characters {
            // The clause's last characters: `届く`, `決めない`, `必要だ`.
            let longest = lexicon.predicateEndings.map(\.count).max() ?? 0
            for index in tokens.indices
            where index + 1 == tokens.count || clauses[index + 1] != clauses[index] {
                let clause = clauses[index]
                let from = max(firstToken[clause], index - longest)
                let tail = tokens[from...index].map(\.text).joined()
                if endsLikeVerb(tail.utf8, minimumStem: 1) { predicate[clause] = true }
            }
        }
        for cue in cues { predicate[clauses[cue.start]] = true }
        for pattern in lexicon.predicates {
            for match in matches(of: pattern, in: tokens, clauses) { predicate[clauses[match.start]] = true }
        }
        let limit = characters ? Self.topicCharacters : Self.topicWords
        return content.indices.map { !predicate[$0] && content[$0] <= limit }
    }

    /// `text` ends in one of the lexicon's verb endings with at least `minimumStem` bytes before it.
    private func endsLikeVerb(_ text: String.UTF8View, minimumStem: Int) -> Bool {
        guard let lastByte = text.last, lexicon.predicateEndingLastBytes.contains(lastByte) else { return false }
        let count = text.count
        return lexicon.predicateEndings.contains { ending in
            count >= ending.utf8.count + minimumStem && text.reversed().starts(with: ending.utf8.reversed())
        }
    }
}

/// Reasons: "no, perché la barra verticale non esiste" gives a reason for its answer.
extension EvidenceScanner {
    /// The reasons an answer gives: after an opening marker ("perché", "porque", "çünkü", "因為") to the end of its
    /// sentence; before a closing marker (`から`, `ので`) that ends its clause, back to the clause's start. Only
    /// reasons holding a content word count ("sì, perché sì" gives none).
    func reasonSpans(_ tokens: [Token], _ clauses: [Int], isContent: [Bool]) -> [Range<Int>] {
        var spans: [Range<Int>] = []
        for pattern in lexicon.reasons {
            for match in matches(of: pattern, in: tokens, clauses) {
                let sentence = tokens[match.start].sentence
                let end = tokens[match.end...].firstIndex { $0.sentence != sentence } ?? tokens.count
                spans.append(match.end..<end)
            }
        }
        for pattern in lexicon.reasonsAfter {
            for match in matches(of: pattern, in: tokens, clauses) {
                let clause = clauses[match.end - 1]
                guard match.end == tokens.count || clauses[match.end] != clause else { continue }
                let start =
                    (0..<match.start).last { clauses[$0] != clauses[match.start] }.map { $0 + 1 } ?? 0
                spans.append(start..<match.start)
            }
        }
        return spans.filter { span in span.contains { isContent[$0] } }.sorted { $0.lowerBound < $1.lowerBound }
    }
}
