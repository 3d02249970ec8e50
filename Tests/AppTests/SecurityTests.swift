import Foundation
import HTTP
import SQLite
import Testing

@testable import App

/// The findings of the hostile review (issue 17), each reproduced against a real server.
@Suite struct SecurityTests {
    static let crossSite = [("Sec-Fetch-Site", "cross-site"), ("Origin", "https://evil.example")]

    @Test func aCrossSiteFormPostIsRefusedAndNeverReplacesTheLearnersCookie() async throws {
        let server = try TestApp()
        let browser = server.client()
        let first = try await AdminTestSupport.post(browser, "/it/checkpoints/ch0-q1/attempts", [("answer", "in alto")])
        #expect(first.status == 303, "a form sent from the site itself still works")
        let cookie = try #require(browser.cookies[LearnerIdentity.cookieName])
        // The browser does not send the SameSite=Lax cookie with another site's POST.
        let attacker = server.client()
        let forms = [
            "/it/checkpoints/ch0-q1/attempts", "/it/chapters/1/read", "/it/checkpoints/ch0-q1/reveal",
            "/it/appendix/chapters/0/reveal",
        ]
        for path in forms {
            for headers in [Self.crossSite, [("Sec-Fetch-Site", "same-site")], [("Origin", "https://evil.example")]] {
                let refused = try await attacker.perform(
                    "POST", path, headers: headers + [AdminTestSupport.formType],
                    body: AdminTestSupport.form([("answer", "x")]))
                #expect(refused.status == 403, "\(path) \(headers)")
                #expect(!refused.headers("Set-Cookie").contains { $0.hasPrefix(LearnerIdentity.cookieName + "=") })
            }
        }
        let jsonRoutes: [(String, String, Any)] = [
            ("POST", "/api/v1/it/checkpoints/ch0-q1/attempts", ["answer": "x"]),
            ("POST", "/api/v1/it/checkpoints/ch0-q1/reveal", [:] as [String: String]),
            ("POST", "/api/v1/me/reads", ["section": "ch0", "language": "it"]),
            ("POST", "/api/v1/learners", ["display_name": "Mallory", "language": "it"]),
            ("POST", "/api/v1/resume", ["code": "ABCD-EFGH"]),
            ("POST", "/api/v1/me/resume-code", [:] as [String: String]),
            ("PATCH", "/api/v1/me", ["display_name": "Renamed"]),
        ]
        for (method, path, json) in jsonRoutes {
            let refused = try await attacker.perform(method, path, json: json, headers: Self.crossSite)
            #expect(refused.status == 403, "\(method) \(path)")
            #expect(
                try refused.json()["error"].flatMap { ($0 as? [String: Any])?["code"] as? String }
                    == "cross_site_request")
            #expect(refused.header("Set-Cookie") == nil)
        }
        #expect(attacker.cookies[LearnerIdentity.cookieName] == nil)
        let learners: Int64? = try await #require(server.services.database).read {
            try $0.scalar(sql: "SELECT count(*) FROM learners")
        }
        #expect(learners == 1, "no learner was minted by another site")
        let sameOrigin = try await browser.perform(
            "POST", "/it/checkpoints/ch0-q1/attempts",
            headers: [
                ("Sec-Fetch-Site", "same-origin"), ("Origin", "http://127.0.0.1:\(server.port)"),
                AdminTestSupport.formType,
            ], body: AdminTestSupport.form([("answer", "in basso")]))
        #expect(sameOrigin.status == 303)
        #expect(browser.cookies[LearnerIdentity.cookieName] == cookie)
        await server.stop()
    }

    @Test func sixtyWrongAdminBearerTokensMeetA429ButTheRightTokenStillWorks() async throws {
        let server = try TestApp()
        let client = server.client()
        var statuses: [Int] = []
        for _ in 0..<60 {
            let guess = UUID().uuidString
            statuses.append(try await client.perform("GET", "/api/v1/admin/cohorts", bearer: guess).status)
        }
        #expect(statuses.prefix(10).allSatisfy { $0 == 401 })
        #expect(statuses.dropFirst(10).contains(429), "\(statuses)")
        let throttled = try await client.perform("GET", "/admin", bearer: "another-wrong-guess-000000")
        #expect(throttled.status == 429)
        let retryAfter = try #require(Int(throttled.header("Retry-After") ?? ""))
        #expect(retryAfter >= 1)
        #expect(try await client.perform("GET", "/metrics", bearer: "wrong-metrics-token-0000000").status == 429)
        #expect(try await client.perform("GET", "/api/v1/admin/cohorts", bearer: TestServer.adminToken).status == 200)
        #expect(try await client.perform("GET", "/metrics", bearer: TestServer.adminToken).status == 200)
        #expect(try await client.perform("GET", "/admin", bearer: TestServer.adminToken).status == 200)
        await server.stop()
    }

    @Test func onceAClientIsOutOfTriesEveryWrongTokenIsAnswered429() throws {
        try ThrottleStoreTests.withSQLiteThrottles { store throws in
            let throttle = LoginThrottle(store: store, scope: "test", allowance: 3, refillSeconds: 10)
            for _ in 0..<3 { #expect(try throttle.refuse("a", now: 0) == nil) }
            #expect(try throttle.refuse("a", now: 0) == 10)
            #expect(try throttle.refuse("b", now: 0) == nil, "other clients are not affected")
            #expect(try throttle.refuse("a", now: 10) == nil, "one try comes back per interval")
            #expect(try throttle.refuse("a", now: 10) != nil)
        }
    }

    @Test func behindATrustedProxyTheClientIsTheRightMostUntrustedForwardedAddress() throws {
        func request(peer: String, forwarded: [String]) throws -> Request {
            var headers = Headers()
            for value in forwarded { headers.add("X-Forwarded-For", value) }
            var request = try Request(method: .get, target: "/", headers: headers)
            request.remoteAddress = peer
            return request
        }
        let loopback = ["127.0.0.0/8", "::1/128"].compactMap(AddressBlock.init)
        let proxied = ClientAddresses(trustProxy: true, trustedProxies: loopback)
        #expect(
            proxied.address(of: try request(peer: "127.0.0.1:5000", forwarded: ["6.6.6.6, 203.0.113.7"]))
                == "203.0.113.7")
        #expect(
            proxied.address(of: try request(peer: "[::1]:5000", forwarded: ["6.6.6.6", "203.0.113.9"])) == "203.0.113.9"
        )
        #expect(
            proxied.address(of: try request(peer: "198.51.100.4:80", forwarded: ["203.0.113.7"])) == "198.51.100.4",
            "a client that is not a trusted proxy cannot choose its address")
        let chain = ClientAddresses(trustProxy: true, trustedProxies: loopback + [AddressBlock("10.0.0.0/8")!])
        #expect(
            chain.address(of: try request(peer: "127.0.0.1:1", forwarded: ["1.2.3.4, 198.51.100.2, 10.1.2.3"]))
                == "198.51.100.2")
        let direct = ClientAddresses(trustProxy: false, trustedProxies: loopback)
        #expect(direct.address(of: try request(peer: "127.0.0.1:5000", forwarded: ["203.0.113.7"])) == "127.0.0.1")
        #expect(AddressBlock("10.0.0.0/33") == nil && AddressBlock("nonsense") == nil)
        #expect(AddressBlock("::ffff:0:0/96") != nil)
    }

    @Test func behindTheProxyOneClientsFailuresDoNotLockOutAnother() async throws {
        let server = try TestApp { $0.trustProxy = true }
        let client = server.client()
        let attacker = [("X-Forwarded-For", "203.0.113.66")]
        for attempt in 1...5 {
            let refused = try await client.perform(
                "POST", "/admin/login", headers: attacker + [AdminTestSupport.formType],
                body: AdminTestSupport.form([("token", "guess-\(attempt)")]))
            #expect(refused.status == 401)
        }
        let locked = try await client.perform(
            "POST", "/admin/login", headers: attacker + [AdminTestSupport.formType],
            body: AdminTestSupport.form([("token", "guess-6")]))
        #expect(locked.status == 429)
        let colleague = try await client.perform(
            "POST", "/admin/login", headers: [("X-Forwarded-For", "198.51.100.20"), AdminTestSupport.formType],
            body: AdminTestSupport.form([("token", "typo-token")]))
        #expect(colleague.status == 401, "another client behind the same proxy has its own tries")
        let signedIn = try await server.client().perform(
            "POST", "/admin/login", headers: attacker + [AdminTestSupport.formType],
            body: AdminTestSupport.form([("token", TestServer.adminToken)]))
        #expect(signedIn.status == 303, "the right token gets in even from the locked-out address")
        await server.stop()
    }

    @Test func aDisplayNameHoldingSemicolonsAndFormulasIsNeutralisedInEveryCSVExport() async throws {
        let server = try TestApp()
        let admin = server.client()
        let cohort = try await admin.createCohort("Team")
        let learner = try await admin.createLearner("x;=1+1;y", cohortCode: cohort.joinCode)
        let graded = try await admin.perform(
            "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto"], bearer: learner.token)
        #expect(graded.status == 200)
        let csrf = try await AdminTestSupport.signIn(admin)
        #expect(!csrf.isEmpty)
        for path in [
            "/api/v1/scores.csv", "/api/v1/cohorts/\(cohort.id)/scores.csv", "/admin/cohorts/\(cohort.id)/scores.csv",
        ] {
            let csv = try await admin.perform("GET", path, bearer: path.hasPrefix("/api") ? TestServer.adminToken : nil)
            #expect(csv.status == 200, "\(path)")
            #expect(csv.text.contains("\"x;'=1+1;y\""), "\(path): \(csv.text.prefix(400))")
            #expect(!csv.text.contains(";="), "\(path)")
        }
        await server.stop()
    }

    @Test(arguments: [
        ("x;=1+1;y", "\"x;'=1+1;y\""), ("=SUM(A1)", "'=SUM(A1)"), ("+1", "'+1"), ("-1", "'-1"), ("@cmd", "'@cmd"),
        ("\tx", "'\tx"), ("a,b", "\"a,b\""), ("say \"hi\"", "\"say \"\"hi\"\"\""), ("a\n=b", "\"a\n'=b\""),
        ("a, =b", "\"a, '=b\""), ("a\t+b", "a\t'+b"), ("plain", "plain"),
        ("2026-12-01T10:00:00Z", "2026-12-01T10:00:00Z"),
        ("a;b", "\"a;b\""), ("\r=x", "\"'\r'=x\""),
    ])
    func csvFieldsAreQuotedAndNeutralised(value: String, written: String) {
        #expect(CSVWriter.field(value) == written)
    }

    @Test func joinURLComesFromThePublicURLOrTheListeningAddressNeverFromHost() async throws {
        let server = try TestServer()
        let cohort = try await server.client().createCohort("Team")
        let request =
            "GET /api/v1/admin/cohorts HTTP/1.1\r\nHost: evil.example\r\n"
            + "Authorization: Bearer \(TestServer.adminToken)\r\nConnection: close\r\n\r\n"
        let response = try TestClient.raw(Array(request.utf8), port: server.port)
        #expect(response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(200))")
        #expect(response.contains("\"join_url\":\"http://127.0.0.1:\(server.port)/join/\(cohort.joinCode)\""))
        #expect(!response.contains("evil.example"))
        await server.stop()

        let public_ = try TestServer { $0.publicURL = "https://folio.example" }
        let created = try await public_.client().perform(
            "POST", "/api/v1/admin/cohorts", json: ["name": "Other"], headers: [TestClient.adminHeader])
        let json = try created.json()
        #expect(json["join_url"] as? String == "https://folio.example/join/\(json["join_code"] as? String ?? "")")
        await public_.stop()
        #expect(PublicOrigin.normalised("https://Folio.example:8443/") == "https://Folio.example:8443")
        #expect(PublicOrigin.normalised("https://folio.example/path") == nil)
        #expect(PublicOrigin.normalised("javascript:alert(1)") == nil)
    }

    @Test func learnerPagesAndJSONForbidSniffingAndForeignScripts() async throws {
        let server = try TestApp()
        let browser = server.client()
        let anonymous = try await browser.perform("GET", "/it/")
        let learnerPage: TestClient.Response
        _ = try await AdminTestSupport.post(browser, "/it/checkpoints/ch0-q1/attempts", [("answer", "in alto")])
        learnerPage = try await browser.perform("GET", "/it/chapters/0")
        let missing = try await browser.perform("GET", "/it/chapters/999")
        for page in [anonymous, learnerPage, missing] {
            let policy = try #require(page.header("Content-Security-Policy"))
            #expect(policy.contains("default-src 'none'") && policy.contains("script-src 'self'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(page.header("X-Content-Type-Options") == "nosniff")
        }
        let json = [
            try await browser.perform("GET", "/api/v1/me"), try await browser.perform("GET", "/api/v1/it/chapters"),
            try await browser.perform("GET", "/api/v1/nothing"), try await browser.perform("GET", "/healthz"),
        ]
        for response in json {
            #expect(response.header("Content-Type")?.hasPrefix("application/json") == true)
            #expect(response.header("X-Content-Type-Options") == "nosniff", "\(response.status)")
        }
        await server.stop()
    }

    @Test func bidirectionalControlsAreRemovedFromNames() async throws {
        let server = try TestApp()
        let client = server.client()
        let learner = try await client.createLearner("\u{202E}evil\u{2066}name\u{2069}\u{200F}")
        let me = try await client.perform("GET", "/api/v1/me", bearer: learner.token).json()
        #expect(me["display_name"] as? String == "evilname")
        let onlyControls = try await client.perform(
            "POST", "/api/v1/learners", json: ["display_name": "\u{202E}\u{200E}", "language": "it"])
        #expect(onlyControls.status == 422)
        await server.stop()
    }

    @Test func aShortAdminTokenIsAUsageError() throws {
        #expect(throws: UsageError.self) {
            try CommandLineParser(environment: ["FOLIO_ADMIN_TOKEN": "change-me"]).parse(["serve"])
        }
        let long = String(repeating: "k", count: Configuration.minimumAdminTokenLength)
        guard
            case .serve(let configuration) = try CommandLineParser(environment: ["FOLIO_ADMIN_TOKEN": long]).parse([
                "serve"
            ])
        else {
            Issue.record("not a serve command")
            return
        }
        #expect(configuration.adminToken == long)
        #expect(throws: UsageError.self) {
            try CommandLineParser(environment: [:]).parse(["serve", "--trusted-proxies", "10.0.0.0/8,nope"])
        }
        #expect(throws: UsageError.self) {
            try CommandLineParser(environment: [:]).parse(["serve", "--public-url", "ftp://x"])
        }
    }

    @Test func theExecutableRefusesToStartWithAShortAdminToken() throws {
        let binary = FolioProcess.executable
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the folio product")
        let process = Process()
        process.executableURL = binary
        process.arguments = ["serve", "--port", "0", "--db", "/nonexistent/never-created.sqlite"]
        process.environment = ["FOLIO_ADMIN_TOKEN": "change-me"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 2)
        #expect(output.contains("FOLIO_ADMIN_TOKEN") && output.contains("at least 24"))
    }
}
