extension StringProtocol {
    /// Byte-wise prefix test: markers are compared exactly as written, without Unicode equivalence.
    func startsWithMarker(_ marker: String) -> Bool {
        utf8.starts(with: marker.utf8)
    }

    /// The byte-wise first occurrence of `marker`, as a range of this string's indices.
    func rangeOfMarker(_ marker: String) -> Range<Index>? {
        let needle = Array(marker.utf8)
        guard let first = needle.first else { return nil }
        let found: Int?? = utf8.withContiguousStorageIfAvailable { haystack in
            guard haystack.count >= needle.count else { return nil }
            for offset in 0...(haystack.count - needle.count) where haystack[offset] == first {
                var matched = true
                for index in 1..<needle.count where haystack[offset + index] != needle[index] {
                    matched = false
                    break
                }
                if matched { return offset }
            }
            return nil
        }
        let offset: Int?
        if let found {
            offset = found
        } else {
            offset = Array(utf8).firstRange(of: needle)?.lowerBound
        }
        guard let offset else { return nil }
        let lower = utf8.index(startIndex, offsetBy: offset)
        return lower..<utf8.index(lower, offsetBy: needle.count)
    }
}

extension Substring {
    /// This text without its first `marker.utf8.count` bytes; call only after `startsWithMarker`.
    func droppingMarker(_ marker: String) -> Substring {
        self[utf8.index(startIndex, offsetBy: marker.utf8.count)...]
    }

    /// This text without leading and trailing spaces and tabs.
    func trimmingSpaces() -> Substring {
        let bytes = utf8
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == .space || bytes[start] == .tab { start = bytes.index(after: start) }
        while end > start {
            let previous = bytes.index(before: end)
            guard bytes[previous] == .space || bytes[previous] == .tab else { break }
            end = previous
        }
        return self[start..<end]
    }
}
