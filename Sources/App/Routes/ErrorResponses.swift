import HTTP
import Views

/// How errors look: JSON under `/api/` (and for clients that ask for JSON), an HTML page elsewhere.
enum ErrorResponses {
    static func formatter(_ services: Services) -> Router.ErrorFormatter {
        let content = services.content
        return { error, request in
            if request.map(wantsJSON) ?? true {
                let message = error.message.isEmpty ? error.status.reasonPhrase : error.message
                return APIError.body(
                    status: error.status, code: APIError.code(for: error.status), message: message,
                    headers: error.headers)
            }
            let snapshot = content.snapshot
            let language =
                request.flatMap { PageRoutes.pathLanguage($0, snapshot) } ?? snapshot.languageCodes.first ?? ""
            guard let pages = snapshot.language(language)?.pages else {
                return Response.text("\(error.status.code) \(error.status.reasonPhrase)\n", status: error.status)
            }
            var headers = error.headers
            headers["Content-Type"] = "text/html; charset=utf-8"
            headers["Cache-Control"] = "no-store"
            SecurityHeaders.addPage(to: &headers)
            return Response(
                status: error.status, headers: headers,
                body: ErrorPage(status: error.status.code, context: pages.context).render())
        }
    }

    /// Whether errors for `request` are JSON: under `/api/`, or when the client asks for JSON.
    static func wantsJSON(_ request: Request) -> Bool {
        request.path.hasPrefix("/api/") || request.headers["Accept"]?.hasPrefix("application/json") == true
    }
}
