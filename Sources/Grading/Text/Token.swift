/// One unit of normalised text: a word (letters and digits of an alphabetic script), a number, or a single
/// Han or kana character. Matching works on tokens, so Chinese and Japanese never depend on spaces.
struct Token: Sendable, Equatable {
    enum Kind: Sendable, Equatable {
        case word
        case number(Double)
        case han
        case kana
    }

    let text: String
    let kind: Kind
    /// Index of the sentence the token belongs to (split at `.`, `!`, `?`, `;`, `。`, line breaks).
    let sentence: Int
    /// Index of the clause split by punctuation alone (`,` `:` `、` … and sentence ends).
    let punctuationClause: Int
    /// The token's sentence ends with a question mark ("Di lato? No, in alto").
    var inQuestion = false
    /// First Unicode scalar of `text`, for indexing patterns by their first letter.
    let head: UInt32
    /// The word's Snowball stem in languages that have one; empty otherwise.
    var stem = ""
    /// The word is on its language's deny list: only a whole-word phrase unit matches it, never a stem.
    var stemDenied = false

    var isHiragana: Bool {
        guard kind == .kana else { return false }
        return (0x3041...0x309F).contains(head)
    }
}
