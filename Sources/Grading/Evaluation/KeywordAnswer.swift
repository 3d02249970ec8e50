/// Whether an answer to an open question is only topic words: one word, or a list whose every item is nothing
/// but the key's own phrases ("metà", "righe lunghe, vuoto, limite"). Such an answer names the idea without
/// claiming anything about it, so it is at most partial.
enum KeywordAnswer {
    /// Chinese and Japanese answers of at most this many characters count as one word ("一半", "半分").
    static let characterWord = 2

    static func isBare(_ reading: AnswerReading, _ evidence: Evidence, lexicon: Lexicon, rules: TextRules) -> Bool {
        let tokens = reading.tokens
        // Words of one or two letters are articles and prepositions ("la", "di", "un"), as are function words.
        let content = tokens.indices.filter {
            !lexicon.functionWords.contains(tokens[$0].text) && (tokens[$0].kind != .word || tokens[$0].text.count > 2)
        }
        switch rules.segmentation {
        case .words: if content.count <= 1 { return true }
        case .characters: if tokens.count <= characterWord { return true }
        }
        var covered = [Bool](repeating: false, count: tokens.count)
        for occurrence in evidence.occurrences where occurrence.isClaim && !occurrence.generic {
            for index in occurrence.start..<occurrence.end
            where !occurrence.gaps.contains(where: { $0.contains(index) }) {
                covered[index] = true
            }
        }
        let items = Set(reading.clauses)
        guard items.count >= 2 else { return false }
        return content.allSatisfy { covered[$0] }
    }
}
