import Foundation
import HTTP
import Views

/// The learner's own API: create a learner, read and change it, resume on another device, progress,
/// attempts, and marking a section read.
enum LearnerAPIRoutes {
    /// Attempts listed per page when `limit` is absent, and at most.
    static let defaultAttemptPage: Int64 = 50
    static let maximumAttemptPage: Int64 = 200

    struct NewLearner: Decodable {
        let displayName: String
        let language: String
        let cohortCode: String?

        enum CodingKeys: String, CodingKey {
            case displayName = "display_name"
            case language
            case cohortCode = "cohort_code"
        }
    }

    /// A partial update: a key that is present must hold a string (`null` is refused, not ignored).
    struct LearnerChanges: Decodable {
        let displayName: String?
        let language: String?

        enum CodingKeys: String, CodingKey {
            case displayName = "display_name"
            case language
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            displayName =
                container.contains(.displayName) ? try container.decode(String.self, forKey: .displayName) : nil
            language = container.contains(.language) ? try container.decode(String.self, forKey: .language) : nil
        }
    }

    struct ResumeRequest: Decodable {
        let code: String
    }

    struct ReadMark: Decodable {
        let section: String
        let language: String
    }

    /// What the learner API uses: content, policy, the learner and attempt stores, cohorts, identity and limits.
    struct Context: Sendable {
        let crossSite: CrossSiteGuard
        let content: ContentHost
        let cohorts: any CohortStoring
        let attemptLimiter: RateLimiter
        let clients: ClientAddresses
        let learners: any LearnerStoring
        let authenticator: Authenticator
        let resumeLimiter: SharedRateLimiter
        let identity: LearnerIdentity
        let attempts: any AttemptStoring
        let scoring: ScoringPolicy

