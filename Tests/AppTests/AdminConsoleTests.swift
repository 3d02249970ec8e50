import Foundation
import SQLite
import Testing

@testable import App

@Suite(.serialized) struct AdminConsoleTests {
    static let hostileName = "<img src=x onerror=alert(1)>"
    static let escapedName = "&lt;img src=x onerror=alert(1)&gt;"

    @Test func aHostileDisplayNameRendersAsTextOnEveryAdminPage() async throws {
        let server = try TestServer()
        let admin = server.client()
        let csrf = try await AdminTestSupport.signIn(admin)
        let created = try await AdminTestSupport.post(
            admin, "/admin/cohorts", [("csrf", csrf), ("name", Self.hostileName)])
        let cohortPath = try #require(created.header("Location"))
        let cohort = try #require(try await server.services.cohorts.all().first)
        let learner = try await server.services.learners.create(
            displayName: Self.hostileName, language: "it", cohortID: cohort.id)
        let answer = try await server.client().perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "<script>alert(2)</script> in alto"],
            bearer: learner.token)
        #expect(answer.status == 200)
        let token = try await AdminTestSupport.post(
            admin, "/admin/tokens",
            [("csrf", csrf), ("name", Self.hostileName), ("scope", "read:scores"), ("cohort", String(cohort.id))])
        #expect(token.status == 201)
        #expect(!token.text.contains("<img src=x"))

        let pages = [
            "/admin", "/admin/learners", "/admin/learners?q=%3Cimg", "/admin/learners/\(learner.learner.id)",
            "/admin/activity", "/admin/cohorts", cohortPath, "/admin/tokens", "/admin/items",
        ]
        for path in pages {
            let page = try await admin.perform("GET", path)
            #expect(page.status == 200, "\(path)")
            #expect(page.header("Content-Type") == "text/html; charset=utf-8", "\(path)")
            #expect(!page.text.contains("<img src=x"), "\(path) must not contain the name as markup")
            #expect(!page.text.contains("<script>alert"), "\(path) must not contain the answer as markup")
            #expect(page.text.contains(Self.escapedName), "\(path) shows the name, escaped")
        }
        let csv = try await admin.perform("GET", cohortPath + "/scores.csv")
        #expect(csv.status == 200 && csv.header("Content-Type")?.hasPrefix("text/csv") == true)
        #expect(csv.text.contains(Self.hostileName), "CSV carries the name as data")
        #expect(try await server.client().perform("GET", cohortPath + "/scores.csv").status == 303)
        await server.stop()
    }

    @Test func theConsoleShowsANewTokenOnceStoresItHashedAndRevokesIt() async throws {
        let server = try TestServer()
        let admin = server.client()
        let csrf = try await AdminTestSupport.signIn(admin)
        #expect(
            try await AdminTestSupport.post(
                admin, "/admin/tokens", [("csrf", csrf), ("name", " "), ("scope", "read:scores")]
            )
            .status == 422)
        #expect(
            try await AdminTestSupport.post(
                admin, "/admin/tokens", [("csrf", csrf), ("name", "HR"), ("scope", "read:scores"), ("cohort", "999")]
            ).status == 422)
        #expect(
            try await AdminTestSupport.post(
                admin, "/admin/tokens", [("csrf", csrf), ("name", "HR"), ("scope", "write:all")]
            )
            .status == 422)
        let created = try await AdminTestSupport.post(
            admin, "/admin/tokens", [("csrf", csrf), ("name", "HR tool"), ("scope", "read:scores"), ("cohort", "")])
        #expect(created.status == 201)
        #expect(created.header("Cache-Control") == "no-store")
        let marker = "<code id=\"issued-token\">"
        let start = try #require(created.text.range(of: marker))
        let secret = String(created.text[start.upperBound...].prefix { $0 != "<" })
        #expect(secret.hasPrefix(APIToken.secretPrefix))
        #expect(try await server.client().perform("GET", "/api/v1/scores", bearer: secret).status == 200)
        let listing = try await admin.perform("GET", "/admin/tokens")
        #expect(listing.text.contains("HR tool") && !listing.text.contains(secret), "the secret is shown only once")
        let database = try Database(path: server.databasePath)
        let stored: Int64? = try await database.read {
            try $0.scalar(
                sql: "SELECT count(*) FROM api_tokens WHERE token_hash = ?", arguments: [Secrets.digest(secret)])
        }
        let plain: Int64? = try await database.read {
            try $0.scalar(
                sql: "SELECT count(*) FROM api_tokens WHERE instr(CAST(token_hash AS TEXT), ?) > 0", arguments: [secret]
            )
        }
        database.close()
        #expect(stored == 1 && plain == 0)
        let id = try #require(try await server.services.tokens.all().first?.id)
        #expect(try await AdminTestSupport.post(admin, "/admin/tokens/\(id)/revoke", []).status == 403)
        let revoked = try await AdminTestSupport.post(admin, "/admin/tokens/\(id)/revoke", [("csrf", csrf)])
        #expect(revoked.status == 303)
        #expect(try await server.client().perform("GET", "/api/v1/scores", bearer: secret).status == 401)
        #expect(try await admin.perform("GET", "/admin/tokens").text.contains("revoked"))
        await server.stop()
    }
}
