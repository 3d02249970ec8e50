import Synchronization
import Testing

@testable import HTTP

@Suite struct RouterTests {
    private func request(_ method: Method, _ target: String, headers: Headers = Headers()) throws -> Request {
        try Request(method: method, target: target, headers: headers)
    }

    private func makeRouter() -> Router {
        var router = Router()
        router.get("/") { _ in .text("root") }
        router.get("/api/v1/:lang/chapters/:n") { request in
            .text("chapter \(request.parameters["n"] ?? "?") in \(request.parameters["lang"] ?? "?")")
        }
        router.get("/api/v1/:lang/chapters/latest") { _ in .text("latest") }
        router.post("/api/v1/:lang/attempts") { request in .text("attempt \(request.parameters["lang"] ?? "")") }
        router.put("/items/:id") { _ in .text("put") }
        router.patch("/items/:id") { _ in .text("patch") }
        router.delete("/items/:id") { request async in .text("deleted \(request.parameters["id"] ?? "")") }
        router.get("/static/*") { request in .text("file \(request.parameters["*"] ?? "")") }
        router.get("/docs/intro") { _ in .text("intro") }
        router.get("/docs/:page/raw") { request in .text("raw \(request.parameters["page"] ?? "")") }
        router.get("/çay/:kind") { request in .text("çay \(request.parameters["kind"] ?? "")") }
        router.get("/fail") { _ in throw HTTPError(.conflict, "already there") }
        router.get("/crash") { _ in throw TestFailure("secret database detail") }
        return router
    }

    @Test(arguments: [
        ("/", "root"),
        ("/api/v1/en/chapters/3", "chapter 3 in en"),
        ("/api/v1/de/chapters/latest", "latest"),
        ("/static/css/site.css", "file css/site.css"),
        ("/static/", "file "),
        ("/docs/intro", "intro"),
        ("/docs/intro/raw", "raw intro"),
        ("/çay/sıcak", "çay sıcak"),
    ])
    func routesToHandlerWithParameters(path: String, body: String) async throws {
        let response = await makeRouter().respond(to: try request(.get, path))
        #expect(response.status == .ok)
        #expect(String(decoding: response.body, as: UTF8.self) == body)
    }

    @Test func asyncHandlersRunThroughRespond() async throws {
        let response = await makeRouter().respond(to: try request(.delete, "/items/7"))
        #expect(String(decoding: response.body, as: UTF8.self) == "deleted 7")
    }

    @Test(arguments: [
        "/nope", "/api/v1/en/chapters", "/api/v1/en/chapters/3/extra", "/static", "/api/v1//chapters/1", "/docs",
        "/docs/intro/", "/cay/x", "/çay/",
    ])
    func unknownPathsAre404(path: String) async throws {
        #expect(await makeRouter().respond(to: try request(.get, path)).status == .notFound)
    }

    @Test func otherMethodOnKnownPathIs405WithAllow() async throws {
        let response = await makeRouter().respond(to: try request(.post, "/items/3"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "PUT, PATCH, DELETE, OPTIONS")
    }

    @Test(arguments: [Method.trace, .query])
    func traceAndQueryOnAKnownPathAre405WithAllowNot501(method: Method) async throws {
        let response = await makeRouter().respond(to: try request(method, "/api/v1/en/chapters/2"))
        #expect(response.status == .methodNotAllowed)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
    }

    @Test func optionsListsAllowedMethods() async throws {
        let response = await makeRouter().respond(to: try request(.options, "/api/v1/en/chapters/2"))
        #expect(response.status == .noContent)
        #expect(response.headers["Allow"] == "GET, HEAD, OPTIONS")
    }

    @Test func headIsServedByGetRoute() async throws {
        let response = await makeRouter().respond(to: try request(.head, "/api/v1/en/chapters/1"))
        #expect(response.status == .ok)
    }

    @Test func thrownHTTPErrorBecomesItsStatus() async throws {
        let response = await makeRouter().respond(to: try request(.get, "/fail"))
        #expect(response.status == .conflict)
        #expect(String(decoding: response.body, as: UTF8.self) == "409 Conflict: already there\n")
    }

    @Test func otherErrorsBecomeBare500WithoutDetails() async throws {
        let response = await makeRouter().respond(to: try request(.get, "/crash"))
        #expect(response.status == .internalServerError)
        #expect(!String(decoding: response.body, as: UTF8.self).contains("secret"))
    }

    @Test func routeNamesThePatternThatAnsweredAndLogsUnhandledErrors() async throws {
        let router = makeRouter()
        let chapter = await router.route(try request(.get, "/api/v1/it/chapters/3"))
        #expect(chapter.pattern == "/api/v1/:lang/chapters/:n")
        #expect(String(decoding: chapter.response.body, as: UTF8.self) == "chapter 3 in it")
        #expect(await router.route(try request(.head, "/docs/intro")).pattern == "/docs/intro")
        let failed = await router.route(try request(.get, "/fail"))
        #expect(failed.pattern == "/fail")
        #expect(failed.response.status == .conflict)
        #expect(await router.route(try request(.get, "/nowhere")).pattern == nil)
        #expect(await router.route(try request(.post, "/items/3")).pattern == nil)
        let logged = Mutex<[String]>([])
        let crashed = await router.route(try request(.get, "/crash")) { _, message in
            logged.withLock { $0.append(message) }
        }
        #expect(crashed.response.status == .internalServerError)
        #expect(logged.withLock { $0 }.contains { $0.contains("GET /crash") && $0.contains("secret database detail") })
    }

    @Test func applicationFormatsErrors() async throws {
        var router = makeRouter()
        router.errorFormatter = { error, request in
            guard request?.path.hasPrefix("/api/") == true else { return Router.plainTextError(error, request) }
            return .json(bytes: Array("{\"error\":{\"code\":\(error.status.code)}}".utf8), status: error.status)
        }
        let api = await router.respond(to: try request(.get, "/api/v2/x"))
        #expect(api.headers["Content-Type"] == "application/json")
        #expect(String(decoding: api.body, as: UTF8.self) == "{\"error\":{\"code\":404}}")
        let page = await router.respond(to: try request(.get, "/x"))
        #expect(page.headers["Content-Type"] == "text/plain; charset=utf-8")
    }

    @Test func errorCarryingItsOwnResponseIsSentAsIs() async throws {
        var router = Router()
        router.get("/teapot") { _ in throw HTTPError(response: .text("short and stout", status: Status(code: 418))) }
        let response = await router.respond(to: try request(.get, "/teapot"))
        #expect(response.status.code == 418)
        #expect(String(decoding: response.body, as: UTF8.self) == "short and stout")
    }

    @Test func exposesRegisteredRoutes() {
        let routes = makeRouter().routes
        #expect(routes.count == 13)
        #expect(routes.contains(Route(method: .post, pattern: "/api/v1/:lang/attempts")))
        #expect(routes.first == Route(method: .get, pattern: "/"))
    }

    @Test func closureKindPicksHandlerFlavour() throws {
        var router = Router()
        router.get("/sync") { _ in .text("") }
        router.get("/async") { _ in
            await Task.yield()
            return .text("")
        }
        var sync = try Request(method: .get, target: "/sync")
        var async = try Request(method: .get, target: "/async")
        guard case .handler(let first) = router.resolve(&sync), case .handler(let second) = router.resolve(&async)
        else {
            Issue.record("routes not found")
            return
        }
        guard case .immediate = first.handler, case .async = second.handler else {
            Issue.record("wrong handler kinds")
            return
        }
    }
}
