import Views

/// Cuts a window of a block's text around its first match and marks every match, in the original text.
enum Snippets {
    /// Characters of context kept around the first match.
    static let window = 180

    /// The query's stems: a word of the text whose stem is one of them is marked too (`larghezza` for
    /// `larghezze`); the last stem also marks words whose stem starts with it, as it matched as a prefix.
    struct StemMarks {
        var stems: [String] = []
        var lastIsPrefix = false

        func marks(_ stem: String) -> Bool {
            guard let last = stems.last else { return false }
            return stems.contains(stem) || (lastIsPrefix && stem.hasPrefix(last))
        }
    }

    static func make(
        text: String, needles: [String], folder: inout SearchText, stems: inout SearchStems?,
        marks: StemMarks = StemMarks()
    ) -> Snippet {
        let characters = Array(text)
        // The folded text, and for each folded character the index of the original character it came from.
        var folded: [Character] = []
        var origin: [Int] = []
        for (index, character) in characters.enumerated() {
            for foldedCharacter in folder.fold(character) {
                folded.append(foldedCharacter)
                origin.append(index)
            }
        }
        var matches: [Range<Int>] = []
        for needle in needles where !needle.isEmpty {
            let pattern = Array(needle)
            var start = 0
            while start + pattern.count <= folded.count {
                if folded[start] == pattern[0], Array(folded[start..<(start + pattern.count)]) == pattern {
                    matches.append(origin[start]..<(origin[start + pattern.count - 1] + 1))
                    start += pattern.count
                } else {
                    start += 1
                }
            }
        }
        if !marks.stems.isEmpty, stems != nil {
            for word in stems?.words(in: characters, folder: &folder) ?? [] where marks.marks(word.stem) {
                matches.append(word.range)
            }
        }
        matches.sort { $0.lowerBound < $1.lowerBound }
        var lower = 0
        var upper = characters.count
        if characters.count > window {
            let first = matches.first?.lowerBound ?? 0
            lower = max(0, min(first - window / 3, characters.count - window))
            upper = min(characters.count, lower + window)
        }
        var parts: [Snippet.Part] = []
        if lower > 0 { parts.append(Snippet.Part(text: "…", isMatch: false)) }
        var cursor = lower
        for match in matches where match.upperBound > cursor && match.lowerBound < upper {
            let start = max(match.lowerBound, cursor)
            let end = min(match.upperBound, upper)
            if cursor < start { parts.append(Snippet.Part(text: String(characters[cursor..<start]), isMatch: false)) }
            parts.append(Snippet.Part(text: String(characters[start..<end]), isMatch: true))
            cursor = end
        }
        if cursor < upper { parts.append(Snippet.Part(text: String(characters[cursor..<upper]), isMatch: false)) }
        if upper < characters.count { parts.append(Snippet.Part(text: "…", isMatch: false)) }
        return Snippet(parts: parts)
    }
}
