import CCrypto
import Grading

/// One attempt as an xAPI 1.0.3 statement: the learner (an account on this Folio) answered a question.
///
/// The statement's `id` is a UUID (version 5) derived from the attempt id, so the listing and the pushes to a
/// learning record store name the same attempt with the same id, and a store drops a repeated push.
enum XAPIStatement {
    static let version = "1.0.3"
    static let answeredVerb = "http://adlnet.gov/expapi/verbs/answered"
    /// The namespace of attempt statement ids (a random UUID fixed for Folio).
    static let namespace: [UInt8] = [
        0x6f, 0x0c, 0x9a, 0x52, 0x3e, 0x1b, 0x4d, 0x8e, 0x9b, 0x7a, 0x21, 0x5c, 0xd4, 0x40, 0x8f, 0x13,
    ]

    /// The statement for `attempt`, with the Folio origin as the account's home page.
    static func make(_ attempt: Attempt, origin: String) -> JSONValue {
        let response = attempt.choice ?? attempt.answer
        let questionURL = origin + attempt.section.path(in: attempt.language) + "#" + attempt.questionID
        return [
            "id": .string(id(attemptID: attempt.id)),
            "actor": [
                "objectType": "Agent",
                "account": ["homePage": .string(origin), "name": .string(String(attempt.learnerID))],
            ],
            "verb": ["id": .string(answeredVerb), "display": ["en-US": "answered"]],
            "object": [
                "objectType": "Activity",
                "id": .string(questionURL),
                "definition": [
                    "type": "http://adlnet.gov/expapi/activities/cmi.interaction",
                    "name": .object([.init(key: attempt.language, value: .string(attempt.questionID))]),
                ],
            ],
            "result": [
                "success": .bool(attempt.verdict == .correct),
                "score": ["scaled": .double(attempt.score), "raw": .double(attempt.score), "min": 0, "max": 1],
                "response": .string(response),
            ],
            "timestamp": .string(WallClock.iso8601(attempt.createdAt)),
            "context": ["language": .string(attempt.language), "platform": "Folio"],
        ]
    }

    /// The statement id of an attempt: UUID version 5 (SHA-1) of `attempt:<id>` in Folio's namespace.
    static func id(attemptID: Int64) -> String {
        let name = namespace + Array("attempt:\(attemptID)".utf8)
        var digest = [UInt8](repeating: 0, count: Int(SHA_DIGEST_LENGTH))
        name.withUnsafeBufferPointer { input in
            digest.withUnsafeMutableBufferPointer { output in
                _ = SHA1(input.baseAddress, input.count, output.baseAddress)
            }
        }
        var bytes = Array(digest.prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x50
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        let hex = Secrets.hex(bytes)
        let parts = [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { range in
            String(hex.dropFirst(range.lowerBound).prefix(range.count))
        }
        return parts.joined(separator: "-")
    }
}
