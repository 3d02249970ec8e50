extension StringProtocol {
    /// Byte-wise prefix test: markers are compared exactly as written, without Unicode equivalence.
    func startsWithMarker(_ marker: String) -> Bool {
        utf8.starts(with: marker.utf8)
    }

    /// The byte-wise first occurrence of `marker`, as a range of this string's indices.
    func rangeOfMarker(_ marker: String, from start: Index? = nil) -> Range<Index>? {
        let needle = Array(marker.utf8)
        guard let first = needle.first else { return nil }
        let bytes = utf8
        var index = start ?? bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index] == first, bytes[index...].starts(with: needle) {
                return index..<bytes.index(index, offsetBy: needle.count)
            }
            index = bytes.index(after: index)
        }
        return nil
    }
}

extension Substring {
    /// This text without its first `marker.utf8.count` bytes; call only after `startsWithMarker`.
    func droppingMarker(_ marker: String) -> Substring {
        self[utf8.index(startIndex, offsetBy: marker.utf8.count)...]
    }

    /// This text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        var start = startIndex
        var end = endIndex
        while start < end, self[start] == " " || self[start] == "\t" { start = index(after: start) }
        while end > start, self[index(before: end)] == " " || self[index(before: end)] == "\t" {
            end = index(before: end)
        }
        return self[start..<end]
    }
}
