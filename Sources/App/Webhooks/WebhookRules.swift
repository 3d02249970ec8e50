import Foundation
import HTTP

/// What a webhook registration must hold, shared by the API, the console form and the OpenAPI document.
enum WebhookRules {
    /// The longest receiver URL accepted, in UTF-8 bytes.
    static let maximumURLLength = 2000
    /// An `http` or `https` URL with a host name or IPv4 address, an optional port, path and query, and no
    /// credentials or fragment: the OpenAPI document states exactly this, and `url(_:)` checks it.
    static let urlPattern =
        "^[Hh][Tt][Tt][Pp]([Ss])?://[A-Za-z0-9.-]+(:[0-9]{1,5})?(/[A-Za-z0-9._~/%+-]*)?(\\?[A-Za-z0-9._~=&%+-]*)?$"

    private static let urlExpression = Result { try NSRegularExpression(pattern: urlPattern) }

    /// The receiver URL, checked against `urlPattern` and at most 2000 bytes.
    /// - Throws: `HTTPError` 422 naming `url`.
    static func url(_ text: String) throws(HTTPError) -> String {
        let problem = APIError.unprocessable(
            "url must be an http:// or https:// URL with a host and no credentials (at most \(maximumURLLength) bytes)",
            code: "invalid_field")
        guard text.utf8.count <= maximumURLLength, !text.contains(where: \.isNewline),
            case .success(let expression) = urlExpression,
            expression.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        else { throw problem }
        return text
    }

    /// The subscribed events, each named once, in the order given.
    /// - Throws: `HTTPError` 422 naming `events` when it is empty or names an unknown event.
    static func events(_ names: [String]) throws(HTTPError) -> [WebhookEvent] {
        let known = WebhookEvent.allCases.map(\.rawValue).joined(separator: ", ")
        guard !names.isEmpty else {
            throw APIError.unprocessable("events must name at least one of \(known)", code: "invalid_field")
        }
        var events: [WebhookEvent] = []
        for name in names {
            guard let event = WebhookEvent(rawValue: name) else {
                throw APIError.unprocessable("events: unknown event; use \(known)", code: "invalid_field")
            }
            if !events.contains(event) { events.append(event) }
        }
        return events
    }
}
