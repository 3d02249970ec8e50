/// Feedback sentences of one language, chosen by what the grader concluded.
struct Feedback: Sendable {
    enum Reason: String, Sendable, CaseIterable {
        case correct
        case correctIncomplete
        case partial
        /// An open question answered with a bare word or a list of keywords: the idea, but no claim.
        case keywords
        case wrongOption
        case wrongPolarity
        case wrongNumber
        case bothOptions
        case contradiction
        case dontKnow
        case empty
        case offTopic
        /// The answer speaks to another question, or to several chapters at once.
        case otherQuestion
        // What the learner is told while the answer is still theirs to find (the scoring policy withholds the
        // reference): the same judgements, naming no answer and pointing back at the chapter.
        /// Instead of `wrongOption`, `wrongPolarity` and `wrongNumber`.
        case notYet
        case dontKnowHidden
        case contradictionHidden
        case offTopicHidden
        case otherQuestionHidden
    }

    let templates: [Reason: String]

    /// The sentence for `reason` with `{answer}` and `{missing}` filled in.
    func sentence(_ reason: Reason, answer: String, missing: String) -> String {
        let template = templates[reason] ?? ""
        return template.replacingPlaceholder("{answer}", with: answer).replacingPlaceholder("{missing}", with: missing)
    }
}

extension String {
    /// Every `placeholder` replaced by `value`, as `split(separator:omittingEmptySubsequences: false)` and
    /// `joined(separator:)` would, without their (slow) generic substring search.
    ///
    /// The bytes are searched directly; when a match touches a non-ASCII neighbour (which could join its first
    /// or last character into a grapheme cluster, so that the character-wise split would not see it), the
    /// generic split decides.
    fileprivate func replacingPlaceholder(_ placeholder: String, with value: String) -> String {
        let needle = Array(placeholder.utf8)
        guard let first = needle.first, needle.allSatisfy({ $0 < 0x80 }) else {
            return slowReplacing(placeholder, value)
        }
        var result: [UInt8] = []
        var matched = false
        let exact: Bool? = utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            var copied = 0
            var index = 0
            while index + needle.count <= bytes.count {
                guard bytes[index] == first, bytes[index..<(index + needle.count)].elementsEqual(needle) else {
                    index += 1
                    continue
                }
                let end = index + needle.count
                if index > 0 && bytes[index - 1] >= 0x80 || end < bytes.count && bytes[end] >= 0x80 { return false }
                if !matched {
                    matched = true
                    result.reserveCapacity(bytes.count + value.utf8.count)
                }
                result.append(contentsOf: bytes[copied..<index])
                result.append(contentsOf: value.utf8)
                copied = end
                index = end
            }
            if matched { result.append(contentsOf: bytes[copied...]) }
            return true
        }
        guard exact == true else { return slowReplacing(placeholder, value) }
        return matched ? String(decoding: result, as: UTF8.self) : self
    }

    private func slowReplacing(_ placeholder: String, _ value: String) -> String {
        split(separator: placeholder, omittingEmptySubsequences: false).joined(separator: value)
    }
}
