import Stemming

/// How one language's text is normalised and cut into tokens; read from its key file, so a sixth language
/// needs no code.
struct TextRules: Sendable {
    enum CaseFolding: String, Sendable {
        /// Unicode default lowercasing.
        case standard
        /// Turkish: `İ` → `i`, `I` → `ı`.
        case turkish
    }

    enum Segmentation: String, Sendable {
        /// Words between spaces and punctuation (Italian, Spanish, Turkish).
        case words
        /// Every Han and kana character is a token; Latin runs inside stay words (Chinese, Japanese).
        case characters
    }

    /// Script family, used to detect the language an answer is written in.
    enum Script: String, Sendable {
        case latin
        case han
        /// Kana with Han.
        case japanese
    }

    var caseFolding: CaseFolding
    /// Accents optional both ways: `sì`/`si`, `iç`/`ic`, `ı`/`i`.
    var foldDiacritics: Bool
    /// Simplified Chinese input is converted to Traditional before matching.
    var simplifiedToTraditional: Bool
    var segmentation: Segmentation
    var script: Script
    /// Japanese: a phrase in dictionary form (`入る`, `対応する`) matches its stem followed by any hiragana,
    /// so plain and polite forms (`入らない`, `入ります`) both match.
    var verbStems: Bool
    /// Character variants folded after conversion (`臺` → `台`), applied to keys and answers alike.
    var variants: [UInt32: UInt32]
    /// Regional words replaced after tokenizing (`界面` → `介面`), keys and answers alike; raw text here,
    /// tokenized by `Normalizer`.
    var vocabulary: [(from: String, to: String)]
    /// Snowball stemmer for Latin-script word matching (Italian, Spanish); `nil` keeps plain word matching.
    var stemmer: Stemmer? = nil
    /// The stemmer reads words with their accents, before folding (Turkish suffixes follow vowel harmony, which
    /// needs `ü`, `ı`, `ö`); the stem is then folded like the tokens.
    var stemAccented = false
    /// Only key words written bare (the word is its own stem: `dikey`, `çubuk`) match their inflected forms; a key
    /// word written inflected means that inflection (Turkish `gezinmeyi`, the object, is not `gezinme tarafından`,
    /// the agent: the case ending says who wraps whom).
    var stemBareKeyWordsOnly = false
    /// Japanese: katakana read as hiragana and long vowels as short ones (`KanaFolding`), keys and answers alike.
    var foldKana = false
    /// Japanese: romaji words read as hiragana (`RomajiReader`); `nil` leaves Latin words as they are.
    var romaji: RomajiReader? = nil
    /// Words no stem may match (Turkish `belirleyici`, "decisive", is not `belir*`, "to appear"), normalised.
    var deniedStems: Set<String> = []
}
