/// Whole-word replacements on token sequences, longest first, never across punctuation ("く、ラベル" is not
/// the reading "くらべ").
struct Vocabulary: Sendable {
    private var words: [(from: [Token], to: [Token])] = []
    private var byHead: [UInt32: [Int]] = [:]

    init(_ words: [(from: [Token], to: [Token])] = []) {
        self.words = words.sorted { $0.from.count > $1.from.count }
        for (index, word) in self.words.enumerated() {
            if let head = word.from.first?.head { byHead[head, default: []].append(index) }
        }
    }

    func apply(to tokens: [Token]) -> [Token] {
        guard !words.isEmpty else { return tokens }
        var result: [Token] = []
        result.reserveCapacity(tokens.count)
        var index = 0
        while index < tokens.count {
            let token = tokens[index]
            let replacement = byHead[token.head]?.lazy.map { self.words[$0] }.first { word in
                index + word.from.count <= tokens.count
                    && zip(word.from, tokens[index...]).allSatisfy { $0.text == $1.text }
                    && tokens[index + word.from.count - 1].punctuationClause == token.punctuationClause
            }
            guard let replacement else {
                result.append(token)
                index += 1
                continue
            }
            for new in replacement.to {
                var replaced = Token(
                    text: new.text, kind: new.kind, sentence: token.sentence,
                    punctuationClause: token.punctuationClause, head: new.head)
                replaced.inQuestion = token.inQuestion
                result.append(replaced)
            }
            index += replacement.from.count
        }
        return result
    }
}
