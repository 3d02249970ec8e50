import Foundation
import SQLite
import Testing

@testable import App

@Suite(.serialized) struct TokenScopeTests {
    @Test func adminRoutesRefuseLearnerAndScoresTokensAndRequireCredentials() async throws {
        let server = try TestServer()
        let client = server.client()
        let learner = try await client.createLearner("Learner")
        let scores = try await client.createToken("HR")
        let adminRoutes: [(String, String, Any?)] = [
            ("POST", "/api/v1/admin/cohorts", ["name": "X"]), ("GET", "/api/v1/admin/cohorts", nil),
            ("POST", "/api/v1/admin/tokens", ["name": "X", "scope": "read:scores"]),
            ("GET", "/api/v1/admin/tokens", nil), ("DELETE", "/api/v1/admin/tokens/1", nil),
        ]
        for (method, path, json) in adminRoutes {
            #expect(try await client.perform(method, path, json: json).status == 401, "\(method) \(path)")
            #expect(try await client.perform(method, path, json: json, bearer: learner.token).status == 403)
            #expect(try await client.perform(method, path, json: json, bearer: scores.secret).status == 403)
            #expect(try await client.perform(method, path, json: json, bearer: "wrong").status == 401)
            // A learner cookie is not an admin credential either.
            let browser = server.client()
            browser.cookies[LearnerIdentity.cookieName] = learner.token
            #expect(try await browser.perform(method, path, json: json).status == 401)
        }
        await server.stop()
    }

    @Test func scoresRoutesRefuseLearnersAndAcceptAdminAndScoresTokens() async throws {
        let server = try TestServer()
        let client = server.client()
        let cohort = try await client.createCohort("Team")
        let learner = try await client.createLearner("Learner", cohortCode: cohort.joinCode)
        let scores = try await client.createToken("HR")
        let paths = [
            "/api/v1/scores", "/api/v1/scores.csv", "/api/v1/learners/\(learner.id)/scores",
            "/api/v1/cohorts/\(cohort.id)/progress", "/api/v1/cohorts/\(cohort.id)/scores.csv",
        ]
        for path in paths {
            #expect(try await client.perform("GET", path).status == 401, "\(path)")
            #expect(try await client.perform("GET", path, bearer: learner.token).status == 403, "\(path)")
            #expect(try await client.perform("GET", path, bearer: scores.secret).status == 200, "\(path)")
            #expect(try await client.perform("GET", path, bearer: TestServer.adminToken).status == 200, "\(path)")
        }
        await server.stop()
    }

    @Test func aCohortTokenCannotTellAnotherCohortFromAMissingOne() async throws {
        let server = try TestServer()
        let client = server.client()
        let mine = try await client.createCohort("Mine")
        let theirs = try await client.createCohort("Theirs")
        let member = try await client.createLearner("Member", cohortCode: mine.joinCode)
        let outsider = try await client.createLearner("Outsider", cohortCode: theirs.joinCode)
        let loner = try await client.createLearner("Loner")
        for learner in [member, outsider, loner] {
            let attempt = try await client.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q1/attempts", json: ["answer": "in alto e in basso"],
                bearer: learner.token)
            #expect(attempt.status == 200)
        }
        let token = try await client.createToken("Lead of Mine", cohort: mine.id)
        let missing = theirs.id + 100

        let listing = try await client.perform("GET", "/api/v1/scores", bearer: token.secret).json()
        let rows = try #require(listing["scores"] as? [[String: Any]])
        #expect(rows.compactMap { $0["learner"] as? Int } == [Int(member.id)])
        #expect(try await client.perform("GET", "/api/v1/scores?cohort=\(mine.id)", bearer: token.secret).status == 200)

