import Views

/// The console's API-token page: the create form (scope and cohort), a new token's secret shown once,
/// and every token with a revoke button.
enum TokenScreen {
    static func nodes(
        tokens: [APIToken], cohorts: [Cohort], issued: IssuedAPIToken?, csrf: String?, problem: String?
    ) -> [Node] {
        let cohortNames = Dictionary(cohorts.map { ($0.id, $0.name) }, uniquingKeysWith: { first, _ in first })
        return [
            problem.map { AdminLayout.notice($0, isProblem: true) } ?? .empty,
            issued.map { issued in
                Node.div(.class("admin-issued"), Attribute("role", "status")) {
                    Node.p { "Token “\(issued.token.name)” created. Copy it now: it is shown only this once." }
                    Node.p { Node.code(.id("issued-token")) { issued.secret } }
                }
            } ?? .empty,
            csrf.map { csrf in
                AdminForm(
                    id: "new-token", action: "/admin/tokens", csrfToken: csrf,
                    fields: [
                        .init(name: "name", label: "Name (who uses it)", required: true),
                        .init(
                            name: "scope", label: "Scope",
                            control: .select(APIToken.Scope.allCases.map { ($0.rawValue, $0.rawValue) }),
                            value: APIToken.Scope.readScores.rawValue),
                        .init(
                            name: "cohort", label: "Cohort",
                            control: .select([("", "Every cohort")] + cohorts.map { (String($0.id), $0.name) })),
                    ],
                    submitLabel: "Create token"
                ).node()
            } ?? .empty,
            AdminTable(
                id: "tokens", caption: "API tokens, newest first (secrets are never shown again)",
                columns: ["Name", "Scope", "Cohort", "Created", "Status", ""],
                rows: tokens.map { token in
                    [
                        .text(token.name), .code { token.scope.rawValue },
                        .text(token.cohortID.map { cohortNames[$0] ?? "#\($0)" } ?? "every cohort"),
                        AdminLayout.time(token.createdAt),
                        token.revokedAt.map { .fragment([.text("revoked "), AdminLayout.time($0)]) } ?? .text("active"),
                        revokeButton(token, csrf: csrf),
                    ]
                }
            ).node(),
        ]
    }

    private static func revokeButton(_ token: APIToken, csrf: String?) -> Node {
        guard let csrf, !token.isRevoked else { return .empty }
        return .form(
            .class("admin-inline-form"), Attribute("method", "post"),
            Attribute("action", "/admin/tokens/\(token.id)/revoke")
        ) {
            Node.input(.type("hidden"), .name(AdminAccess.csrfField), .value(csrf))
            Node.button(.type("submit"), .aria("label", "Revoke \(token.name)")) { "Revoke" }
        }
    }
}
