import Course
import Foundation
import Grading
import HTTP
import Views

/// `POST /api/v1/{lang}/checkpoints/{id}/attempts`: grade an answer and store it durably before answering.
enum AttemptRoutes {
    /// The longest answer accepted, in UTF-8 bytes.
    static let maximumAnswerBytes = 4096

    struct Submission: Decodable {
        let answer: String?
        let choice: String?
    }

    /// What the API returns for a graded attempt; `reference` is `null` until the policy lets the learner see it.
    struct GradeJSON: Encodable {
        let attemptID: Int64
        let question: String
        let language: String
        let gradedLanguage: String
        let verdict: String
        let score: Double
        let found: [String]
        let missing: [String]
        let feedback: String
        let reference: String?
        /// `off_topic`, `contradiction`, `ambiguous`, `missing_parts`; encoded as `null` when there is none.
        let reason: String?

        enum CodingKeys: String, CodingKey {
            case question, language, verdict, score, found, missing, feedback, reference, reason
            case attemptID = "attempt_id"
            case gradedLanguage = "graded_language"
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(attemptID, forKey: .attemptID)
            try container.encode(question, forKey: .question)
            try container.encode(language, forKey: .language)
            try container.encode(gradedLanguage, forKey: .gradedLanguage)
            try container.encode(verdict, forKey: .verdict)
            try container.encode(score, forKey: .score)
            try container.encode(found, forKey: .found)
            try container.encode(missing, forKey: .missing)
            try container.encode(feedback, forKey: .feedback)
            try container.encode(reference, forKey: .reference)
            try container.encode(reason, forKey: .reason)
        }
    }

    /// A graded and stored attempt, the learner's facts on the question after it, and the token of a learner
    /// created for it.
    struct Outcome {
        let grade: Grade
        let attempt: Attempt
        let tries: QuestionTries
        let issued: IssuedLearner?
    }

    /// What grading and recording an attempt uses: content, the learner check, limits, the attempt store, metrics.
    struct Context: Sendable {
        let crossSite: CrossSiteGuard
        let scoring: ScoringPolicy
        let identity: LearnerIdentity
        let content: ContentHost
        let authenticator: Authenticator
        let clients: ClientAddresses
        let attemptLimiter: RateLimiter
        let attempts: any AttemptStoring
        let metrics: Metrics
        let publicOrigin: PublicOrigin
        /// Whether each attempt's statement is pushed to a learning record store.
        let pushesStatements: Bool

        init(_ services: Services) {
            crossSite = services.crossSite
            scoring = services.configuration.scoring
            identity = services.identity
            content = services.content
            authenticator = services.authenticator
            clients = services.clients
            attemptLimiter = services.attemptLimiter
            attempts = services.attempts
            metrics = services.metrics
            publicOrigin = services.publicOrigin
            pushesStatements = services.configuration.recordStore != nil
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        router.post("/api/v1/:lang/checkpoints/:id/attempts") { request async throws -> Response in
            try context.crossSite.requireSameSiteAPI(request)
            let submission = try JSONBody.decode(Submission.self, from: request)
            let outcome = try await grade(
                request, answer: submission.answer, choice: submission.choice, context: context)
            // Until the reference is theirs, neither it nor the feedback names the answer: a wrong try must
            // not hand it over.
            let open = context.scoring.showsReference(outcome.tries)
            let grade = outcome.grade
            let body = GradeJSON(
                attemptID: outcome.attempt.id, question: outcome.attempt.questionID,
                language: outcome.attempt.language, gradedLanguage: grade.gradedLanguage,
                verdict: grade.verdict.rawValue, score: grade.score, found: grade.found,
                missing: open ? grade.missing : grade.withheld.missing,
                feedback: open ? grade.feedback : grade.withheld.feedback,
                reference: open ? grade.reference : nil,
                reason: grade.reason?.rawValue)
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            if let issued = outcome.issued {
                headers.add("Set-Cookie", context.identity.cookie(for: issued.token, request: request))
            }
            return try Response.json(body, headers: headers)
        }
    }

    /// Validates, rate-limits, grades and stores one attempt; shared by the JSON API and the HTML form.
    ///
    /// - Throws: `HTTPError` with the API error shape: 404 unknown language or question, 422 no answer or an
    ///   unknown choice, 413 an answer over 4 KiB, 401 an unknown bearer token, 429 too many attempts,
    ///   503 when the write queue is full.
    static func grade(_ request: Request, answer: String?, choice: String?, context: Context) async throws
        -> Outcome
    {
        let snapshot = context.content.snapshot
        let course = try CourseAPIRoutes.language(request, snapshot).course
        let language = course.language.code
        let questionID = request.parameters["id"] ?? ""
        guard let (section, _, reference) = snapshot.question(questionID, in: language) else {
            throw APIError.notFound("no checkpoint question \"\(questionID)\" in \(language)")
        }
        let answerText = answer ?? ""
        let choiceText = choice?.trimmingCharacters(in: .whitespacesAndNewlines)
        guard answerText.utf8.count <= maximumAnswerBytes, (choiceText?.utf8.count ?? 0) <= 200 else {
            throw APIError.tooLarge("the answer is longer than \(maximumAnswerBytes) bytes")
        }
        let hasAnswer = !answerText.allSatisfy(\.isWhitespace)
        let hasChoice = !(choiceText ?? "").isEmpty
        guard hasAnswer || hasChoice else {
            throw APIError.unprocessable("give an answer (free text) or a choice", code: "missing_answer")
        }
        let learnerID = try await context.authenticator.answeringLearnerID(request)
        let limiterKey = learnerID.map { "learner:\($0)" } ?? "address:" + context.clients.address(of: request)
        if case .limited(let retryAfter) = context.attemptLimiter.acquire(limiterKey) {
            throw APIError.rateLimited(retryAfter: retryAfter)
        }
        let grade: Grade
        do {
            grade = try snapshot.grader.grade(
                questionID: questionID, language: language, answer: hasAnswer ? answerText : nil,
                choice: hasChoice ? choiceText : nil, reference: reference)
        } catch {
            switch error.code {
            case .unknownChoice: throw APIError.unprocessable(error.message, code: "unknown_choice")
            case .unknownQuestion, .unknownLanguage: throw APIError.notFound(error.message)
            case .invalidKey, .unreadableFile: throw error
            }
        }
        let attempt = NewAttempt(
            questionID: questionID, section: section, language: language, answer: answerText,
            choice: hasChoice ? choiceText : nil, verdict: grade.verdict, score: grade.score,
            contentVersionID: snapshot.versionID, questionHash: try snapshot.fingerprint.questionHash(questionID),
            announcement: AttemptAnnouncement(
                requiredQuestions: { plan in plan.requiredQuestions(in: course) }, policy: context.scoring,
                origin: context.publicOrigin.xapiHomePage, pushesStatements: context.pushesStatements))
        let recorded = try await durably {
            try await context.attempts.record(
                attempt, by: learnerID.map { .existing($0) } ?? .create(language: language))
        }
        context.metrics.recordAttempt(verdict: grade.verdict.rawValue)
        return Outcome(grade: grade, attempt: recorded.attempt, tries: recorded.tries, issued: recorded.issued)
    }

}
