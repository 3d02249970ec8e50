/// Unicode ranges the tokenizer cares about.
enum CharacterClass {
    static func isHan(_ value: UInt32) -> Bool {
        (0x4E00...0x9FFF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0xF900...0xFAFF).contains(value) || value == 0x3005 || value == 0x3007
    }

    static func isKana(_ value: UInt32) -> Bool {
        ((0x3041...0x30FF).contains(value) && value != 0x30FB && value != 0x30A0)
            || (0x31F0...0x31FF).contains(value)
    }

    static func isDigit(_ value: UInt32) -> Bool {
        (0x30...0x39).contains(value)
    }

    static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        isDigit(scalar.value) || (isLetter(scalar) && !isHan(scalar.value) && !isKana(scalar.value))
    }

    /// Alphabetic, with the Unicode property lookup only outside ASCII and Latin-1/Extended-A/B.
    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if value < 0x80 { return (0x61...0x7A).contains(value) || (0x41...0x5A).contains(value) }
        if (0xC0...0x24F).contains(value) { return value != 0xD7 && value != 0xF7 }
        return scalar.properties.isAlphabetic
    }

    /// `.` `!` `?` `;` `。` `！` `？` `；` and line breaks end a sentence.
    static func isSentenceEnd(_ value: UInt32) -> Bool {
        switch value {
        case 0x2E, 0x21, 0x3F, 0x3B, 0x0A, 0x0D, 0x3002, 0xFF61, 0xFF01, 0xFF1F, 0xFF1B, 0x2029: true
        default: false
        }
    }

    /// `,` `:` `、` `，` `：` brackets and dashes end a clause; quotes and hyphens do not.
    static func isClauseBreak(_ value: UInt32) -> Bool {
        switch value {
        case 0x2C, 0x3A, 0x28, 0x29, 0x5B, 0x5D, 0x3001, 0xFF0C, 0xFF1A, 0xFF64, 0x2013, 0x2014, 0xFF08, 0xFF09,
            0x3010, 0x3011:
            true
        default: false
        }
    }
}
