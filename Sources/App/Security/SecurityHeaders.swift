import HTTP

/// The headers that limit what a browser does with Folio's responses.
enum SecurityHeaders {
    /// The learner pages load only their own stylesheet, script and icons, post forms and `fetch` only
    /// to this origin, and cannot be framed: injected markup could neither run nor phone home.
    static let pagePolicy =
        "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
        + "form-action 'self'; frame-ancestors 'none'; base-uri 'none'"

    /// `Content-Security-Policy` and `X-Content-Type-Options` for an HTML page.
    static func addPage(to headers: inout Headers) {
        headers["Content-Security-Policy"] = pagePolicy
        headers["X-Content-Type-Options"] = "nosniff"
    }
}
