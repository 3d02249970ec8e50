import Foundation
import Stemming

/// Word stems for the languages with a Snowball stemmer, so `larghezze` finds `larghezza`.
///
/// Each word is lower-cased with the language's rules first (Turkish `I` → `ı`, `İ` → `i`) and stemmed with
/// its accents, as the Snowball algorithms expect; the stem is then folded like every other search term
/// (no accents, Turkish `ı` as `i`), so it lives in the index's `stems` column beside the exact `words`.
struct SearchStems {
    /// One word of a text: where it is (indices into the text's characters) and its folded stem.
    struct Word: Equatable {
        var range: Range<Int>
        var stem: String
    }

    /// The Snowball algorithm for each language code that has one.
    static let algorithms = ["it": "italian", "es": "spanish", "tr": "turkish"]

    private let stemmer: Stemmer
    private let locale: Locale
    private let isTurkish: Bool
    private var cache: [String: String] = [:]

    init(stemmer: Stemmer, languageTag: String) {
        self.stemmer = stemmer
        locale = Locale(identifier: languageTag)
        isTurkish = locale.language.languageCode?.identifier == "tr"
    }

    /// The stemmer for a language code, or `nil` for a language without one (Chinese, Japanese).
    /// - Throws: `StemmingError` when libstemmer lacks an algorithm it should have.
    static func stemmer(for languageCode: String) throws -> Stemmer? {
        guard let algorithm = algorithms[languageCode] else { return nil }
        return try Stemmer(algorithm: algorithm)
    }

    /// The words of `characters` (runs of letters and digits, CJK excluded) with their stems.
    mutating func words(in characters: [Character], folder: inout SearchText) -> [Word] {
        var words: [Word] = []
        var start: Int?
        for index in 0...characters.count {
            let isWordCharacter = index < characters.count && Self.isWordCharacter(characters[index], &folder)
            if isWordCharacter {
                if start == nil { start = index }
            } else if let first = start {
                let stem = self.stem(String(characters[first..<index]), folder: &folder)
                if !stem.isEmpty { words.append(Word(range: first..<index, stem: stem)) }
                start = nil
            }
        }
        return words
    }

    /// The folded stems of the words of `text`, in order.
    mutating func stems(of text: String, folder: inout SearchText) -> [String] {
        words(in: Array(text), folder: &folder).map(\.stem)
    }

    /// The folded stem of one word of the original text.
    mutating func stem(_ word: String, folder: inout SearchText) -> String {
        if let known = cache[word] { return known }
        var lower = word
        if isTurkish {
            lower = lower.replacingOccurrences(of: "I", with: "ı").replacingOccurrences(of: "İ", with: "i")
        }
        lower = lower.lowercased(with: locale)
        var stem = stemmer.stem(lower)
        // Turkish Snowball strips one layer of suffixes per pass (`ekranları` → `ekran`, but `ekran` → `ekra`):
        // stemming until nothing changes brings a word's forms to one stem.
        if isTurkish {
            for _ in 0..<3 {
                let again = stemmer.stem(stem)
                if again == stem { break }
                stem = again
            }
        }
        var folded = ""
        for character in stem {
            for piece in folder.fold(character) where piece.isLetter || piece.isNumber {
                folded.append(piece)
            }
        }
        cache[word] = folded
        return folded
    }

    /// A letter or digit of a spaced word, as `SearchText.runs` sees it.
    private static func isWordCharacter(_ character: Character, _ folder: inout SearchText) -> Bool {
        if let ascii = character.asciiValue {
            return (0x30...0x39).contains(ascii) || (0x41...0x5A).contains(ascii) || (0x61...0x7A).contains(ascii)
        }
        let roles = folder.classified(character)
        return roles.contains { $0.1 == .word } && !roles.contains { $0.1 == .cjk }
    }
}
