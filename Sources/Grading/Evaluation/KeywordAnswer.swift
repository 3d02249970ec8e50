/// Whether an answer to an open question that asks for an explanation is only topic words: one word ("metà",
/// "非対称"), a list whose every item is nothing but the key's own phrases ("righe lunghe, vuoto, limite"), or a
/// list of short items none of which has a predicate ("larghezza, minimo", "幅、最小幅"). Such an answer names
/// the idea without claiming anything about it, so it is at most partial. Questions that ask where or which
/// ("a destra") take a short answer.
enum KeywordAnswer {
    /// Chinese and Japanese answers of at most this many content characters count as one word ("一半", "非対称").
    static let characterWord = 3

    static func isBare(_ reading: AnswerReading, _ evidence: Evidence, rules: TextRules) -> Bool {
        let items = Set(reading.clauses)
        switch rules.segmentation {
        case .words: if reading.contentUnits <= 1 { return true }
        case .characters: if reading.contentUnits <= characterWord { return true }
        }
        if items.count >= 2 && items.allSatisfy({ reading.topicClauses[$0] }) { return true }
        let tokens = reading.tokens
        var covered = [Bool](repeating: false, count: tokens.count)
        for occurrence in evidence.occurrences where occurrence.isClaim && !occurrence.generic {
            for index in occurrence.start..<occurrence.end
            where !occurrence.gaps.contains(where: { $0.contains(index) }) {
                covered[index] = true
            }
        }
        guard items.count >= 2 else { return false }
        let content = tokens.indices.filter { reading.isContent[$0] }
        return content.allSatisfy { covered[$0] }
    }
}
