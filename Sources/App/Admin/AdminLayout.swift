import Foundation
import HTTP
import Views

/// The console's frame and conventions: navigation, the sign-out form, time and score formats, and the
/// headers every console response carries.
enum AdminLayout {
    static let navigation: [(label: String, href: String)] = [
        ("Content", "/admin"), ("Learners", "/admin/learners"), ("Activity", "/admin/activity"),
        ("Cohorts", "/admin/cohorts"), ("Items", "/admin/items"), ("API tokens", "/admin/tokens"),
        ("Webhooks", "/admin/webhooks"),
    ]

    /// A console page: `AdminPage` around `body`, with a sign-out button for browser sessions.
    static func page(
        _ title: String, principal: AdminPrincipal?, assetVersion: String?, status: Status = .ok,
        @NodeBuilder body: () -> [Node]
    ) -> Response {
        let content = body()
        let page = AdminPage(
            title: title, navigation: principal == nil ? [] : navigation, assetVersion: assetVersion
        ) {
            if let csrf = principal?.csrfToken {
                AdminForm(
                    id: "logout", action: "/admin/logout", csrfToken: csrf, fields: [], submitLabel: "Sign out"
                ).node()
            }
            content
        }
        return response(page.render(), status: status)
    }

    /// An HTML response that no cache keeps, no frame embeds and no other origin's script or style can join.
    static func response(_ body: [UInt8], status: Status = .ok, headers extra: Headers = Headers()) -> Response {
        var headers = extra
        headers.add("Content-Type", "text/html; charset=utf-8")
        headers.add("Cache-Control", "no-store")
        headers.add(
            "Content-Security-Policy",
            "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; form-action 'self'; "
                + "frame-ancestors 'none'; base-uri 'none'"
        )
        headers.add("X-Frame-Options", "DENY")
        headers.add("X-Content-Type-Options", "nosniff")
        headers.add("Referrer-Policy", "no-referrer")
        return Response(status: status, headers: headers, body: body)
    }

    /// A short notice above a page's content (`role=status`, or `alert` for problems).
    static func notice(_ text: String, isProblem: Bool = false) -> Node {
        .p(.class(isProblem ? "form-error" : "admin-notice"), Attribute("role", isProblem ? "alert" : "status")) {
            text
        }
    }

    /// `2026-11-29 13:45:01 UTC`, inside a `<time datetime>`.
    static func time(_ milliseconds: Int64?) -> Node {
        guard let milliseconds else { return .text("—") }
        let iso = WallClock.iso8601(milliseconds)
        let shown = iso.prefix(19).replacingOccurrences(of: "T", with: " ") + " UTC"
        return .time(Attribute("datetime", iso)) { shown }
    }

    /// A score 0…1 as a whole percentage.
    static func percent(_ value: Double?) -> String {
        guard let value else { return "—" }
        return String(Int((value * 100).rounded())) + "%"
    }

    /// Someone's display name, or a placeholder for learners who never gave one.
    static func name(_ displayName: String) -> String {
        displayName.isEmpty ? "(no name)" : displayName
    }

    /// At most `limit` characters of `text`, with an ellipsis when cut.
    static func excerpt(_ text: String, limit: Int = 120) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }

    /// `ch3` → "Chapter 3"; `practice`, `appendix` as words.
    static func sectionLabel(_ name: String) -> String {
        if name.hasPrefix("ch"), let number = Int(name.dropFirst(2)) { return "Chapter \(number)" }
        switch name {
        case "practice": return "Case study"
        case "appendix": return "Appendix"
        default: return name
        }
    }
}
