/// Someone studying the course, known by a token kept in a cookie (or sent as a bearer token).
public struct Learner: Sendable, Equatable, Codable {
    public var id: Int64
    public var displayName: String
    public var language: String
    public var cohortID: Int64?
    public var createdAt: Int64
    public var lastSeenAt: Int64
}

/// A learner together with the secret token that identifies them, returned only when it is created.
public struct IssuedLearner: Sendable {
    public var learner: Learner
    public var token: String
}
