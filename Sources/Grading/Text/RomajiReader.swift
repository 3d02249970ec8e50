import Transliteration

/// Reads the romaji in a Japanese answer as hiragana (`ue to shita` → `うえとした`), through ICU's
/// `Latin-Hiragana` transform, so that romaji meets the key's kana (and, through the language's readings, its
/// kanji).
///
/// Only words that spell Japanese syllables are read (`RomajiSyllables`); words in capitals or camel case (`UI`,
/// `SwiftUI`) and the key's own Latin words (`overlay`, `status`) stay Latin. A Latin word of the key of one or
/// two letters (`no`, `ui`) is read as romaji when the same answer has other romaji in it (`ue no hou`).
struct RomajiReader: Sendable {
    let transliterator: Transliterator
    /// Lower-cased Latin words of the language's key phrases and lexicon.
    let keyWords: Set<String>

    /// `text` with its romaji words in hiragana; unchanged (and cheap) when it has none.
    func read(_ text: String) -> String {
        guard text.utf8.contains(where: { ($0 | 0x20) >= 0x61 && ($0 | 0x20) <= 0x7A }) else { return text }
        let words = Self.latinWords(in: text)
        guard !words.isEmpty else { return text }
        var candidates: [(range: Range<String.Index>, word: String, own: Bool)] = []
        for range in words {
            let original = text[range]
            guard original.dropFirst().allSatisfy({ !$0.isUppercase }) else { continue }
            let word = original.lowercased()
            guard RomajiSyllables.spells(word) else { continue }
            candidates.append((range, word, keyWords.contains(word)))
        }
        let romajiAnswer = candidates.contains { !$0.own }
        var result = ""
        var cursor = text.startIndex
        for candidate in candidates where !candidate.own || (romajiAnswer && candidate.word.count <= 2) {
            result += text[cursor..<candidate.range.lowerBound]
            result += Self.particles[candidate.word] ?? transliterator.transliterate(candidate.word)
            cursor = candidate.range.upperBound
        }
        guard cursor != text.startIndex else { return text }
        result += text[cursor...]
        return result
    }

    /// Every Latin word of `text` spells Japanese syllables, leaving aside capitals, camel case and the key's own
    /// longer words (`UI`, `SwiftUI`, `overlay`): Latin text on the Japanese page that is romaji, not Italian,
    /// Spanish or Turkish ("in alto e in basso" has `alto`). A lone `si` or `no` is not enough.
    func isRomaji(_ text: String) -> Bool {
        var words: [String] = []
        for range in Self.latinWords(in: text) where text[range].dropFirst().allSatisfy({ !$0.isUppercase }) {
            let word = text[range].lowercased()
            if word.count > 2, keyWords.contains(word) { continue }
            words.append(word)
        }
        guard words.reduce(0, { $0 + $1.count }) >= 3, words.contains(where: { !keyWords.contains($0) }) else {
            return false
        }
        return words.allSatisfy(RomajiSyllables.spells)
    }

    /// Particles written as pronounced in romaji but with their own kana: `wa` は, `o` を, `e` へ.
    private static let particles: [String: String] = ["wa": "は", "o": "を", "wo": "を", "e": "へ"]

    /// Ranges of the runs of Latin letters (with `'` inside, `kon'nichiwa`); scanned by scalar, since most
    /// Japanese answers have few Latin letters and a 4 KiB answer must stay cheap.
    private static func latinWords(in text: String) -> [Range<String.Index>] {
        var ranges: [Range<String.Index>] = []
        var start: String.Index?
        let scalars = text.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            if RomajiSyllables.isLatinLetter(Character(scalar)) {
                if start == nil { start = index }
            } else if scalar == "'", start != nil {
                // inside a word only when a letter follows
            } else if let first = start {
                ranges.append(first..<trimmed(text, first, index))
                start = nil
            }
            index = scalars.index(after: index)
        }
        if let first = start { ranges.append(first..<trimmed(text, first, text.endIndex)) }
        return ranges
    }

    private static func trimmed(_ text: String, _ start: String.Index, _ end: String.Index) -> String.Index {
        let scalars = text.unicodeScalars
        var end = end
        while end > start, scalars[scalars.index(before: end)] == "'" { end = scalars.index(before: end) }
        return end
    }
}
