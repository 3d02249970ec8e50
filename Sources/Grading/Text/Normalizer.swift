import Foundation
import Stemming

/// Turns text into tokens for one language: NFKC (which also folds full- and half-width forms), case folding
/// (Turkish-aware where the language asks), optional accent folding, Simplified → Traditional for Chinese,
/// punctuation and spacing dropped but remembered as clause and sentence boundaries.
///
/// Keys and answers go through the same normaliser, so whatever it folds matches both ways.
struct Normalizer: Sendable {
    let rules: TextRules
    let han: HanConverter?
    private var vocabulary: Vocabulary

    init(rules: TextRules, han: HanConverter?) {
        self.rules = rules
        self.han = han
        self.vocabulary = Vocabulary()
        var words: [(from: [Token], to: [Token])] = []
        for (from, to) in rules.vocabulary {
            let source = rawTokens(from)
            if !source.isEmpty { words.append((source, rawTokens(to))) }
        }
        self.vocabulary = Vocabulary(words)
    }

    func tokens(_ text: String) -> [Token] {
        var tokens = vocabulary.apply(to: rawTokens(text))
        if let stemmer = rules.stemmer {
            let words = tokens.indices.filter {
                tokens[$0].kind == .word && tokens[$0].text.count >= PhrasePattern.Unit.stemmedLength
            }
            let forms = stemmedForms(of: tokens, words: words, text: text)
            for (index, stem) in zip(words, stemmer.stem(forms)) { tokens[index].stem = stem }
            if rules.stemAccented {
                for (position, index) in words.enumerated() {
                    tokens[index].stem = accentedStem(forms[position], stem: tokens[index].stem, stemmer: stemmer)
                }
            }
        }
        if !rules.deniedStems.isEmpty {
            for index in tokens.indices where rules.deniedStems.contains(tokens[index].text) {
                tokens[index].stemDenied = true
            }
        }
        return tokens
    }

    /// The texts of `tokens(text)`, without the stems (which never change a token's text): for counting words.
    func words(_ text: String) -> [String] {
        vocabulary.apply(to: rawTokens(text)).map(\.text)
    }

    /// The words the stemmer reads: as typed (accents kept) when the language's stemmer needs its letters, else
    /// the folded tokens.
    private func stemmedForms(of tokens: [Token], words: [Int], text: String) -> [String] {
        // ASCII without `I` has no accent to keep: the folded tokens are the words as typed.
        let plain = text.utf8.allSatisfy { $0 < 0x80 && $0 != 0x49 }
        guard rules.stemAccented, rules.vocabulary.isEmpty, !plain else { return words.map { tokens[$0].text } }
        let accented = rawTokens(text, foldingDiacritics: false)
        guard accented.count == tokens.count else { return words.map { tokens[$0].text } }
        return words.map { accented[$0].text }
    }

    /// Turkish: the stem of an accented word, folded like the tokens; an ASCII-typed word whose suffix the
    /// stemmer kept because its vowels broke harmony (`arayuzler`, typed for `arayüzler`) is read again with
    /// front rounded vowels (`ü`, `ö`) and then with dotless `ı`.
    private func accentedStem(_ word: String, stem: String, stemmer: Stemmer) -> String {
        var stem = stem
        if stem == word, word.utf8.allSatisfy({ $0 < 0x80 }) {
            let front = String(word.map { $0 == "u" ? "ü" : $0 == "o" ? "ö" : $0 })
            let back = String(word.map { $0 == "i" ? "ı" : $0 })
            for variant in [front, back] where variant != word {
                let retried = stemmer.stem(variant)
                if retried != variant {
                    stem = retried
                    break
                }
            }
        }
        var view = String.UnicodeScalarView()
        for scalar in stem.unicodeScalars {
            view.append(Unicode.Scalar(LatinFolding.fold(scalar.value)) ?? scalar)
        }
        return String(view)
    }

    private func rawTokens(_ text: String, foldingDiacritics: Bool? = nil) -> [Token] {
        let foldDiacritics = foldingDiacritics ?? rules.foldDiacritics
        var builder = TokenBuilder()
        var scalars = Array(folded(text).unicodeScalars)
        if rules.foldKana { scalars = KanaFolding.fold(scalars) }
        var index = 0
        while index < scalars.count {
            let value = mapped(scalars[index].value, foldDiacritics: foldDiacritics)
            let scalar = scalars[index]
            defer { index += 1 }
            if value == 0 { continue }
            if CharacterClass.isHan(value) {
                builder.appendSingle(value, kind: .han)
            } else if CharacterClass.isKana(value) {
                builder.appendSingle(value, kind: .kana)
            } else if CharacterClass.isDigit(value) {
                builder.appendDigit(value)
            } else if value == 0x2E, builder.inNumber, index + 1 < scalars.count,
                CharacterClass.isDigit(scalars[index + 1].value)
            {
                builder.appendDecimalPoint()
            } else if LatinFolding.isCombiningMark(value) {
                if !foldDiacritics { builder.appendLetter(value) }
            } else if CharacterClass.isLetter(scalar) {
                builder.appendLetter(value)
            } else if CharacterClass.isSentenceEnd(value) {
                let nextIsWordCharacter =
                    index + 1 < scalars.count && value == 0x2E
                    && CharacterClass.isWordCharacter(scalars[index + 1])
                if nextIsWordCharacter {
                    builder.separate()  // hinge.angle, .split: a joiner, not the end of a sentence
                } else {
                    builder.endSentence(question: value == 0x3F || value == 0xFF1F)
                }
            } else if CharacterClass.isClauseBreak(value) {
                builder.endClause()
            } else {
                builder.separate()
            }
        }
        return builder.finish()
    }

    /// Romaji read as kana, NFKC, then case folding by the language's rule.
    private func folded(_ text: String) -> String {
        let text = rules.romaji?.read(text) ?? text
        if text.utf8.allSatisfy({ $0 < 0x80 }) && (rules.caseFolding == .standard || !text.utf8.contains(0x49)) {
            // ASCII is already NFKC; in ASCII only `I` lower-cases differently in Turkish (to ı).
            return String(decoding: text.utf8.map { (0x41...0x5A).contains($0) ? $0 + 0x20 : $0 }, as: UTF8.self)
        }
        var compatible = text.precomposedStringWithCompatibilityMapping
        // Foundation on Linux leaves half-width ﾌﾞ as フ + U+3099 after NFKC; compose it (ブ).
        if compatible.unicodeScalars.contains(where: { $0.value == 0x3099 || $0.value == 0x309A }) {
            compatible = compatible.precomposedStringWithCanonicalMapping
        }
        switch rules.caseFolding {
        case .standard:
            return compatible.lowercased()
        case .turkish:
            var view = String.UnicodeScalarView()
            for scalar in compatible.unicodeScalars {
                switch scalar.value {
                case 0x130: view.append("i")
                case 0x49: view.append("\u{131}")
                default: view.append(scalar)
                }
            }
            return String(view).lowercased()
        }
    }

    /// Accent folding, Simplified → Traditional and variant folding of one scalar; 0 drops it.
    private func mapped(_ value: UInt32, foldDiacritics: Bool) -> UInt32 {
        var result = value
        if foldDiacritics { result = LatinFolding.fold(result) }
        if let han, CharacterClass.isHan(result) { result = han.convert(result) }
        if let variant = rules.variants[result] { result = variant }
        return result
    }
}
