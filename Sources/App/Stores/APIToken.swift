/// A bearer token an admin made for another system (an HR tool, an LMS) to read quiz scores.
struct APIToken: Sendable, Equatable {
    /// What a token may do; only reading scores exists today.
    enum Scope: String, Sendable, CaseIterable {
        case readScores = "read:scores"
    }

    var id: Int64
    var name: String
    var scope: Scope
    /// The only cohort the token may read, or `nil` for every cohort.
    var cohortID: Int64?
    var createdAt: Int64
    var revokedAt: Int64?

    var isRevoked: Bool { revokedAt != nil }

    /// Prefix of every API token secret: tells it from a learner token at a glance (and to secret scanners).
    static let secretPrefix = "folio_"
}

/// A token just created, with its secret: shown once, never stored.
struct IssuedAPIToken: Sendable {
    var token: APIToken
    var secret: String
}
