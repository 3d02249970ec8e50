import Foundation
import HTTP
import SQLite
import Testing

@testable import App

@Suite struct AdminAuthTests {
    @Test func browserSessionSignsInWithAStrictCookieAndSignsOut() async throws {
        let server = try TestApp()
        let client = server.client()
        let anonymous = try await client.perform("GET", "/admin")
        #expect(anonymous.status == 303 && anonymous.header("Location") == "/admin/login")
        #expect(try await client.perform("GET", "/admin/login").text.contains("type=\"password\""))
        let csrf = try await AdminTestSupport.signIn(client)
        let session = try #require(client.cookies[AdminAccess.cookieName])
        #expect(Learner.isWellFormedToken(session))
        let console = try await client.perform("GET", "/admin")
        #expect(console.status == 200)
        #expect(console.header("Content-Security-Policy")?.contains("frame-ancestors 'none'") == true)
        #expect(console.header("Cache-Control") == "no-store")
        let database = try Database(path: server.databasePath)
        let stored: [Row] = try await database.read { try $0.query(sql: "SELECT * FROM admin_sessions") }
        database.close()
        #expect(stored.count == 1)
        let digest: [UInt8] = try stored[0]["id_hash"]
        #expect(digest == Secrets.digest(session))
        #expect(try stored[0]["csrf_token"] as String == csrf)
        let expires: Int64 = try stored[0]["expires_at"]
        let created: Int64 = try stored[0]["created_at"]
        #expect(expires - created == AdminSession.lifetimeMilliseconds)

        let logout = try await AdminTestSupport.post(client, "/admin/logout", [("csrf", csrf)])
        #expect(logout.status == 303 && logout.header("Location") == "/admin/login")
        let cleared = try #require(logout.header("Set-Cookie"))
        #expect(cleared.hasPrefix("folio_admin=;") && cleared.contains("Max-Age=0"))
        #expect(try await client.perform("GET", "/admin").status == 303, "the old cookie no longer opens the console")
        await server.stop()
    }

