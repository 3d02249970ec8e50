/// Snippet text cut into plain and matching parts; every part is escaped, matches render in `<mark>`.
public struct Snippet: Sendable, Equatable {
    /// A run of snippet text, marked or not.
    public struct Part: Sendable, Equatable {
        /// The run's text, escaped when rendered.
        public var text: String
        /// Whether the run matched the query (rendered as `<mark>`).
        public var isMatch: Bool

        /// A run from its text and whether it matched.
        public init(text: String, isMatch: Bool) {
            self.text = text
            self.isMatch = isMatch
        }
    }

    /// The runs in reading order.
    public var parts: [Part]

    /// A snippet from its runs.
    public init(parts: [Part]) {
        self.parts = parts
    }

    /// A snippet from text and the ranges that matched (ranges out of order or overlapping are merged).
    public init(text: String, matches: [Range<String.Index>]) {
        let sorted = matches.filter { $0.lowerBound >= text.startIndex && $0.upperBound <= text.endIndex }
            .sorted { $0.lowerBound < $1.lowerBound }
        var parts: [Part] = []
        var cursor = text.startIndex
        for range in sorted where range.upperBound > cursor {
            let start = max(range.lowerBound, cursor)
            if cursor < start {
                parts.append(Part(text: String(text[cursor..<start]), isMatch: false))
            }
            parts.append(Part(text: String(text[start..<range.upperBound]), isMatch: true))
            cursor = range.upperBound
        }
        if cursor < text.endIndex {
            parts.append(Part(text: String(text[cursor...]), isMatch: false))
        }
        self.parts = parts
    }

    /// A snippet from text whose matches are wrapped in two marker characters, as SQLite FTS5's
    /// `snippet()` and `highlight()` produce them (e.g. U+0002 and U+0003); unbalanced markers are dropped.
    public init(marked: String, open: Character = "\u{2}", close: Character = "\u{3}") {
        var parts: [Part] = []
        var current = ""
        var inMatch = false
        for character in marked {
            if character == open || character == close {
                let entering = character == open
                if entering != inMatch {
                    if !current.isEmpty {
                        parts.append(Part(text: current, isMatch: inMatch))
                    }
                    current = ""
                    inMatch = entering
                }
                continue
            }
            current.append(character)
        }
        if !current.isEmpty {
            parts.append(Part(text: current, isMatch: inMatch))
        }
        self.parts = parts
    }
}
