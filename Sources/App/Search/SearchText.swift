import Foundation
import Grading

/// Folds and tokenises course text for the search index, the same way for documents and queries.
///
/// Latin-script words are lower-cased with the language's rules (Turkish `İ/I`) and stripped of
/// diacritics, so `perche` finds `perché` and `ic ekran` finds `iç ekran`. Chinese and Japanese have no
/// spaces, so runs of Han and kana become overlapping character bigrams (and single characters in a
/// separate column): two-character words such as `摺痕` match, which FTS5's trigram tokenizer cannot do.
/// Where grading folds Simplified to Traditional (zh-Hant), search folds with the same table, so `宽度` finds
/// `寬度`.
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

    /// What one folded character contributes to a run.
    enum Role: Equatable {
        /// A Han or kana character: CJK runs become bigrams.
        case cjk
        /// A letter or digit of a Latin-script (or other spaced) word.
        case word
        /// Anything else ends the current run.
        case separator
    }

    let locale: Locale
    private let isTurkish: Bool
    private let han: HanConverter?
    private var cache: [Character: String] = [:]
    private var roles: [Character: [(Character, Role)]] = [:]
    private var scalarRoles: [UInt32: [(Character, Role)]] = [:]

    /// - Parameter han: the Simplified → Traditional converter to fold Han characters with, if any.
    init(languageTag: String, han: HanConverter? = nil) {
        locale = Locale(identifier: languageTag)
        isTurkish = locale.language.languageCode?.identifier == "tr"
        self.han = han
    }

    /// The folded form of one character: lower case, no diacritics, full-width forms narrowed.
    mutating func fold(_ character: Character) -> String {
        if let ascii = character.asciiValue, character.utf8.count == 1 {
            return String(Unicode.Scalar((0x41...0x5A).contains(ascii) ? ascii | 0x20 : ascii))
        }
        if let cached = cache[character] { return cached }
        var folded = String(character).precomposedStringWithCompatibilityMapping
        folded = folded.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: locale)
        if isTurkish {
            folded = folded.replacingOccurrences(of: "ı", with: "i")
        }
        if let han {
            var scalars = String.UnicodeScalarView()
            scalars.append(contentsOf: folded.unicodeScalars.map { Unicode.Scalar(han.convert($0.value)) ?? $0 })
            folded = String(scalars)
        }
        cache[character] = folded
        return folded
    }

    /// The folded characters of `character` with their roles; Unicode properties are looked up once per
    /// distinct character (they dominated index build time when asked for every character).
    mutating func classified(_ character: Character) -> [(Character, Role)] {
        if let known = roles[character] { return known }
        let result = computeRoles(character)
        roles[character] = result
        return result
    }

    /// `classified` for a character that is one scalar, cached by its value (cheaper to hash).
    private mutating func classified(scalar: Unicode.Scalar) -> [(Character, Role)] {
        if let known = scalarRoles[scalar.value] { return known }
        let result = computeRoles(Character(scalar))
        scalarRoles[scalar.value] = result
        return result
    }

    private mutating func computeRoles(_ character: Character) -> [(Character, Role)] {
        fold(character).map { folded -> (Character, Role) in
            guard let scalar = folded.unicodeScalars.first else { return (folded, .separator) }
            if Self.isCJK(scalar) { return (folded, .cjk) }
            return (folded, folded.isLetter || folded.isNumber ? .word : .separator)
        }
    }

    /// CJK Unified Ideographs and Extension A: folding leaves them as they are (`SearchTextTests` checks
    /// every one) apart from the Simplified → Traditional table, so they skip the lookup.
    static func isUnifiedIdeograph(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
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
        var runs: [(text: String, isCJK: Bool)] = []
        var current: [UInt8] = []
        var currentIsCJK = false
        func flush() {
            if !current.isEmpty { runs.append((String(decoding: current, as: UTF8.self), currentIsCJK)) }
            current.removeAll(keepingCapacity: true)
        }
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            // An ASCII character followed by ASCII (but not CR LF) is a whole character: no folding to look up.
            if byte < 0x80, next == utf8.endIndex || (utf8[next] < 0x80 && !(byte == 0x0D && utf8[next] == 0x0A)) {
                switch byte {
                case 0x41...0x5A, 0x61...0x7A, 0x30...0x39:
                    if currentIsCJK { flush() }
                    currentIsCJK = false
                    current.append((0x41...0x5A).contains(byte) ? byte | 0x20 : byte)
                default:
                    flush()
                }
                index = next
                continue
            }
            let end = text.index(after: index)
            let scalars = text.unicodeScalars
            let roles: [(Character, Role)]
            if scalars.index(after: index) == end {
                let scalar = scalars[index]
                if Self.isUnifiedIdeograph(scalar.value) {
                    if !currentIsCJK { flush() }
                    currentIsCJK = true
                    if let han, let converted = Unicode.Scalar(han.convert(scalar.value)), converted != scalar {
                        current.append(contentsOf: String(converted).utf8)
                    } else {
                        current.append(contentsOf: text.utf8[index..<end])
                    }
                    index = end
                    continue
                }
                roles = classified(scalar: scalar)
            } else {
                roles = classified(text[index])
            }
            for (folded, role) in roles {
                switch role {
                case .cjk, .word:
                    let cjk = role == .cjk
                    if cjk != currentIsCJK { flush() }
                    currentIsCJK = cjk
                    current.append(contentsOf: folded.utf8)
                case .separator:
                    flush()
                }
            }
            index = end
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
