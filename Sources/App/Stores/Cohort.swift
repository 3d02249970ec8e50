/// A team following the course together, joined through an invitation link.
struct Cohort: Sendable, Equatable {
    var id: Int64
    var name: String
    /// The secret part of the invitation link `/join/{joinCode}`: 128 random bits, base64url.
    var joinCode: String
    var createdAt: Int64
    /// Learners currently in the cohort (filled by listings; 0 where not counted).
    var learnerCount: Int
    /// What the cohort must finish and by when.
    var plan: CohortPlan = CohortPlan()

    /// The path of the invitation page.
    var joinPath: String { "/join/" + joinCode }
}
