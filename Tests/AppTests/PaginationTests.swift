import Foundation
import SQLite
import Testing

@testable import App

/// Keyset pages never repeat or skip a row while new attempts arrive.
@Suite(.serialized) struct PaginationTests {
    @Test func attemptPagesHaveNoGapsOrRepeatsWhileAttemptsAreAdded() async throws {
        let server = try TestServer()
        let port = server.port
        let learner = try await server.client().createLearner("Busy")
        let writer = TestClient(port: port)
        for index in 0..<12 {
            let response = try await writer.perform(
                "POST", "/api/v1/it/checkpoints/ch0-q\(index % 3 + 1)/attempts", json: ["answer": "prima \(index)"],
                bearer: learner.token)
            #expect(response.status == 200)
        }
        let before = try attemptIDs(server, learnerID: learner.id)
        async let written: Int = Blocking.run {
            var count = 0
            for index in 0..<15 {
                let body = Array(#"{"answer": "poi \#(index)"}"#.utf8)
                let response = try writer.request(
                    "POST", "/api/v1/it/checkpoints/ch0-q1/attempts",
                    headers: [("Content-Type", "application/json"), ("Authorization", "Bearer \(learner.token)")],
                    body: body)
                if response.status == 200 { count += 1 }
            }
            return count
        }
        let reader = TestClient(port: port)
        var seen: [Int64] = []
        var cursor: String?
        repeat {
            let page = try await reader.perform(
                "GET", "/api/v1/me/attempts?limit=3" + (cursor.map { "&cursor=\($0)" } ?? ""), bearer: learner.token
            ).json()
            seen += (page["attempts"] as? [[String: Any]] ?? []).compactMap { ($0["id"] as? Int).map(Int64.init) }
            cursor = page["next_cursor"] as? String
        } while cursor != nil
        #expect(try await written == 15)
        let after = try attemptIDs(server, learnerID: learner.id)
        #expect(seen == seen.sorted() && Set(seen).count == seen.count, "no repeats, in order")
        #expect(Set(before).isSubset(of: Set(seen)), "every attempt present at the start was listed")
        let upToLast = after.filter { $0 <= (seen.last ?? 0) }
        #expect(seen == upToLast, "no gaps up to the last attempt listed")
        await server.stop()
    }

    @Test func scorePagesHaveNoRepeatsAndMissNoExistingRowWhileAttemptsAreAdded() async throws {
        let server = try TestServer()
        let port = server.port
        let client = server.client()
        var tokens: [String] = []
        for index in 0..<6 {
            let learner = try await client.createLearner("Learner \(index)")
            tokens.append(learner.token)
            for question in ["ch0-q1", "ch0-q2", "ch1-q1"] {
                let response = try await client.perform(
                    "POST", "/api/v1/it/checkpoints/\(question)/attempts", json: ["answer": "x"], bearer: learner.token)
                #expect(response.status == 200)
            }
        }
        let existing = try await scoreKeys(client)
        let existingTokens = tokens
        async let added: Int = Blocking.run {
            let writer = TestClient(port: port)
            var count = 0
            for round in 0..<10 {
                let body = Array(#"{"answer": "ancora \#(round)"}"#.utf8)
                let token = existingTokens[round % existingTokens.count]
                let question = ["ch2-q1", "ch0-q1", "ch3-q2"][round % 3]
                let response = try writer.request(
                    "POST", "/api/v1/it/checkpoints/\(question)/attempts",
                    headers: [("Content-Type", "application/json"), ("Authorization", "Bearer \(token)")], body: body)
                if response.status == 200 { count += 1 }
            }
            return count
        }
        let paged = try await scoreKeys(TestClient(port: port), pageSize: 2)
        #expect(try await added == 10)
        let keys = paged.map { "\($0.0)/\($0.1)" }
        #expect(Set(keys).count == keys.count, "no repeats")
        #expect(keys == paged.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map { "\($0.0)/\($0.1)" }, "in key order")
        #expect(Set(existing.map { "\($0.0)/\($0.1)" }).isSubset(of: Set(keys)))
        await server.stop()
    }

    private func attemptIDs(_ server: TestServer, learnerID: Int64) throws -> [Int64] {
        try #require(server.services.database).read { connection in
            try connection.query(
                sql: "SELECT id FROM attempts WHERE learner_id = ? ORDER BY id", arguments: [learnerID]
            )
            .map { try $0["id"] }
        }
    }

    private func scoreKeys(_ client: TestClient, pageSize: Int = 1000) async throws -> [(Int, String)] {
        var keys: [(Int, String)] = []
        var cursor: String?
        repeat {
            let page = try await client.perform(
                "GET", "/api/v1/scores?limit=\(pageSize)" + (cursor.map { "&cursor=\($0)" } ?? ""),
                bearer: TestServer.adminToken
            ).json()
            for row in page["scores"] as? [[String: Any]] ?? [] {
                if let learner = row["learner"] as? Int, let question = row["question"] as? String {
                    keys.append((learner, question))
                }
            }
            cursor = page["next_cursor"] as? String
        } while cursor != nil
        return keys
    }
}
