import Foundation
import Synchronization
import Testing

@testable import HTTP

@Suite(.serialized) struct ServerTests {
    @Test func servesSeveralRequestsOnOneKeepAliveConnection() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            #expect(port > 0)
            try await onThread {
                let client = try TestClient(port: port)
                for index in 0..<5 {
                    try client.send("GET /items/\(index) HTTP/1.1\r\nHost: test\r\n\r\n")
                    let response = try client.readResponse()
                    #expect(response.status == 200)
                    #expect(response.text == "item \(index)")
                    #expect(response.header("Connection") == nil)
                }
            }
        }
    }

    @Test func secondServerOnTheSamePortFailsToStart() async throws {
        try await withServer(router: .testRoutes()) { server in
            let configuration = ServerConfiguration(host: "127.0.0.1", port: server.localPort, eventLoopCount: 1)
            do throws(HTTPError) {
                let intruder = try Server.start(configuration: configuration, router: Router())
                await intruder.shutdown(gracePeriod: .zero)
                Issue.record("a second server bound the same port")
            } catch {
                #expect(error.systemCall == "bind")
                #expect(error.errorNumber == EADDRINUSE)
            }
        }
    }

    @Test func everyResponseCarriesDateTypeAndLength() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                for target in ["/hello", "/missing"] {
                    try client.send("GET \(target) HTTP/1.1\r\nHost: test\r\n\r\n")
                    let response = try client.readResponse()
                    #expect(response.header("Date")?.hasSuffix(" GMT") == true)
                    #expect(response.header("Content-Type") != nil)
                    #expect(response.header("Content-Length") == String(response.body.count))
                }
            }
        }
    }

    @Test func pipelinedResponsesKeepRequestOrderAcrossAsyncHandlers() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                let targets = ["/slow/300", "/hello", "/slow/100", "/items/1", "/slow/0", "/items/2"]
                try client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: test\r\n\r\n" }.joined())
                let bodies = try targets.map { _ in try client.readResponse().text }
                #expect(bodies == ["slow 300", "hello", "slow 100", "item 1", "slow 0", "item 2"])
            }
        }
    }

    @Test func deepPipelinePastOutputHighWaterIsAnsweredInFull() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                let sizes = (0..<120).map { 16_000 + $0 }
                try client.send(sizes.map { "GET /bytes/\($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
                for size in sizes {
                    let response = try client.readResponse()
                    #expect(response.body.count == size)
                    #expect(response.body.first == UInt8(size % 251))
                }
            }
        }
    }

    @Test func largePrebuiltResponsesArriveIntactAndInOrder() async throws {
        let big = (0..<1_000_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 8) }
        let page = PrebuiltResponse(headers: ["Content-Type": "text/html"], body: big)
        var router = Router.testRoutes()
        router.get("/page") { _ in page.response }
        try await withServer(router: router) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                let targets = ["/page", "/hello", "/page", "/slow/50", "/page", "/page"]
                try client.send(targets.map { "GET \($0) HTTP/1.1\r\nHost: t\r\n\r\n" }.joined())
                for target in targets {
                    let response = try client.readResponse()
                    #expect(response.status == 200)
                    #expect(response.header("Date") != nil)
                    if target == "/page" {
                        #expect(response.body == big)
                    } else {
                        #expect(!response.body.isEmpty && response.body.count < 100)
                    }
                }
                try client.send(
                    "HEAD /page HTTP/1.1\r\nHost: t\r\n\r\nGET /page HTTP/1.1\r\nHost: t\r\nConnection: close\r\n\r\n")
                let head = try client.readResponse(forHead: true)
                #expect(head.header("Content-Length") == "1000000")
                let last = try client.readResponse()
                #expect(last.header("Connection") == "close")
                #expect(last.body == big)
                #expect(try client.waitForClose())
            }
        }
    }

    @Test func echoesChunkedBody() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send(
                    "POST /echo HTTP/1.1\r\nHost: test\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nchunky\r\n")
                try client.send("7;ext=1\r\n body!!\r\n0\r\nX-Trailer: 1\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == "chunky body!!")
            }
        }
    }

    @Test func headReturnsHeadersWithoutBody() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send("HEAD /hello HTTP/1.1\r\nHost: test\r\n\r\n")
                let head = try client.readResponse(forHead: true)
                #expect(head.status == 200)
                #expect(head.header("Content-Length") == "5")
                try client.send("GET /hello HTTP/1.1\r\nHost: test\r\n\r\n")
                #expect(try client.readResponse().text == "hello")
            }
        }
    }

    @Test func http10ClosesUnlessKeepAliveRequested() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let plain = try TestClient(port: port)
                try plain.send("GET /hello HTTP/1.0\r\n\r\n")
                #expect(try plain.readResponse().header("Connection") == "close")
                #expect(try plain.waitForClose())
                let keepAlive = try TestClient(port: port)
                for _ in 0..<2 {
                    try keepAlive.send("GET /hello HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                    #expect(try keepAlive.readResponse().header("Connection") == "keep-alive")
                }
            }
        }
    }

    @Test func connectionCloseIsHonoured() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send("GET /hello HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
                #expect(try client.readResponse().header("Connection") == "close")
                #expect(try client.waitForClose())
            }
        }
    }

    @Test func sendsContinueBeforeReadingAcceptedBody() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send(
                    "POST /echo HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
                #expect(try client.readResponse().status == 100)
                try client.send("ping")
                #expect(try client.readResponse().text == "ping")

                try client.send(
                    "POST /nowhere HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
                let refused = try client.readResponse()
                #expect(refused.status == 404)
                #expect(refused.header("Connection") == "close")
            }
        }
    }

    @Test func refusesOversizedBodyBeforeItIsSent() async throws {
        try await withServer(router: .testRoutes()) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send(
                    "POST /echo HTTP/1.1\r\nHost: test\r\nExpect: 100-continue\r\nContent-Length: 2000000\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.status == 413)
                #expect(try client.waitForClose())
            }
        }
    }

    @Test func reportsEveryResponseToTheObserver() async throws {
        let records = Mutex<[ResponseRecord]>([])
        try await withServer(observer: { record in records.withLock { $0.append(record) } }, router: .testRoutes()) {
            server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send("GET /items/9 HTTP/1.1\r\nHost: test\r\n\r\nGET /nope HTTP/1.1\r\nHost: test\r\n\r\n")
                _ = try client.readResponse()
                _ = try client.readResponse()
                try client.send("BREW / HTTP/1.1\r\n\r\n")
                _ = try client.readResponse()
            }
        }
        let seen = records.withLock { $0 }
        #expect(seen.map(\.status.code) == [200, 404, 501])
        #expect(seen.first?.route == "/items/:id")
        #expect(seen.first?.path == "/items/9")
        #expect(seen.first?.method == .get)
        #expect(seen[1].route == nil)
        #expect(seen[2].method == nil)
        #expect(seen.allSatisfy { $0.bytes > 0 && $0.remoteAddress?.hasPrefix("127.0.0.1:") == true })
    }

    @Test func servesStaticFilesWithGzipAnd304() async throws {
        let fixture = try StaticFixture()
        defer { fixture.remove() }
        let files = try StaticFiles(root: fixture.root.path)
        var router = Router()
        router.get("/static/*", files.respond(to:))
        try await withServer(router: router) { server in
            let port = server.localPort
            try await onThread {
                let client = try TestClient(port: port)
                try client.send("GET /static/css/site.css HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\n\r\n")
                let first = try client.readResponse()
                #expect(first.header("Content-Encoding") == "gzip")
                #expect(first.header("Vary") == "Accept-Encoding")
                let etag = try #require(first.header("ETag"))
                try client.send(
                    "GET /static/css/site.css HTTP/1.1\r\nHost: t\r\nAccept-Encoding: gzip\r\nIf-None-Match: \(etag)\r\n\r\n"
                )
                let second = try client.readResponse()
                #expect(second.status == 304)
                #expect(second.body.isEmpty)
                for target in [
                    "/static/../secret.txt", "/static/%2e%2e/secret.txt", "/static/escape.txt",
                    "/static/a%2f..%2fsecret.txt",
                ] {
                    let probe = try TestClient(port: port)
                    try probe.send("GET \(target) HTTP/1.1\r\nHost: t\r\n\r\n")
                    let response = try probe.readResponse()
                    #expect([400, 404].contains(response.status), "\(target)")
                    #expect(!response.text.contains("top secret"))
                }
            }
        }
    }
}