        init(_ services: Services) {
            crossSite = services.crossSite
            content = services.content
            cohorts = services.cohorts
            attemptLimiter = services.attemptLimiter
            clients = services.clients
            learners = services.learners
            authenticator = services.authenticator
            resumeLimiter = services.resumeLimiter
            identity = services.identity
            attempts = services.attempts
            scoring = services.configuration.scoring
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/api/v1/learners") { request async throws -> Response in
            try context.crossSite.requireSameSiteAPI(request)
            let body = try JSONBody.decode(NewLearner.self, from: request)
            let snapshot = context.content.snapshot
            let name = try InputRules.name(body.displayName, field: "display_name")
            let language = try InputRules.language(body.language, snapshot)
            var cohortID: Int64?
            if let code = body.cohortCode {
                guard let cohort = try await context.cohorts.cohort(joinCode: code) else {
                    throw APIError.notFound("no cohort has this join code")
                }
                cohortID = cohort.id
            }
            try limitNewLearners(request, limiter: context.attemptLimiter, clients: context.clients)
            let issued = try await durably {
                try await context.learners.create(displayName: name, language: language, cohortID: cohortID)
            }
            let created: JSONValue = ["id": .int(issued.learner.id), "token": .string(issued.token)]
            return created.response(status: .created)
        }
        router.get("/api/v1/me") { request async throws -> Response in
            let learner = try await context.authenticator.requireLearner(request)
            return try await learnerJSON(learner, context: context).response()
        }
        router.patch("/api/v1/me") { request async throws -> Response in
            try context.crossSite.requireSameSiteAPI(request)
            let learner = try await context.authenticator.requireLearner(request)
            let changes = try JSONBody.decode(LearnerChanges.self, from: request)
            let name = try changes.displayName.map { name throws(HTTPError) in
                try InputRules.name(name, field: "display_name")
            }
            let language = try changes.language.map { code throws(HTTPError) in
                try InputRules.language(code, context.content.snapshot)
            }
            let updated = try await durably {
                try await context.learners.update(id: learner.id, displayName: name, language: language)
            }
            guard let updated else { throw APIError.unauthorized("this learner no longer exists") }
            return try await learnerJSON(updated, context: context).response()
        }
        router.post("/api/v1/me/resume-code") { request async throws -> Response in
            try context.crossSite.requireSameSiteAPI(request)
            let learner = try await context.authenticator.requireLearner(request)
            let (code, expiresAt) = try await durably {
                try await context.learners.makeResumeCode(learnerID: learner.id)
            }
            let body: JSONValue = ["code": .string(code), "expires_at": .time(expiresAt)]
            return body.response()
        }
        router.post("/api/v1/resume") { request async throws -> Response in
            try context.crossSite.requireSameSiteAPI(request)
            let body = try JSONBody.decode(ResumeRequest.self, from: request)
            if case .limited(let retryAfter) = try context.resumeLimiter.acquire(
                "resume:" + context.clients.address(of: request))
            {
                throw APIError.rateLimited(retryAfter: retryAfter)
            }
            // One answer for unknown, used and expired codes: the response tells a guesser nothing.
            guard body.code.utf8.count <= 64,
                let issued = try await durably({ try await context.learners.redeem(resumeCode: body.code) })
            else { throw APIError.notFound("this resume code is unknown or has expired") }
            var headers = Headers()
            headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
            let resumed: JSONValue = ["id": .int(issued.learner.id), "token": .string(issued.token)]
            return resumed.response(headers: headers)
        }
        router.get("/api/v1/me/progress") { request async throws -> Response in
            let learner = try await context.authenticator.requireLearner(request)
            let records = try context.attempts.progressRecords(learnerID: learner.id)
            let progress = LearnerProgress(
                records: records, snapshot: context.content.snapshot, policy: context.scoring)
            return ResourceJSON.progress(progress).setting("learner", to: .int(learner.id)).response()
        }
        router.get("/api/v1/me/attempts") { request async throws -> Response in
            let learner = try await context.authenticator.requireLearner(request)
            let limit =
                try QueryParameters.integer(request, "limit", in: 1...maximumAttemptPage) ?? defaultAttemptPage
            var after: Int64 = 0
            if let cursor = request.query("cursor") {
                guard let id = PageCursor.id(from: cursor) else {
                    throw APIError.badRequest("cursor is not one this API handed out")
                }
                after = id
            }
            let attempts = try await context.attempts.attempts(
                learnerID: learner.id, after: after, limit: Int(limit), questionID: nil)
            let next: JSONValue =
                attempts.count == Int(limit) ? .optional(attempts.last) { .string(PageCursor.encode($0.id)) } : .null
            let page: JSONValue = ["attempts": .array(attempts.map(ResourceJSON.attempt)), "next_cursor": next]
            return page.response()
        }
        router.post("/api/v1/me/reads") { request async throws -> Response in
            try context.crossSite.requireSameSiteAPI(request)
            let body = try JSONBody.decode(ReadMark.self, from: request)
            let snapshot = context.content.snapshot
            guard let section = CourseSection(name: body.section),
                InputRules.sectionNames(snapshot).contains(body.section)
            else {
                throw APIError.unprocessable(
                    "section must be one of \(InputRules.sectionNames(snapshot).joined(separator: ", "))",
                    code: "invalid_field")
            }
            let language = try InputRules.language(body.language, snapshot)
            let issued = try await recordRead(section, language: language, request: request, context: context)
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            if let issued { headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request)) }
            return Response(status: .noContent, headers: headers)
        }
    }

    /// Records that the request's learner (made on first need) read `section`; shared by the API and the
    /// chapter's "mark as read" form.
    ///
    /// - Returns: the token of a learner made for this request, which the caller sets as the cookie.
    static func recordRead(_ section: CourseSection, language: String, request: Request, context: Context)
        async throws -> IssuedLearner?
    {
        let learner = try await context.authenticator.optionalLearner(request)
        if let learner {
            if case .limited(let retryAfter) = context.attemptLimiter.acquire("reads:learner:\(learner.id)") {
                throw APIError.rateLimited(retryAfter: retryAfter)
            }
        } else {
            try limitNewLearners(request, limiter: context.attemptLimiter, clients: context.clients)
        }
        return try await durably {
            try await context.attempts.recordRead(
                section: section, language: language,
                by: learner.map { .existing($0.id) } ?? .create(language: language))
        }
    }

    /// New learners per client address share the bucket anonymous attempts use: one budget for creating
    /// learners, however they are created.
    static func limitNewLearners(_ request: Request, limiter: RateLimiter, clients: ClientAddresses)
        throws(HTTPError)
    {
        if case .limited(let retryAfter) = limiter.acquire("address:" + clients.address(of: request)) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
    }

    static func learnerJSON(_ learner: Learner, context: Context) async throws -> JSONValue {
        var cohort: Cohort?
        if let id = learner.cohortID { cohort = try await context.cohorts.cohort(id: id) }
        return ResourceJSON.learner(learner, cohort: cohort)
    }
}
