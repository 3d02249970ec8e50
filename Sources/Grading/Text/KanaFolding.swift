/// Folds the ways learners spell the same Japanese sound to one form: katakana as hiragana (`ナビゲーション` and
/// `なびげーしょん`), and long vowels as short ones (`ー`; `う`/`お` after an o-sound, `え`/`い` after an e-sound),
/// since romaji writes them as `ō`, `ou`, `oo` or not at all (`jouge`, `jōge`, `joge`).
///
/// A vowel folds only after a kana of its own script: `はアイコン` is a particle and a loanword, not a long `は`.
/// `ああ`, `いい` and `うう` stay (`があるか` is not a long `が`; `ううん`, "no", must not become `うん`, "yes").
enum KanaFolding {
    /// `scalars` with katakana as hiragana and long vowels dropped.
    static func fold(_ scalars: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var result: [Unicode.Scalar] = []
        result.reserveCapacity(scalars.count)
        var previousVowel: Character? = nil
        var previousKatakana = false
        for scalar in scalars {
            let value = hiragana(scalar.value)
            let katakana = value != scalar.value
            if value == 0x30FC {  // ー lengthens the previous kana
                if previousVowel != nil { continue }
                result.append(scalar)
                continue
            }
            let vowel = vowel(of: value)
            if let previousVowel, katakana == previousKatakana, let own = plainVowel(value),
                lengthens(previousVowel, with: own)
            {
                continue
            }
            previousVowel = vowel
            previousKatakana = katakana
            result.append(Unicode.Scalar(value) ?? scalar)
        }
        return result
    }

    /// The hiragana of a katakana scalar (`ア` → `あ`, `ヴ` → `ゔ`); other scalars unchanged.
    static func hiragana(_ value: UInt32) -> UInt32 {
        (0x30A1...0x30F6).contains(value) || (0x30FD...0x30FE).contains(value) ? value - 0x60 : value
    }

    /// A long vowel after `previous`: `ええ`, `えい`, `おお`, `おう`.
    private static func lengthens(_ previous: Character, with vowel: Character) -> Bool {
        switch (previous, vowel) {
        case ("e", "e"), ("e", "i"), ("o", "o"), ("o", "u"): true
        default: false
        }
    }

    /// The vowel of a full-size vowel kana (`あ` … `お`), which can lengthen the kana before it.
    private static func plainVowel(_ value: UInt32) -> Character? {
        switch value {
        case 0x3042: "a"
        case 0x3044: "i"
        case 0x3046: "u"
        case 0x3048: "e"
        case 0x304A: "o"
        default: nil
        }
    }

    /// The vowel a hiragana ends in (`き` → i, `ょ` → o); `nil` for `ん`, `っ` and anything else.
    private static func vowel(of value: UInt32) -> Character? {
        switch value {
        case 0x3083, 0x3085, 0x3087: return ["a", "u", "o"][Int(value - 0x3083) / 2]  // ゃ ゅ ょ
        case 0x308E: return "a"  // ゎ
        case 0x3094: return "u"  // ゔ
        case 0x3041...0x304A: return ["a", "i", "u", "e", "o"][Int(value - 0x3041) / 2]  // ぁあぃい…
        case 0x304B...0x3062:  // か…ぢ: pairs of plain and voiced kana
            return ["a", "i", "u", "e", "o"][(Int(value - 0x304B) / 2) % 5]
        case 0x3063: return nil  // っ
        case 0x3064...0x3069: return ["u", "u", "e", "e", "o", "o"][Int(value - 0x3064)]  // つづてでとど
        case 0x306A...0x306E: return ["a", "i", "u", "e", "o"][Int(value - 0x306A)]  // な…の
        case 0x306F...0x307D: return ["a", "i", "u", "e", "o"][Int(value - 0x306F) / 3]  // は…ぽ (plain, voiced, half)
        case 0x307E...0x3082: return ["a", "i", "u", "e", "o"][Int(value - 0x307E)]  // ま…も
        case 0x3084, 0x3086, 0x3088: return ["a", "u", "o"][Int(value - 0x3084) / 2]  // や ゆ よ
        case 0x3089...0x308D: return ["a", "i", "u", "e", "o"][Int(value - 0x3089)]  // ら…ろ
        case 0x308F: return "a"  // わ
        case 0x3092: return "o"  // を
        default: return nil
        }
    }
}
