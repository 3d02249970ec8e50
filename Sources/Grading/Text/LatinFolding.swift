import Foundation

/// Removes accents from Latin letters (`è` → `e`, `ç` → `c`, `ğ` → `g`, `ı` → `i`), so accents are optional
/// both ways for the languages that ask for it.
enum LatinFolding {
    private static let first: UInt32 = 0x00C0
    private static let last: UInt32 = 0x024F

    /// Folded scalar per code point of Latin-1 Supplement and Latin Extended-A/B; 0 where folding gives
    /// more than one scalar (`æ`), which is kept as it is.
    private static let table: [UInt32] = (first...last).map { value in
        guard let scalar = Unicode.Scalar(value) else { return 0 }
        if value == 0x0131 { return 0x69 }  // dotless ı: Foundation leaves it, Turkish learners type i
        let folded = String(Character(scalar)).folding(options: [.diacriticInsensitive], locale: nil)
        let scalars = folded.unicodeScalars
        guard scalars.count == 1, let only = scalars.first else { return 0 }
        return only.value
    }

    /// The scalar without its accent; unchanged when it has none.
    static func fold(_ value: UInt32) -> UInt32 {
        guard value >= first, value <= last else { return value }
        let folded = table[Int(value - first)]
        return folded == 0 ? value : folded
    }

    /// Combining diacritical marks, dropped when folding (`i̇` from lowercasing `İ` outside Turkish).
    static func isCombiningMark(_ value: UInt32) -> Bool {
        (0x0300...0x036F).contains(value)
    }
}
