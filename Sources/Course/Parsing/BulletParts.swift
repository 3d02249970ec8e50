/// A bullet split into its term, its body and its "when to use / when not to use" parts.
///
/// `• Postura. Chiuso, aperto… Quando usarla: nel Device Hub… Quando non usarla: non fare switch pose…` gives
/// term `Postura`, body `Chiuso, aperto…`, and the two parts without their labels. When a language ends the
/// term right before a label without a space (`部署目標 IPHONEOS_DEPLOYMENT_TARGET。何時用：…`), the
/// label counts as the space, so every language finds the same terms.
struct BulletParts: Equatable {
    var term: Substring?
    var body: Substring
    var whenToUse: Substring?
    var whenNotToUse: Substring?

    init(_ text: Substring, markers: Vocabulary.ItemMarkers) {
        let notLabel = Self.firstLabel(markers.whenNotToUse, in: text)
        let head = text[..<(notLabel?.range.lowerBound ?? text.endIndex)]
        let useLabel = Self.firstLabel(markers.whenToUse, in: head)
        let preamble = text[..<(useLabel?.range.lowerBound ?? notLabel?.range.lowerBound ?? text.endIndex)]
        if let useLabel {
            whenToUse = text[useLabel.range.upperBound..<(notLabel?.range.lowerBound ?? text.endIndex)].trimmingSpaces()
        }
        if let notLabel {
            whenNotToUse = text[notLabel.range.upperBound...].trimmingSpaces()
        }
        let separator = markers.termSeparator
        let closing = Substring(separator).trimmingSpaces()
        let trimmed = preamble.trimmingSpaces()
        if let split = preamble.rangeOfMarker(separator) {
            term = preamble[..<split.lowerBound].trimmingSpaces()
            body = preamble[split.upperBound...].trimmingSpaces()
        } else if useLabel != nil || notLabel != nil, !closing.isEmpty, trimmed.utf8.count > closing.utf8.count,
            trimmed.utf8.reversed().starts(with: closing.utf8.reversed())
        {
            term = trimmed[..<trimmed.utf8.index(trimmed.endIndex, offsetBy: -closing.utf8.count)]
            body = ""
        } else {
            term = nil
            body = trimmed
        }
        if term?.isEmpty == true { term = nil }
    }

    private static func firstLabel(_ labels: [String], in text: Substring) -> (
        label: String, range: Range<String.Index>
    )? {
        var best: (label: String, range: Range<String.Index>)?
        for label in labels {
            if let range = text.rangeOfMarker(label), range.lowerBound < (best?.range.lowerBound ?? text.endIndex) {
                best = (label, range)
            }
        }
        return best
    }
}
