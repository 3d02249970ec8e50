import HTTP

/// `GET /api/v1/admin/items` and the console's `/admin/items`: item analysis for course authors, optionally
/// for one language and one cohort.
enum ItemRoutes {
    /// What item analysis uses: the admin check, the item and cohort stores, content and the scoring policy.
    struct Context: Sendable {
        let authenticator: Authenticator
        let adminAccess: AdminAccess
        let items: any ItemStoring
        let cohorts: any CohortStoring
        let content: ContentHost
        let scoring: ScoringPolicy

        init(_ services: Services) {
            authenticator = services.authenticator
            adminAccess = services.adminAccess
            items = services.items
            cohorts = services.cohorts
            content = services.content
            scoring = services.configuration.scoring
        }
    }

    /// The validated filters of an item listing.
    struct Filter: Sendable {
        var language: String?
        var cohortID: Int64?
    }

    static func register(on router: inout Router, _ context: Context) {
        router.get("/api/v1/admin/items") { request async throws -> Response in
            try await context.authenticator.requireAdmin(request)
            let filter = try await filter(
                language: request.query("language"), cohort: request.query("cohort"), context: context,
                emptyIsNone: false)
            let analysis = try await analyse(filter, context: context)
            let body: JSONValue = ["items": .array(analysis.items.map(json))]
            return body.response()
        }
        router.get("/admin/items") { request async throws -> Response in
            let principal = try await context.adminAccess.requireViewer(request)
            let snapshot = context.content.snapshot
            var problem: String?
            var chosen = Filter()
            do {
                chosen = try await filter(
                    language: request.query("language"), cohort: request.query("cohort"), context: context,
                    emptyIsNone: true)
            } catch let error as HTTPError {
                problem = error.message
            }
            let analysis = try await analyse(chosen, context: context)
            let cohorts = try await context.cohorts.all()
            return AdminLayout.page(
                "Item analysis", principal: principal, assetVersion: snapshot.contentHash,
                status: problem == nil ? .ok : .unprocessableContent
            ) {
                ItemScreen.nodes(
                    analysis, languages: snapshot.languageCodes, cohorts: cohorts, filter: chosen, problem: problem)
            }
        }
    }

    /// Validates the filters: a language of the content and an existing cohort id. An empty value is refused
    /// like any other malformed one, except from the console's form (`emptyIsNone`), whose "All" sends one.
    /// - Throws: `HTTPError` 422 naming `language` or `cohort` when malformed; 404 naming `cohort` for a
    ///   well-formed id of no cohort (as the scores API's filter).
    static func filter(language: String?, cohort: String?, context: Context, emptyIsNone: Bool) async throws
        -> Filter
    {
        var filter = Filter()
        if let language, !(emptyIsNone && language.isEmpty) {
            filter.language = try InputRules.language(language, context.content.snapshot)
        }
        if let cohort, !(emptyIsNone && cohort.isEmpty) {
            guard cohort.utf8.count <= 19, cohort.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let id = Int64(cohort), id >= 1
            else {
                throw APIError.unprocessable("cohort must be a cohort id (a positive integer)", code: "invalid_field")
            }
            guard try await context.cohorts.cohort(id: id) != nil else {
                throw APIError.notFound("cohort: no cohort with id \(id)")
            }
            filter.cohortID = id
        }
        return filter
    }

    /// The analysis of every learner's facts (of the cohort, when given), listing `filter.language`'s items.
    static func analyse(_ filter: Filter, context: Context) async throws -> ItemAnalysis {
        let facts = try await context.items.questionFacts(cohortID: filter.cohortID)
        let wrong = try await context.items.wrongAnswers(cohortID: filter.cohortID)
        let snapshot = context.content.snapshot
        let course = snapshot.languageCodes.first.flatMap(snapshot.language)?.course
        let order =
            (course?.chapters.flatMap(\.questions).map(\.id) ?? []) + (course?.practice.questions.map(\.id) ?? [])
        return ItemAnalysis(
            facts: facts, wrongAnswers: wrong, policy: context.scoring, questionOrder: order,
            language: filter.language)
    }

    static func json(_ item: ItemAnalysis.Item) -> JSONValue {
        [
            "question": .string(item.question),
            "language": .string(item.language),
            "attempts": .int(Int64(item.attempts)),
            "learners": .int(Int64(item.learners)),
            "facility": .double(CohortReport.rounded(item.facility)),
            "first_try_facility": .double(CohortReport.rounded(item.firstTryFacility)),
            "discrimination": .optional(item.discrimination) { .double($0) },
            "common_wrong": .array(
                item.commonWrong.map { ["answer": .string($0.answer), "count": .int(Int64($0.count))] }),
            "flag": .stringOrNull(item.flag?.rawValue),
        ]
    }
}
