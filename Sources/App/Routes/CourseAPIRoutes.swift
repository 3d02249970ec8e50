import Foundation
import HTTP
import Views

/// The read-only course API: languages, chapters, appendix, case study, search. Served from the snapshot's
/// pre-encoded JSON on the event loop.
enum CourseAPIRoutes {
    /// What the course API uses: content, and for a learner's marks identity, the attempt store and policy.
    struct Context: Sendable {
        let content: ContentHost
        let scoring: ScoringPolicy
        let identity: LearnerIdentity
        let attempts: any AttemptStoring

        init(_ services: Services) {
            content = services.content
            scoring = services.configuration.scoring
            identity = services.identity
            attempts = services.attempts
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        let content = context.content
        router.get("/api/v1/languages") { request in
            content.snapshot.languageList.respond(to: request)
        }
        router.get("/api/v1/:lang/chapters") { request in
            try language(request, content.snapshot).chapterList.respond(to: request)
        }
        router.get("/api/v1/:lang/chapters/:n") { request in
            let language = try language(request, content.snapshot)
            guard let number = chapterNumber(request), let body = language.chapterJSON[number] else {
                throw APIError.notFound(
                    "no chapter \(request.parameters["n"] ?? "") in \(language.course.language.code)")
            }
            return body.respond(to: request)
        }
        router.get("/api/v1/:lang/appendix") { request in
            try appendix(request, context: context)
        }
        router.get("/api/v1/:lang/practice") { request in
            try language(request, content.snapshot).practiceJSON.respond(to: request)
        }
        // The query runs on the search threads: real work, neither for an event loop nor for the task pool.
        router.get("/api/v1/:lang/search") { request async throws -> Response in
            let snapshot = content.snapshot
            let language = try language(request, snapshot)
            let code = language.course.language.code
            let query = request.query("q") ?? ""
            guard query.count <= 200 else { throw APIError.unprocessable("q is longer than 200 characters") }
            let limit = Int(try QueryParameters.integer(request, "limit", in: 1...50) ?? 20)
            var offset = 0
            if let cursor = request.query("cursor") {
                guard let position = PageCursor.id(from: cursor) else {
                    throw APIError.badRequest("cursor is not one this API handed out")
                }
                offset = Int(clamping: max(0, position))
            }
            let start = offset
            let page = try await SearchWorkers.shared.run {
                try language.search.search(query, offset: start, limit: limit)
            }
            let end = page.offset + page.results.count
            let body = SearchJSON(
                language: code, query: query, total: page.total, offset: page.offset,
                nextCursor: end < page.total && !page.results.isEmpty ? PageCursor.encode(Int64(end)) : nil,
                results: page.results.map { result in
                    SearchJSON.Hit(
                        section: result.section.name, title: result.title, anchor: result.anchor,
                        url: result.section.path(in: code) + (result.anchor.map { "#" + $0 } ?? ""),
                        snippet: result.snippet.parts.map {
                            $0.isMatch ? "<mark>\(HTMLEscaping.escape($0.text))</mark>" : HTMLEscaping.escape($0.text)
                        }
                        .joined(),
                        parts: result.snippet.parts.map { .init(text: $0.text, match: $0.isMatch) })
                })
            var headers = Headers()
            headers.add("Cache-Control", "no-cache")
            return try Response.json(body, headers: headers)
        }
    }

    /// The appendix for this reader: a chapter's answers appear once the reveal policy lets them see them
    /// (prepared bodies for anonymous readers, encoded per request for a learner).
    static func appendix(_ request: Request, context: Context) throws -> Response {
        let snapshot = context.content.snapshot
        let language = try language(request, snapshot)
        let policy = context.scoring
        switch policy.reveal {
        case .immediately: return language.openAppendixJSON.respond(to: request)
        case .never: return language.appendixJSON.respond(to: request)
        case .afterTries: break
        }
        guard let learner = try context.identity.learner(for: request) else {
            return language.appendixJSON.respond(to: request)
        }
        let tries = try context.attempts.progressRecords(learnerID: learner.id).tries
        let shown = Set(
            language.chapterQuestions.filter { policy.showsChapterAnswers(questionIDs: $0.questionIDs, tries: tries) }
                .map(\.number))
        var headers = Headers()
        headers.add("Cache-Control", "private, no-store")
        return Response.json(
            bytes: try CourseJSON.encode(CourseJSON.appendix(language.course, shown: shown)), headers: headers)
    }

    /// The language named by the `:lang` parameter, or a JSON 404.
    static func language(_ request: Request, _ snapshot: ContentSnapshot) throws(HTTPError)
        -> ContentSnapshot.LanguageContent
    {
        let code = request.parameters["lang"] ?? ""
        guard let language = snapshot.language(code) else {
            throw APIError.notFound("no course in language \"\(code)\"; see /api/v1/languages")
        }
        return language
    }

    /// The `:n` parameter as a chapter number: decimal digits only (no sign, no spaces).
    static func chapterNumber(_ request: Request) -> Int? {
        guard let text = request.parameters["n"], (1...3).contains(text.utf8.count),
            text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
        else { return nil }
        return Int(text)
    }

}

/// `GET /api/v1/{lang}/search` response: one page of ranked hits, each with a pre-escaped HTML snippet and its
/// parts, the total and the next page's cursor.
struct SearchJSON: Encodable {
    struct Part: Encodable {
        let text: String
        let match: Bool
    }
    struct Hit: Encodable {
        let section: String
        let title: String
        let anchor: String?
        let url: String
        let snippet: String
        let parts: [Part]
    }
    let language: String
    let query: String
    /// Every hit of the query; `results` holds one page of them.
    let total: Int
    /// The position of the first result among all hits.
    let offset: Int
    /// The `cursor` of the next page; `null` on the last page.
    let nextCursor: String?
    let results: [Hit]

    enum CodingKeys: String, CodingKey {
        case language, query, total, offset, results
        case nextCursor = "next_cursor"
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(language, forKey: .language)
        try container.encode(query, forKey: .query)
        try container.encode(total, forKey: .total)
        try container.encode(offset, forKey: .offset)
        try container.encode(nextCursor, forKey: .nextCursor)
        try container.encode(results, forKey: .results)
    }
}
