/// A team following the course together, joined through an invitation link.
public struct Cohort: Sendable, Equatable {
    public var id: Int64
    public var name: String
    /// The secret part of the invitation link `/join/{joinCode}`: 128 random bits, base64url.
    public var joinCode: String
    public var createdAt: Int64
    /// Learners currently in the cohort (filled by listings; 0 where not counted).
    public var learnerCount: Int

    /// The path of the invitation page.
    public var joinPath: String { "/join/" + joinCode }
}
