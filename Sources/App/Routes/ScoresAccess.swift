import HTTP

/// What a scores reader may see.
enum ScoresAccess: Sendable, Equatable {
    case everyCohort
    case cohort(Int64)

    /// Whether the reader may see the cohort with `id` (`nil`: learners in no cohort).
    func allows(cohort id: Int64?) -> Bool {
        switch self {
        case .everyCohort: true
        case .cohort(let own): id == own
        }
    }

    /// The cohort filter of a listing: the requested cohort when readable, the token's own when none is
    /// requested. A cohort the reader may not see answers exactly like one that does not exist.
    /// - Throws: `HTTPError` 404 for an unknown or unreadable cohort; `StoreError`.
    func cohortFilter(requested: Int64?, cohorts: any CohortStoring) async throws -> Int64? {
        switch (self, requested) {
        case (.everyCohort, nil): return nil
        case (.cohort(let own), nil): return own
        case (_, .some(let id)):
            // Looked up either way, so the answer's timing does not tell "not yours" from "missing".
            let exists = try await cohorts.cohort(id: id) != nil
            guard exists, allows(cohort: id) else { throw Self.noCohort(id) }
            return id
        }
    }

    /// The one 404 for a cohort that does not exist or may not be read.
    static func noCohort(_ id: Int64) -> HTTPError {
        APIError.notFound("no cohort with id \(id)")
    }
}
