import HTTP
import Views

/// How errors look: JSON under `/api/` (and for clients that ask for JSON), an HTML page elsewhere.
enum ErrorResponses {
    static func formatter(_ services: Services) -> Router.ErrorFormatter {
        let content = services.content
        return { error, request in
            let wantsJSON =
                request.map {
                    $0.path.hasPrefix("/api/") || $0.headers["Accept"]?.hasPrefix("application/json") == true
                }
                ?? false
            if wantsJSON || request == nil {
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
            return Response(
                status: error.status, headers: headers,
                body: ErrorPage(status: error.status.code, context: pages.context).render())
        }
    }
}
