import Foundation
import HTTP
import Locking
import Testing

@testable import App

/// The buffered access log: the lines `Logger` used to write, all of them, from any thread, and after SIGTERM.
@Suite struct AccessLogTests {
    private static func entry(path: String?, route: String? = nil, status: Int = 200, bytes: Int = 1234)
        -> AccessLogLine.Entry
    {
        AccessLogLine.Entry(
            method: .get, path: path, route: route, status: status, bytes: bytes,
            duration: .nanoseconds(1_234_567))
    }

    private static func line(_ entry: AccessLogLine.Entry, _ format: Configuration.LogFormat) -> String {
        var bytes: [UInt8] = []
        var clock = LogClock()
        AccessLogLine.append(entry, format: format, to: &bytes, clock: &clock)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test(
        arguments: [
            ("/it/chapters/1", nil, "request method=GET path=/it/chapters/1 status=200 bytes=1234 ms=1.235\n"),
            (
                "/join/SECRET", "/join/:code",
                "request method=GET path=/join/[redacted] status=200 bytes=1234 ms=1.235\n"
            ),
            ("/a b", "/:x", "request method=GET path=\"/a b\" status=200 bytes=1234 ms=1.235\n"),
            ("/a\"b\\c", nil, "request method=GET path=\"/a\\\"b\\\\c\" status=200 bytes=1234 ms=1.235\n"),
            (nil, nil, "request method=GET path=- status=200 bytes=1234 ms=1.235\n"),
        ] as [(String?, String?, String)])
    func textLinesKeepTheLoggerFields(path: String?, route: String?, expected: String) {
        #expect(Self.line(Self.entry(path: path, route: route), .text) == expected)
    }

    @Test func jsonLinesParseWithEveryField() throws {
        let text = Self.line(Self.entry(path: "/x\ny\"z", route: nil, status: 404, bytes: 7), .json)
        #expect(text.hasSuffix("}\n"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: String])
        #expect(object["level"] == "info" && object["msg"] == "request" && object["method"] == "GET")
        #expect(object["path"] == "/x\ny\"z" && object["status"] == "404" && object["bytes"] == "7")
        #expect(object["ms"] == "1.235")
        let time = try #require(object["time"])
        #expect(time.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil, "\(time)")
    }

    @Test func theClockFormatsUTCWithMilliseconds() {
        var clock = LogClock()
        var bytes: [UInt8] = []
        clock.append(seconds: 86_400 + 3_661, milliseconds: 7, to: &bytes)
        clock.append(seconds: 1_780_000_000, milliseconds: 999, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "1970-01-02T01:01:01.007Z2026-05-28T20:26:40.999Z")
    }

    @Test func everyLineFromEveryThreadIsWrittenByStop() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("folio-access-\(UUID().uuidString)")
        let descriptor = open(url.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(descriptor >= 0)
        defer {
            close(descriptor)
            try? FileManager.default.removeItem(at: url)
        }
        // A long interval: only the 64 KiB threshold and `stop()` write.
        let log = AccessLog(format: .json, descriptor: descriptor, flushInterval: .seconds(3600))
        let threads = 4
        let perThread = 3000
        DispatchQueue.concurrentPerform(iterations: threads) { thread in
            for sequence in 0..<perThread {
                log.record(Self.entry(path: "/t\(thread)", status: 200, bytes: sequence))
            }
        }
        log.stop()
        log.stop()
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == threads * perThread)
        var next = [String: Int]()
        for line in lines {
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: String], "\(line)")
            let path = try #require(object["path"])
            let sequence = try #require(object["bytes"].flatMap { Int($0) })
            #expect(sequence == next[path, default: 0], "one thread's lines stay in order")
            next[path] = sequence + 1
        }
        #expect(next.count == threads && next.values.allSatisfy { $0 == perThread })
    }

    @Test func aQuietLogIsWrittenWithinTheFlushInterval() async throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        let log = AccessLog(format: .text, descriptor: ends[1], flushInterval: .milliseconds(20))
        log.record(Self.entry(path: "/quiet"))
        var received: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 256)
        // Waits (10 s at most, so a writer that never writes fails instead of hanging) for the writer thread
        // to write the line without being asked to stop.
        var ready = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
        #expect(poll(&ready, 1, 10_000) == 1)
        let count = chunk.withUnsafeMutableBytes { read(ends[0], $0.baseAddress, $0.count) }
        if count > 0 { received.append(contentsOf: chunk[0..<count]) }
        log.stop()
        close(ends[1])
        #expect(String(decoding: received, as: UTF8.self).hasPrefix("request method=GET path=/quiet "))
    }

    /// The real server, SIGTERM after N requests: N access lines, every one complete.
    @Test func sigtermLosesNoLine() async throws {
        let child = try FolioProcess(arguments: ["--event-loops", "2"])
        let client = TestClient(port: try await child.port())
        let requests = 500
        for index in 0..<requests {
            #expect(try client.get(index % 2 == 0 ? "/healthz" : "/static/folio.css").status == 200)
        }
        let lines = try await child.terminate().split(separator: "\n")
        #expect(!child.process.isRunning && child.process.terminationStatus == 0)
        let access = lines.filter { $0.hasPrefix("request method=GET path=") }
        #expect(access.count == requests)
        #expect(access.allSatisfy { $0.contains(" status=200 bytes=") && $0.contains(" ms=") })
    }
}
