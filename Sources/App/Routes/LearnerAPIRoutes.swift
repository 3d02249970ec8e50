import Foundation
import HTTP

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

    static func register(on router: inout Router, _ services: Services) {
        router.post("/api/v1/learners") { request async throws -> Response in
            try services.crossSite.requireSameSiteAPI(request)
            let body = try JSONBody.decode(NewLearner.self, from: request)
            let snapshot = services.content.snapshot
            let name = try InputRules.name(body.displayName, field: "display_name")
            let language = try InputRules.language(body.language, snapshot)
            var cohortID: Int64?
            if let code = body.cohortCode {
                guard let cohort = try await services.cohorts.cohort(joinCode: code) else {
                    throw APIError.notFound("no cohort has this join code")
                }
                cohortID = cohort.id
            }
            try limitNewLearners(request, services: services)
            let issued = try await durably {
                try await services.learners.create(displayName: name, language: language, cohortID: cohortID)
            }
            let created: JSONValue = ["id": .int(issued.learner.id), "token": .string(issued.token)]
            return created.response(status: .created)
        }
        router.get("/api/v1/me") { request async throws -> Response in
            let learner = try await Principal.requireLearner(request, services: services)
            return try await learnerJSON(learner, services: services).response()
        }
        router.patch("/api/v1/me") { request async throws -> Response in
            try services.crossSite.requireSameSiteAPI(request)
            let learner = try await Principal.requireLearner(request, services: services)
            let changes = try JSONBody.decode(LearnerChanges.self, from: request)
            let name = try changes.displayName.map { name throws(HTTPError) in
                try InputRules.name(name, field: "display_name")
            }
            let language = try changes.language.map { code throws(HTTPError) in
                try InputRules.language(code, services.content.snapshot)
            }
            let updated = try await durably {
                try await services.learners.update(id: learner.id, displayName: name, language: language)
            }
            guard let updated else { throw APIError.unauthorized("this learner no longer exists") }
            return try await learnerJSON(updated, services: services).response()
        }
        router.post("/api/v1/me/resume-code") { request async throws -> Response in
            try services.crossSite.requireSameSiteAPI(request)
            let learner = try await Principal.requireLearner(request, services: services)
            let (code, expiresAt) = try await durably {
                try await services.learners.makeResumeCode(learnerID: learner.id)
            }
            let body: JSONValue = ["code": .string(code), "expires_at": .time(expiresAt)]
            return body.response()
        }
        router.post("/api/v1/resume") { request async throws -> Response in
            try services.crossSite.requireSameSiteAPI(request)
            let body = try JSONBody.decode(ResumeRequest.self, from: request)
            if case .limited(let retryAfter) = services.resumeLimiter.acquire(
                "resume:" + services.clients.address(of: request))
            {
                throw APIError.rateLimited(retryAfter: retryAfter)
            }
            // One answer for unknown, used and expired codes: the response tells a guesser nothing.
            guard body.code.utf8.count <= 64,
                let issued = try await durably({ try await services.learners.redeem(resumeCode: body.code) })
            else { throw APIError.notFound("this resume code is unknown or has expired") }
            var headers = Headers()
            headers.add("Set-Cookie", services.identity.cookie(for: issued.token, request: request))
            let resumed: JSONValue = ["id": .int(issued.learner.id), "token": .string(issued.token)]
            return resumed.response(headers: headers)
        }
        router.get("/api/v1/me/progress") { request async throws -> Response in
            let learner = try await Principal.requireLearner(request, services: services)
            let records = try await services.database.read { try AttemptStore.progressRecords(learner.id, $0) }
            let progress = LearnerProgress(
                records: records, snapshot: services.content.snapshot, policy: services.configuration.scoring)
            return ResourceJSON.progress(progress).setting("learner", to: .int(learner.id)).response()
        }
        router.get("/api/v1/me/attempts") { request async throws -> Response in
            let learner = try await Principal.requireLearner(request, services: services)
            let limit =
                try QueryParameters.integer(request, "limit", in: 1...maximumAttemptPage) ?? defaultAttemptPage
            var after: Int64 = 0
            if let cursor = request.query("cursor") {
                guard let id = PageCursor.id(from: cursor) else {
                    throw APIError.badRequest("cursor is not one this API handed out")
                }
                after = id
            }
            let attempts = try services.attempts.attempts(learnerID: learner.id, after: after, limit: Int(limit))
            let next: JSONValue =
                attempts.count == Int(limit) ? .optional(attempts.last) { .string(PageCursor.encode($0.id)) } : .null
            let page: JSONValue = ["attempts": .array(attempts.map(ResourceJSON.attempt)), "next_cursor": next]
            return page.response()
        }
        router.post("/api/v1/me/reads") { request async throws -> Response in
            try services.crossSite.requireSameSiteAPI(request)
            let body = try JSONBody.decode(ReadMark.self, from: request)
            let snapshot = services.content.snapshot
            guard InputRules.sectionNames(snapshot).contains(body.section) else {
                throw APIError.unprocessable(
                    "section must be one of \(InputRules.sectionNames(snapshot).joined(separator: ", "))",
                    code: "invalid_field")
            }
            let language = try InputRules.language(body.language, snapshot)
            let issued = try await recordRead(body.section, language: language, request: request, services: services)
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            if let issued { headers.add("Set-Cookie", services.identity.cookie(for: issued.token, request: request)) }
            return Response(status: .noContent, headers: headers)
        }
    }

    /// Records that the request's learner (made on first need) read `section`; shared by the API and the
    /// chapter's "mark as read" form.
    ///
    /// - Returns: the token of a learner made for this request, which the caller sets as the cookie.
    static func recordRead(_ section: String, language: String, request: Request, services: Services)
        async throws -> IssuedLearner?
    {
        let learner = try await Principal.optionalLearner(request, services: services)
        if let learner {
            if case .limited(let retryAfter) = services.attemptLimiter.acquire("reads:learner:\(learner.id)") {
                throw APIError.rateLimited(retryAfter: retryAfter)
            }
        } else {
            try limitNewLearners(request, services: services)
        }
        return try await durably {
            try await services.attempts.recordRead(
                section: section, language: language,
                by: learner.map { .existing($0.id) } ?? .create(language: language))
        }
    }

    /// New learners per client address share the bucket anonymous attempts use: one budget for creating
    /// learners, however they are created.
    static func limitNewLearners(_ request: Request, services: Services) throws(HTTPError) {
        if case .limited(let retryAfter) = services.attemptLimiter.acquire(
            "address:" + services.clients.address(of: request))
        {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
    }

    static func learnerJSON(_ learner: Learner, services: Services) async throws -> JSONValue {
        var cohort: Cohort?
        if let id = learner.cohortID { cohort = try await services.cohorts.cohort(id: id) }
        return ResourceJSON.learner(learner, cohort: cohort)
    }
}
