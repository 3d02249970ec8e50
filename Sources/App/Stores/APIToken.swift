/// A bearer token an admin made for another system (an HR tool, an LMS) to read quiz scores.
public struct APIToken: Sendable, Equatable {
    /// What a token may do; only reading scores exists today.
    public enum Scope: String, Sendable, CaseIterable {
        case readScores = "read:scores"
    }

    public var id: Int64
    public var name: String
    public var scope: Scope
    /// The only cohort the token may read, or `nil` for every cohort.
    public var cohortID: Int64?
    public var createdAt: Int64
    public var revokedAt: Int64?

    public var isRevoked: Bool { revokedAt != nil }
}

/// A token just created, with its secret: shown once, never stored.
public struct IssuedAPIToken: Sendable {
    public var token: APIToken
    public var secret: String
}
