/// Whether a lower-cased Latin word spells Japanese syllables in Hepburn, Kunrei or the way keyboards type kana
/// (`shi`/`si`, `tsu`/`tu`, `jou`/`jō`, `kk`, `n'`): such a word is romaji, an English word almost never is
/// (`status`, `overlay`, `split` end in consonants or have clusters no syllable has).
enum RomajiSyllables {
    static func spells(_ word: String) -> Bool {
        let letters = Array(word.unicodeScalars.map(Character.init))
        guard !letters.isEmpty else { return false }
        var index = 0
        while index < letters.count {
            guard let next = syllableEnd(letters, from: index) else { return false }
            index = next
        }
        return true
    }

    /// ASCII letters and the vowels romaji marks long (`ā`, `ō`, `â`, `ô`).
    static func isLatinLetter(_ character: Character) -> Bool {
        guard let ascii = character.asciiValue else { return longVowels.contains(character) }
        return (0x61...0x7A).contains(ascii) || (0x41...0x5A).contains(ascii)
    }

    private static let longVowels: Set<Character> = [
        "ā", "ī", "ū", "ē", "ō", "â", "î", "û", "ê", "ô", "Ā", "Ī", "Ū", "Ē", "Ō", "Â", "Î", "Û", "Ê", "Ô",
    ]
    private static let vowels: Set<Character> = longVowels.union(["a", "i", "u", "e", "o"])
    /// Consonants (and digraphs) that open a syllable before a vowel.
    private static let onsets: Set<String> = [
        "k", "g", "s", "z", "t", "d", "n", "h", "b", "p", "m", "y", "r", "w", "f", "j", "v",
        "sh", "ch", "ts", "ky", "gy", "sy", "zy", "ty", "dy", "ny", "hy", "by", "py", "my", "ry", "jy", "cy",
    ]

    /// The index after the syllable starting at `index`, or `nil` when none starts there.
    private static func syllableEnd(_ letters: [Character], from index: Int) -> Int? {
        let letter = letters[index]
        if vowels.contains(letter) || (letter == "'" && index > 0) { return index + 1 }
        let next = index + 1 < letters.count ? letters[index + 1] : nil
        if letter == "n", next.map({ !vowels.contains($0) && $0 != "y" }) ?? true {
            return index + 1  // ん before a consonant or at the end (`nn` reads as ん too)
        }
        // っ: a doubled consonant (`kk`, `tt`) or `tch`, followed by a syllable.
        if let next, next == letter || (letter == "t" && next == "c"), letter != "n", !vowels.contains(letter) {
            return syllableEnd(letters, from: index + 1)
        }
        for length in [2, 1] where index + length < letters.count {
            let onset = String(letters[index..<(index + length)])
            if onsets.contains(onset), vowels.contains(letters[index + length]) { return index + length + 1 }
        }
        return nil
    }
}
