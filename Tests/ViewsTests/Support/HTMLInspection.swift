import Foundation

/// Tiny structural checks on rendered HTML (tests only): counting tags, reading attributes, finding ids.
enum HTMLInspection {
    /// Every start tag named `name`, as its raw text (`<input type="radio" …>`).
    static func tags(_ name: String, in html: String) -> [String] {
        let pattern = "<" + name + "(\\s[^>]*)?>"
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).compactMap { Range($0.range, in: html).map { String(html[$0]) } }
    }

    /// The value of `attribute` in one start tag, unescaped only as far as tests need.
    static func attribute(_ attribute: String, of tag: String) -> String? {
        guard let regex = try? NSRegularExpression(pattern: "\\s" + attribute + "=\"([^\"]*)\"") else { return nil }
        let range = NSRange(tag.startIndex..., in: tag)
        guard let match = regex.firstMatch(in: tag, range: range), let value = Range(match.range(at: 1), in: tag) else {
            return nil
        }
        return String(tag[value])
    }

    static func ids(in html: String) -> [String] {
        guard let regex = try? NSRegularExpression(pattern: "\\sid=\"([^\"]*)\"") else { return [] }
        let range = NSRange(html.startIndex..., in: html)
        return regex.matches(in: html, range: range).compactMap {
            Range($0.range(at: 1), in: html).map { String(html[$0]) }
        }
    }

    /// Ids of form controls that neither a `<label for>` nor `aria-label` names (hidden inputs excluded).
    static func unlabelledControls(in html: String) -> [String] {
        let labelled = Set(tags("label", in: html).compactMap { attribute("for", of: $0) })
        let controls = (tags("input", in: html) + tags("textarea", in: html) + tags("select", in: html))
            .filter { attribute("type", of: $0) != "hidden" && attribute("type", of: $0) != "submit" }
            .filter { attribute("aria-label", of: $0)?.isEmpty != false }
        return controls.map { attribute("id", of: $0) ?? $0 }.filter { !labelled.contains($0) }
    }
}
