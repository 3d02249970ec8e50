import HTTP
import Locking

/// `GET /api/openapi.json`: the OpenAPI 3.1 document of the current content, built once per content load.
enum OpenAPIRoutes {
    /// What the OpenAPI document uses: the content it describes.
    struct Context: Sendable {
        let content: ContentHost

        init(_ services: Services) {
            content = services.content
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        let cache = Locked<(contentHash: String, body: PreparedBody)?>(nil)
        router.get("/api/openapi.json") { request in
            let snapshot = context.content.snapshot
            let prepared = try cache.withLock { cached throws(HTTPError) -> PreparedBody in
                if let cached, cached.contentHash == snapshot.contentHash { return cached.body }
                let body = try PreparedBody(
                    Array(OpenAPIDocument(snapshot: snapshot).json.text.utf8), contentType: "application/json")
                cached = (snapshot.contentHash, body)
                return body
            }
            return prepared.respond(to: request)
        }
    }
}