    @Test(arguments: [
        (false, nil as String?, false), (true, "https", true), (true, "http", false), (false, "https", false),
    ])
    func sessionCookieIsHttpOnlyStrictScopedAndSecureOnlyBehindAnHTTPSProxy(
        trustProxy: Bool, forwardedProto: String?, secure: Bool
    ) throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-cookie-\(UUID().uuidString).sqlite")
        let database = try Database(path: path.path)
        defer {
            database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
        }
        let access = AdminAccess(
            credentials: AdminCredentials(tokenDigest: Secrets.digest("t"), generatedToken: nil),
            sessions: SQLiteAdminSessionStore(database: database), throttles: SQLiteThrottleStore(database: database),
            identity: LearnerIdentity(store: SQLiteLearnerStore(database: database), trustProxy: trustProxy))
        var headers = Headers()
        if let forwardedProto { headers.add("X-Forwarded-Proto", forwardedProto) }
        let request = try Request(method: .post, target: "/admin/login", headers: headers)
        let attributes = Set(access.sessionCookie(id: "abc", request: request).components(separatedBy: "; "))
        #expect(
            attributes.isSuperset(of: [
                "folio_admin=abc", "HttpOnly", "SameSite=Strict", "Path=/admin", "Max-Age=43200",
            ]))
        #expect(attributes.contains("Secure") == secure)
    }

    @Test func changesFromASessionNeedTheSessionsCSRFToken() async throws {
        let server = try TestApp()
        let client = server.client()
        let csrf = try await AdminTestSupport.signIn(client)
        let versionsBefore = try await server.services.adminConsole.contentVersions(limit: 100).count
        for fields in [[], [("csrf", "0123456789abcdef0123456789abcdef")], [("csrf", csrf + "x")]] {
            #expect(try await AdminTestSupport.post(client, "/admin/reload", fields).status == 403)
            #expect(
                try await AdminTestSupport.post(client, "/admin/cohorts", fields + [("name", "Team")]).status == 403)
            #expect(try await AdminTestSupport.post(client, "/admin/backup", fields).status == 403)
            #expect(try await AdminTestSupport.post(client, "/admin/logout", fields).status == 403)
        }
        #expect(try await server.services.adminConsole.contentVersions(limit: 100).count == versionsBefore)
        #expect(try await server.services.cohorts.all().isEmpty)
        let created = try await AdminTestSupport.post(client, "/admin/cohorts", [("csrf", csrf), ("name", "Team")])
        #expect(created.status == 303)
        #expect(try await server.services.cohorts.all().map(\.name) == ["Team"])
        let other = server.client()
        let otherCSRF = try await AdminTestSupport.signIn(other)
        #expect(otherCSRF != csrf)
        #expect(
            try await AdminTestSupport.post(client, "/admin/cohorts", [("csrf", otherCSRF), ("name", "Other")]).status
                == 403,
            "a CSRF token belongs to its own session")
        let viaHeader = try await client.perform(
            "POST", "/admin/cohorts", headers: [AdminTestSupport.formType, ("X-CSRF-Token", csrf)],
            body: AdminTestSupport.form([("name", "By header")]))
        #expect(viaHeader.status == 303)
        await server.stop()
    }

    /// Changed by issue 17: the right token gets in even from a throttled address (someone else's failures
    /// never lock the admin out); every wrong one is answered 429.
    @Test func failedSignInsAreThrottledPerAddressAndTheRightTokenStillGetsIn() async throws {
        let server = try TestApp()
        let client = server.client()
        for attempt in 1...5 {
            let refused = try await AdminTestSupport.post(client, "/admin/login", [("token", "guess-\(attempt)")])
            #expect(refused.status == 401)
            #expect(refused.header("Set-Cookie") == nil)
        }
        let throttled = try await AdminTestSupport.post(client, "/admin/login", [("token", "guess-6")])
        #expect(throttled.status == 429)
        let retryAfter = try #require(Int(throttled.header("Retry-After") ?? ""))
        #expect(retryAfter >= 1 && retryAfter <= 60)
        let other = try await AdminTestSupport.post(client, "/admin/login", [("token", "another-wrong-one")])
        #expect(other.status == 429, "every wrong token is refused once the address is out of tries")
        #expect(
            try await client.perform("GET", "/admin", headers: AdminTestSupport.bearer).status == 200,
            "the bearer token still works")
        let right = try await AdminTestSupport.post(client, "/admin/login", [("token", TestServer.adminToken)])
        #expect(right.status == 303, "the right token is not blocked by the failures of others at this address")
        #expect(client.cookies[AdminAccess.cookieName] != nil)
        await server.stop()
    }

    @Test func theLoginThrottleRefillsOneTryPerInterval() throws {
        try ThrottleStoreTests.withSQLiteThrottles { store throws in
            let throttle = LoginThrottle(store: store, scope: "test", allowance: 2, refillSeconds: 10)
            #expect(try throttle.retryAfter("a", now: 0) == nil)
            try throttle.recordFailure("a", now: 0)
            try throttle.recordFailure("a", now: 1)
            #expect(try throttle.retryAfter("a", now: 1) == 9)
            #expect(try throttle.retryAfter("b", now: 1) == nil, "other addresses are not affected")
            #expect(try throttle.retryAfter("a", now: 10.5) == nil)
            try throttle.recordFailure("a", now: 10.5)
            #expect(try throttle.retryAfter("a", now: 10.5) != nil)
        }
    }

    @Test func sessionsExpireAfterTheirLifetimeAndExpiredOnesArePurged() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "folio-session-\(UUID().uuidString).sqlite")
        let database = try Database(path: path.path)
        defer {
            database.close()
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path.path + suffix) }
        }
        try Migrator(directory: TestServer.repositoryRoot.appendingPathComponent("Migrations")).migrate(database)
        let sessions = SQLiteAdminSessionStore(database: database)
        let lifetime = AdminSession.lifetimeMilliseconds
        let (old, _) = try await sessions.create(now: 1_000)
        #expect(try await sessions.session(id: old, now: 1_000 + lifetime - 1) != nil)
        #expect(try await sessions.session(id: old, now: 1_000 + lifetime) == nil)
        #expect(try await sessions.session(id: "not-a-session-id", now: 1_000) == nil)
        let (fresh, _) = try await sessions.create(now: 1_000 + lifetime)
        let rows: Int64? = try await database.read { try $0.scalar(sql: "SELECT count(*) FROM admin_sessions") }
        #expect(rows == 1, "creating a session purges expired ones")
        #expect(try await sessions.session(id: fresh, now: 1_000 + lifetime) != nil)
    }

    @Test func aBearerTokenIsDecisiveEvenBesideAValidSession() async throws {
        let server = try TestApp()
        let client = server.client()
        _ = try await AdminTestSupport.signIn(client)
        let wrong = try await client.perform("GET", "/admin", headers: [("Authorization", "Bearer not-the-token")])
        #expect(wrong.status == 401)
        let reload = try await client.perform("POST", "/admin/reload", headers: [("Authorization", "Bearer nope")])
        #expect(reload.status == 401)
        #expect(try reload.json()["error"] != nil)
        await server.stop()
    }
}
