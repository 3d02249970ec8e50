import Foundation

/// `Accept-Language` negotiation (RFC 9110 §12.5.4) against the course's language codes.
enum AcceptLanguage {
    /// The language ranges of the header, best first; ranges with `q=0` are dropped.
    static func ranges(_ header: String?) -> [String] {
        guard let header else { return [] }
        var weighted: [(range: String, quality: Double, order: Int)] = []
        for (order, element) in header.split(separator: ",").enumerated() {
            let parts = element.split(separator: ";")
            let range = parts[0].trimmingCharacters(in: .whitespaces)
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.trimmingCharacters(in: .whitespaces)
                if pair.hasPrefix("q="), let value = Double(pair.dropFirst(2)) { quality = value }
            }
            if !range.isEmpty, quality > 0 { weighted.append((range, quality, order)) }
        }
        return weighted.sorted { ($0.quality, -$0.order) > ($1.quality, -$1.order) }.map(\.range)
    }

    /// The course language a range selects: exact tag, then script-aware Chinese, then primary subtag.
    static func match(_ range: String, among codes: [String]) -> String? {
        let lowered = range.lowercased()
        if lowered == "*" { return nil }
        if let exact = codes.first(where: { $0.lowercased() == lowered }) { return exact }
        let primary = lowered.split(separator: "-").first.map(String.init) ?? lowered
        if primary == "zh" {
            // Traditional Chinese serves zh-TW, zh-HK, zh-MO and zh-Hant; Simplified readers get it too, as
            // it is the only Chinese the course has.
            return codes.first { $0.lowercased().hasPrefix("zh") }
        }
        return codes.first { ($0.lowercased().split(separator: "-").first.map(String.init) ?? "") == primary }
    }
}
