/// Someone studying the course, known by a token kept in a cookie (or sent as a bearer token).
struct Learner: Sendable, Equatable, Codable {
    var id: Int64
    var displayName: String
    var language: String
    var cohortID: Int64?
    var createdAt: Int64
    var lastSeenAt: Int64

    /// How long a resume code stays valid.
    static let resumeCodeLifetimeMilliseconds: Int64 = 15 * 60 * 1000

    /// Tokens are 32 lowercase hex digits; anything else is refused before touching the database.
    static func isWellFormedToken(_ token: String) -> Bool {
        token.utf8.count == 32 && token.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }
}

/// A learner together with the secret token that identifies them, returned only when it is created.
struct IssuedLearner: Sendable {
    var learner: Learner
    var token: String
}
