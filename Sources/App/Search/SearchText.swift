import Foundation

/// Folds and tokenises course text for the search index, the same way for documents and queries.
///
/// Latin-script words are lower-cased with the language's rules (Turkish `İ/I`) and stripped of
/// diacritics, so `perche` finds `perché` and `ic ekran` finds `iç ekran`. Chinese and Japanese have no
/// spaces, so runs of Han and kana become overlapping character bigrams (and single characters in a
/// separate column): two-character words such as `摺痕` match, which FTS5's trigram tokenizer cannot do.
struct SearchText {
    /// Terms of one text: `words` for the word/bigram column, `characters` for the unigram column.
    struct Terms {
        var words: [String] = []
        var characters: [String] = []
    }

    /// One query term: a word (prefix-matched when last), a CJK phrase of bigrams, or a single CJK character.
    enum QueryTerm: Equatable {
        case word(String)
        case bigrams([String])
        case character(String)
    }

    let locale: Locale
    private var cache: [Character: String] = [:]

    init(languageTag: String) {
        locale = Locale(identifier: languageTag)
    }

    /// The folded form of one character: lower case, no diacritics, full-width forms narrowed.
    mutating func fold(_ character: Character) -> String {
        if character.isASCII {
            return character.isUppercase ? character.lowercased() : String(character)
        }
        if let cached = cache[character] { return cached }
        var folded = String(character).precomposedStringWithCompatibilityMapping
        folded = folded.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
        if locale.language.languageCode?.identifier == "tr" {
            folded = folded.replacingOccurrences(of: "ı", with: "i")
        }
        cache[character] = folded
        return folded
    }

    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF, 0xFF66...0xFF9D,
            0x20000...0x2FA1F:
            return true
        default:
            return false
        }
    }

    /// Splits folded text into Latin words and CJK runs, in order.
    mutating func runs(_ text: String) -> [(text: String, isCJK: Bool)] {
        var runs: [(String, Bool)] = []
        var current = ""
        var currentIsCJK = false
        func flush() {
            if !current.isEmpty { runs.append((current, currentIsCJK)) }
            current = ""
        }
        for character in text {
            for folded in fold(character) {
                guard let scalar = folded.unicodeScalars.first else { continue }
                let cjk = Self.isCJK(scalar)
                if cjk || folded.isLetter || folded.isNumber {
                    if cjk != currentIsCJK { flush() }
                    currentIsCJK = cjk
                    current.append(folded)
                } else {
                    flush()
                }
            }
        }
        flush()
        return runs
    }

    /// The index terms of a document text.
    mutating func terms(of text: String) -> Terms {
        var terms = Terms()
        for (run, isCJK) in runs(text) {
            guard isCJK else {
                terms.words.append(run)
                continue
            }
            let characters = run.map(String.init)
            terms.characters.append(contentsOf: characters)
            if characters.count == 1 {
                terms.words.append(characters[0])
            } else {
                for index in 0..<(characters.count - 1) {
                    terms.words.append(characters[index] + characters[index + 1])
                }
            }
        }
        return terms
    }

    /// The terms of a query, each to be matched (all must match).
    mutating func queryTerms(of query: String) -> [QueryTerm] {
        runs(query).map { run, isCJK in
            guard isCJK else { return .word(run) }
            let characters = run.map(String.init)
            if characters.count == 1 { return .character(characters[0]) }
            return .bigrams((0..<(characters.count - 1)).map { characters[$0] + characters[$0 + 1] })
        }
    }

    /// The folded needles used to mark matches in a snippet.
    static func needles(_ terms: [QueryTerm]) -> [String] {
        terms.map { term in
            switch term {
            case .word(let word): return word
            case .character(let character): return character
            case .bigrams(let bigrams): return bigrams.enumerated().map { $0 == 0 ? $1 : String($1.suffix(1)) }.joined()
            }
        }
    }
}
