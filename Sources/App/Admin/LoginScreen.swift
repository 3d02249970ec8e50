import Views

/// The console's sign-in form: the admin token, posted once to start a browser session.
enum LoginScreen {
    static func nodes(problem: String?) -> [Node] {
        [
            problem.map { AdminLayout.notice($0, isProblem: true) } ?? .empty,
            .p { "Sign in with the admin token (FOLIO_ADMIN_TOKEN, or the one printed when Folio first started)." },
            .form(.id("login"), .class("admin-form"), Attribute("method", "post"), Attribute("action", "/admin/login"))
            {
                Node.div(.class("admin-field")) {
                    Node.label(.for("login-token")) { "Admin token" }
                    Node.input(
                        .type("password"), .id("login-token"), .name("token"),
                        Attribute("autocomplete", "current-password"),
                        .required)
                }
                Node.button(.type("submit")) { "Sign in" }
            },
        ]
    }
}
