import Foundation
import Synchronization
import Testing

@testable import HTTP

@Suite(.serialized) struct ServerRobustnessTests {
    @Test(arguments: [
        ("GET /\(String(repeating: "a", count: 9000)) HTTP/1.1\r\nHost: t\r\n\r\n", 414),
        ("GET /hello HTTP/1.1\r\nHost: t\r\nX: \(String(repeating: "b", count: 17000))\r\n\r\n", 431),
        ("GET /hello HTTP/1.1\r\nHost: t\r\n" + (0..<101).map { "X-\($0): 1\r\n" }.joined() + "\r\n", 431),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 1048577\r\n\r\n", 413),
        ("DELETE /hello HTTP/1.1\r\nHost: t\r\n\r\n", 405),
        ("BREW /hello HTTP/1.1\r\nHost: t\r\n\r\n", 501),
        ("GET /hello HTTP/1.1\r\n\r\n", 400),
        ("GET /hello HTTP/2.0\r\nHost: t\r\n\r\n", 505),
        ("POST /echo HTTP/1.1\r\nHost: t\r\nExpect: 200-ok\r\nContent-Length: 1\r\n\r\nx", 417),
    ])
    func answersLimitsWithTheirStatusThenCloses(request: String, status: Int) async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send(request)
                let response = try client.readResponse()
                #expect(response.status == status)
                if status == 405 {
                    #expect(response.header("Allow") == "GET, HEAD, OPTIONS")
                } else {
                    #expect(response.header("Connection") == "close")
                    #expect(try client.waitForClose())
                }
            }
        }
    }

    @Test func hostileCorpusNeverTakesTheServerDown() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                for (name, bytes, status) in hostileCorpus {
                    let client = try TestClient(port: port)
                    try client.send(bytes)
                    let response = try client.readResponseOrClose()
                    #expect(response == nil || response?.status == status, "\(name)")
                    #expect(try client.waitForClose(), "\(name) left the connection open")
                }
                let healthy = try TestClient(port: port)
                try healthy.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try healthy.readResponse().status == 200)
            }
        }
    }

    @Test func stalledHeaderIsDroppedWhileOthersAreServed() async throws {
        try await withServer(limits: shortLimits(), router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let stalled = try TestClient(port: port)
                try stalled.send("GET /hello HTTP/1.1\r\nHost: t\r\nX-Half")
                let other = try TestClient(port: port)
                for _ in 0..<3 {
                    try other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                    #expect(try other.readResponse().status == 200)
                }
                let response = try stalled.readResponseOrClose()
                #expect(response == nil || response?.status == 408)
                #expect(try stalled.waitForClose())
            }
        }
    }

    @Test func slowBodyGets408() async throws {
        try await withServer(limits: shortLimits(), router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send("POST /echo HTTP/1.1\r\nHost: t\r\nContent-Length: 10\r\n\r\nabc")
                #expect(try client.readResponseOrClose()?.status == 408)
            }
        }
    }

    @Test func idleKeepAliveConnectionIsClosed() async throws {
        var limits = shortLimits()
        limits.idleTimeout = .milliseconds(300)
        try await withServer(limits: limits, router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                #expect(try client.readResponse().status == 200)
                #expect(try client.waitForClose())
            }
        }
    }

    @Test func twoHundredConnectionsTimesTwentyRequests() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            let failures = Collected<String>()
            try await withThrowingTaskGroup(of: Void.self) { group in
                for connection in 0..<200 {
                    group.addTask {
                        try await onThread {
                            do {
                                let client = try TestClient(port: port, timeout: .seconds(10))
                                for index in 0..<20 {
                                    let id = connection * 100 + index
                                    try client.send("GET /items/\(id) HTTP/1.1\r\nHost: t\r\n\r\n")
                                    let response = try client.readResponse()
                                    if response.status != 200 || response.text != "item \(id)" {
                                        failures.append("\(id): \(response.status) \(response.text)")
                                    }
                                }
                            } catch {
                                failures.append("connection \(connection): \(error)")
                            }
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(failures.values == [])
        }
    }

    @Test func gracefulShutdownFinishesRequestsInFlight() async throws {
        let server = try Server.start(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, eventLoopCount: 2), router: .testRoutes())
        let port = server.localPort
        let inFlight = Task {
            try await onThread { () -> (Int, String, String?) in
                let client = try TestClient(port: port)
                try client.send("GET /slow/400 HTTP/1.1\r\nHost: t\r\n\r\n")
                let response = try client.readResponse()
                return (response.status, response.text, response.header("Connection"))
            }
        }
        let idleClosed = Task {
            try await onThread { () -> Bool in
                let client = try TestClient(port: port)
                try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                _ = try client.readResponse()
                return try client.waitForClose()
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        await server.shutdown(gracePeriod: .seconds(5))
        let (status, body, connection) = try await inFlight.value
        #expect(status == 200 && body == "slow 400")
        #expect(connection == "close")
        #expect(try await idleClosed.value)
        #expect(throws: TestFailure.self) { try TestClient(port: port) }
    }

    @Test func shutdownForceClosesAfterGracePeriod() async throws {
        let server = try Server.start(
            configuration: ServerConfiguration(host: "127.0.0.1", port: 0, eventLoopCount: 1), router: .testRoutes())
        let port = server.localPort
        let closed = Task {
            try await onThread { () -> Bool in
                let client = try TestClient(port: port)
                try client.send("GET /slow/3000 HTTP/1.1\r\nHost: t\r\n\r\n")
                return try client.waitForClose()
            }
        }
        try await Task.sleep(for: .milliseconds(100))
        await server.shutdown(gracePeriod: .milliseconds(200))
        #expect(try await closed.value)
    }

    @Test func connectionCapAnswers503() async throws {
        var limits = ServerLimits()
        limits.maxConnections = 4
        try await withServer(limits: limits, eventLoops: 1, router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                var held: [TestClient] = []
                for _ in 0..<4 {
                    let client = try TestClient(port: port)
                    try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                    #expect(try client.readResponse().status == 200)
                    held.append(client)
                }
                #expect(server.openConnections == 4)
                let refused = try TestClient(port: port)
                let response = try refused.readResponse()
                #expect(response.status == 503)
                #expect(response.header("Connection") == "close")
                held.removeAll()
                var served = false
                for _ in 0..<50 where !served {
                    let client = try TestClient(port: port)
                    try client.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                    served = try client.readResponse().status == 200
                    if !served { Thread.sleep(forTimeInterval: 0.02) }
                }
                #expect(served)
            }
        }
    }

    @Test func clientThatNeverReadsDoesNotBlockOthers() async throws {
        try await withServer(limits: shortLimits(), eventLoops: 1, router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let greedy = try TestClient(port: port)
                try greedy.send(String(repeating: "GET /big HTTP/1.1\r\nHost: t\r\n\r\n", count: 8))
                Thread.sleep(forTimeInterval: 0.1)
                let other = try TestClient(port: port)
                for _ in 0..<5 {
                    try other.send("GET /hello HTTP/1.1\r\nHost: t\r\n\r\n")
                    #expect(try other.readResponse().text == "hello")
                }
                greedy.setTimeout(.seconds(5))
                Thread.sleep(forTimeInterval: 1.2)
                #expect(try greedy.waitForClose(), "write timeout should close the stalled client")
            }
        }
    }

    @Test func slowlorisClientsDoNotStopNormalClients() async throws {
        var limits = shortLimits()
        limits.headerReadTimeout = .seconds(2)
        try await withServer(limits: limits, router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                var attackers: [TestClient] = []
                for _ in 0..<500 {
                    let attacker = try TestClient(port: port, timeout: .milliseconds(50))
                    try attacker.send("GET / HTTP/1.1\r\n")
                    attackers.append(attacker)
                }
                let normal = try TestClient(port: port)
                for round in 0..<5 {
                    for attacker in attackers { try? attacker.send("X") }
                    try normal.send("GET /items/\(round) HTTP/1.1\r\nHost: t\r\n\r\n")
                    #expect(try normal.readResponse().text == "item \(round)")
                    Thread.sleep(forTimeInterval: 0.1)
                }
                #expect(server.openConnections >= 500)
            }
        }
    }
}
