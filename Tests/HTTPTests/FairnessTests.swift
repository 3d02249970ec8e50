import Dispatch
import Synchronization
import Testing

@testable import HTTP

/// One connection's pipeline cannot hold up the others of its loop, and deferring handlers answer on the loop
/// or in a task, in request order either way.
@Suite(.serialized) struct FairnessTests {
    /// Counts requests served, from any thread.
    final class Counter: Sendable {
        private let value = Atomic<Int>(0)
        func increment() { value.add(1, ordering: .relaxed) }
        var current: Int { value.load(ordering: .relaxed) }
    }

    @Test func turnBudgetIsSpentPerTurnAndRestoredByTheNext() {
        var budget = TurnBudget()
        #expect(!budget.isSpent(in: 1, limit: 2))
        budget.spend(in: 1)
        #expect(!budget.isSpent(in: 1, limit: 2))
        budget.spend(in: 1)
        #expect(budget.isSpent(in: 1, limit: 2))
        #expect(!budget.isSpent(in: 2, limit: 2))
        budget.spend(in: 2)
        #expect(!budget.isSpent(in: 2, limit: 2))
    }

    /// A pipeline of 40 requests arrives while the only loop is busy with that connection's first request; a
    /// probe sent on another connection meanwhile is answered after at most one turn's budget of the pipeline,
    /// not after all of it. Ordering only: the first request waits until the probe is on the wire.
    @Test func probeIsServedBeforeAnotherConnectionsWholePipeline() async throws {
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let served = Counter()
        var router = Router()
        router.get("/block") { _ in
            entered.signal()
            _ = release.wait(timeout: .now() + 5)
            return .text("unblocked")
        }
        router.get("/count") { _ in
            served.increment()
            return .text("counted")
        }
        router.get("/probe") { _ in .text("\(served.current)") }
        var limits = ServerLimits()
        limits.maxRequestsPerTurn = 4
        try await withServer(limits: limits, eventLoops: 1, router: router) { server in
            let port = server.localPort
            try await onThread {
                let pipeline = try TestClient(port: port)
                let probe = try TestClient(port: port)
                try probe.send("GET /probe HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try probe.readResponse().text == "0")
                let targets = ["/block"] + Array(repeating: "/count", count: 40)
                try pipeline.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
                #expect(entered.wait(timeout: .now() + 5) == .success)
                try probe.send("GET /probe HTTP/1.1\r\nHost: t\r\n\r\n")
                release.signal()
                let seen = Int(try probe.readResponse().text) ?? -1
                #expect(seen >= 0 && seen < 8)
                let bodies = try targets.map { _ in try pipeline.readResponse().text }
                #expect(bodies == ["unblocked"] + Array(repeating: "counted", count: 40))
                #expect(served.current == 40)
            }
        }
    }

    /// Input ended right after a long pipeline: the requests past the first turn's budget are still answered.
    @Test func pipelineFollowedByEndOfInputIsAnsweredInFull() async throws {
        var limits = ServerLimits()
        limits.maxRequestsPerTurn = 2
        try await withServer(limits: limits, eventLoops: 1, router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send((0..<12).map { "GET /items/\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
                client.shutdownWrite()
                let bodies = try (0..<12).map { _ in try client.readResponse().text }
                #expect(bodies == (0..<12).map { "item \($0)" })
                #expect(try client.waitForClose())
            }
        }
    }

    @Test func deferringHandlersAnswerNowOrLaterInRequestOrder() async throws {
        var router = Router()
        router.add(
            .get, "/maybe/:ms",
            .deferring { request in
                let milliseconds = Int(request.parameters["ms"] ?? "") ?? 0
                guard milliseconds > 0 else { return .now(.text("now")) }
                return .later {
                    try await Task.sleep(for: .milliseconds(milliseconds))
                    return .text("later \(milliseconds)")
                }
            })
        router.add(.get, "/refuse", .deferring { _ in throw HTTPError(.conflict, "no") })
        let inProcess = await router.respond(to: try Request(method: .get, target: "/maybe/5"))
        #expect(String(decoding: inProcess.body, as: UTF8.self) == "later 5")
        try await withServer(router: router) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                let targets = ["/maybe/200", "/maybe/0", "/maybe/50", "/refuse", "/maybe/0"]
                try client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
                let responses = try targets.map { _ in try client.readResponse() }
                #expect(responses.map(\.status) == [200, 200, 200, 409, 200])
                #expect(responses.map(\.text)[0...2] == ["later 200", "now", "later 50"])
            }
        }
    }
}