        let pairs = [
            ("/api/v1/cohorts/\(theirs.id)/progress", "/api/v1/cohorts/\(missing)/progress"),
            ("/api/v1/cohorts/\(theirs.id)/scores.csv", "/api/v1/cohorts/\(missing)/scores.csv"),
            ("/api/v1/scores?cohort=\(theirs.id)", "/api/v1/scores?cohort=\(missing)"),
            ("/api/v1/scores.csv?cohort=\(theirs.id)", "/api/v1/scores.csv?cohort=\(missing)"),
            ("/api/v1/learners/\(outsider.id)/scores", "/api/v1/learners/\(missing)/scores"),
            ("/api/v1/learners/\(loner.id)/scores", "/api/v1/learners/\(missing + 1)/scores"),
        ]
        for (existing, absent) in pairs {
            let forbidden = try await client.perform("GET", existing, bearer: token.secret)
            let notFound = try await client.perform("GET", absent, bearer: token.secret)
            #expect(forbidden.status == 404 && notFound.status == 404, "\(existing)")
            // Only the id the client itself sent may differ.
            let normalise = { (text: String) in
                text.replacingOccurrences(of: "[0-9]+", with: "N", options: .regularExpression)
            }
            #expect(normalise(forbidden.text) == normalise(notFound.text), "\(existing)")
            #expect(forbidden.header("Content-Type") == notFound.header("Content-Type"))
        }
        // The admin sees both cohorts.
        #expect(
            try await client.perform("GET", "/api/v1/cohorts/\(theirs.id)/progress", bearer: TestServer.adminToken)
                .status == 200)
        await server.stop()
    }

    @Test func aRevokedTokenIsRefusedAndRevocationIsListed() async throws {
        let server = try TestServer()
        let client = server.client()
        let token = try await client.createToken("Temporary")
        #expect(try await client.perform("GET", "/api/v1/scores", bearer: token.secret).status == 200)
        let revoked = try await client.perform(
            "DELETE", "/api/v1/admin/tokens/\(token.id)", headers: [TestClient.adminHeader])
        #expect(revoked.status == 204)
        let refused = try await client.perform("GET", "/api/v1/scores", bearer: token.secret)
        #expect(refused.status == 401)
        #expect(refused.errorCode == "unauthorized")
        #expect(
            try await client.perform("DELETE", "/api/v1/admin/tokens/\(token.id)", headers: [TestClient.adminHeader])
                .status == 204)
        #expect(
            try await client.perform("DELETE", "/api/v1/admin/tokens/999", headers: [TestClient.adminHeader]).status
                == 404)
        #expect(
            try await client.perform("DELETE", "/api/v1/admin/tokens/x", headers: [TestClient.adminHeader]).status
                == 404)
        let list = try await client.perform("GET", "/api/v1/admin/tokens", headers: [TestClient.adminHeader])
        let tokens = try #require(try list.json()["tokens"] as? [[String: Any]])
        #expect(tokens.count == 1)
        #expect(tokens.first?["revoked_at"] is String)
        #expect(tokens.first?["token"] == nil)
        #expect(!list.text.contains(token.secret))
        await server.stop()
    }

    @Test func tokenCreationValidatesItsFields() async throws {
        let server = try TestServer()
        let client = server.client()
        let cases: [(String, Int)] = [
            (#"{"name": "x", "scope": "write:scores"}"#, 422), (#"{"name": "", "scope": "read:scores"}"#, 422),
            (#"{"name": "x", "scope": "read:scores", "cohort": 99}"#, 404), (#"{"name": "x"}"#, 422),
            (#"{"name": "x", "scope": "read:scores", "cohort": "1"}"#, 422),
            (#"{"name": "x", "scope": "read:scores", "cohort": null}"#, 201),
        ]
        for (body, status) in cases {
            let response = try await client.perform(
                "POST", "/api/v1/admin/tokens",
                headers: [TestClient.adminHeader, ("Content-Type", "application/json")],
                body: Array(body.utf8))
            #expect(response.status == status, "\(body)")
        }
        await server.stop()
    }

    @Test func tokensAreNeverStoredInPlainText() async throws {
        let server = try TestServer()
        let client = server.client()
        let learner = try await client.createLearner("Secretive")
        let api = try await client.createToken("HR")
        let code = try await client.perform("POST", "/api/v1/me/resume-code", bearer: learner.token)
        let resumeCode = try #require(try code.json()["code"] as? String)
        let secrets = [
            learner.token, api.secret, TestServer.adminToken, resumeCode, Secrets.canonicalHumanCode(resumeCode),
        ]

        let database = try #require(server.services.database)
        let tables: [String] = try await database.read { connection in
            try connection.query(sql: "SELECT name FROM sqlite_schema WHERE type = 'table'").map { try $0["name"] }
        }
        var cells: [String] = []
        for table in tables {
            cells += try await database.read { connection in
                var texts: [String] = []
                for row in try connection.query(sql: "SELECT * FROM \"\(table)\"") {
                    for value in row.values {
                        switch value {
                        case .text(let text): texts.append(text)
                        case .blob(let bytes): texts += [String(decoding: bytes, as: UTF8.self), Secrets.hex(bytes)]
                        default: break
                        }
                    }
                }
                return texts
            }
        }
        for secret in secrets {
            let hex = Secrets.hex(Array(secret.utf8))
            #expect(!cells.contains { $0.contains(secret) || $0.lowercased().contains(hex) }, "a secret is stored")
        }
        #expect(cells.contains(Secrets.hex(Secrets.digest(api.secret))), "the API token's digest is what is stored")
        #expect(cells.contains(Secrets.hex(Secrets.digest(learner.token))))
        for file in [server.databasePath, server.databasePath + "-wal"] {
            guard let bytes = FileManager.default.contents(atPath: file) else { continue }
            for secret in secrets { #expect(bytes.range(of: Data(secret.utf8)) == nil, "\(file) holds a secret") }
        }
        await server.stop()
    }
}
