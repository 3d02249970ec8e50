import HTTP

/// The scores API for other systems: per-question first, best and final scores, paginated as JSON, whole as CSV, or for
/// one learner. A token limited to a cohort sees only that cohort, and other cohorts (and their learners)
/// answer exactly like ones that do not exist.
enum ScoresRoutes {
    static let defaultPage: Int64 = 100
    static let maximumPage: Int64 = 1000
    /// Rows in one CSV download; a larger listing continues from the `X-Next-Cursor` header.
    static let maximumCSVRows: Int64 = 100_000

    /// The filters and position of a listing, from the query string.
    struct Listing {
        var cohortID: Int64?
        var since: Int64?
        var cursor: ScoreCursor?
        var limit: Int64

        init(_ request: Request, access: ScoresAccess, defaultLimit: Int64, maximumLimit: Int64, services: Services)
            async throws
        {
            let requested = try QueryParameters.integer(request, "cohort", in: 1...Int64.max)
            since = try QueryParameters.time(request, "since")
            limit = try QueryParameters.integer(request, "limit", in: 1...maximumLimit) ?? defaultLimit
            if let text = request.query("cursor") {
                guard let cursor = ScoreCursor(encoded: text) else {
                    throw APIError.badRequest("cursor is not one this API handed out")
                }
                self.cursor = cursor
            }
            cohortID = try await access.cohortFilter(requested: requested, services: services)
        }

        func page(_ services: Services) async throws -> (records: [ScoreRecord], next: String?) {
            let records = try await services.scores.page(
                cohortID: cohortID, since: since, after: cursor, limit: Int(limit))
            let next = records.count == Int(limit) ? records.last?.cursor.encoded : nil
            return (records, next)
        }
    }

    static func register(on router: inout Router, _ services: Services) {
        router.get("/api/v1/scores") { request async throws -> Response in
            let access = try await Principal.requireScoresReader(request, services: services)
            let listing = try await Listing(
                request, access: access, defaultLimit: defaultPage, maximumLimit: maximumPage, services: services)
            let (records, next) = try await listing.page(services)
            let body: JSONValue = [
                "scores": .array(records.map { ResourceJSON.score($0, policy: services.configuration.scoring) }),
                "next_cursor": .stringOrNull(next),
            ]
            return body.response()
        }
        router.get("/api/v1/scores.csv") { request async throws -> Response in
            let access = try await Principal.requireScoresReader(request, services: services)
            let listing = try await Listing(
                request, access: access, defaultLimit: maximumCSVRows, maximumLimit: maximumCSVRows,
                services: services)
            let (records, next) = try await listing.page(services)
            var writer = CSVWriter()
            writer.append([
                "learner_id", "display_name", "cohort_id", "question", "chapter", "section", "best_score", "passed",
                "attempts", "last_attempt_at", "first_score", "score", "revealed",
            ])
            let policy = services.configuration.scoring
            for record in records {
                writer.append([
                    String(record.learnerID), record.displayName, record.cohortID.map(String.init) ?? "",
                    record.questionID, record.chapter.map(String.init) ?? "", record.section,
                    CohortReport.decimal(record.tries.bestScore), policy.passed(record.tries) ? "yes" : "no",
                    String(record.tries.attempts), Clock.iso8601(record.lastAttemptAt),
                    CohortReport.decimal(record.tries.firstScore), CohortReport.decimal(policy.score(record.tries)),
                    record.tries.revealedAt == nil ? "no" : "yes",
                ])
            }
            var headers = Headers()
            if let next { headers.add("X-Next-Cursor", next) }
            return CohortReport.csvResponse(writer.bytes, filename: "scores.csv", headers: headers)
        }
        router.get("/api/v1/learners/:id/scores") { request async throws -> Response in
            let access = try await Principal.requireScoresReader(request, services: services)
            let notFound = { (id: String) in APIError.notFound("no learner with id \(id)") }
            let id = try QueryParameters.pathID(request, notFound: notFound)
            guard let learner = try services.learners.learner(id: id), access.allows(cohort: learner.cohortID) else {
                throw notFound(String(id))
            }
            let records = try await services.scores.scores(learnerID: id)
            let body: JSONValue = [
                "learner": [
                    "id": .int(learner.id), "display_name": .string(learner.displayName),
                    "cohort": .intOrNull(learner.cohortID),
                ],
                "scores": .array(records.map { ResourceJSON.score($0, policy: services.configuration.scoring) }),
            ]
            return body.response()
        }
    }
}
