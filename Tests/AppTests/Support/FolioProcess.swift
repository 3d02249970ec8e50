import Foundation
import Locking
import Testing

/// `folio serve` as a child process, its standard error read as it is written: for what only the real
/// executable shows (the log it writes, its flags and environment, SIGTERM).
///
/// It serves a fresh database in a temp directory with the repository's content, public files and
/// migrations, `FOLIO_ADMIN_TOKEN` set to `TestServer.adminToken`; sanitizer settings pass through, so a
/// sanitizer build of the child reports like the test process.
final class FolioProcess {
    /// The `folio` executable built beside this test bundle.
    static var executable: URL {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("folio")
    }

    let process = Process()
    private let directory: URL
    private let output = Locked<[UInt8]>([])
    private let finished = Locked(false)

    /// Starts `folio serve --port 0` with `arguments` after the defaults and `environment` added to the
    /// child's; returns once it runs (`port()` waits for its listening line).
    init(arguments: [String], environment: [String: String] = [:]) throws {
        let binary = Self.executable
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build folio: \(binary.path)")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("folio-child-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let root = TestServer.repositoryRoot
        process.executableURL = binary
        process.arguments =
            [
                "serve", "--port", "0",
                "--db", directory.appendingPathComponent("folio.sqlite").path,
                "--content", root.appendingPathComponent("Content").path,
                "--public", root.appendingPathComponent("Public").path,
                "--migrations", root.appendingPathComponent("Migrations").path,
            ] + arguments
        var childEnvironment = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
        childEnvironment["FOLIO_ADMIN_TOKEN"] = TestServer.adminToken
        childEnvironment.merge(environment) { _, added in added }
        process.environment = childEnvironment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        let output = output
        let finished = finished
        let reader = Thread {
            while true {
                let data = errors.fileHandleForReading.availableData
                if data.isEmpty { break }
                output.withLock { $0.append(contentsOf: data) }
            }
            finished.withLock { $0 = true }
        }
        try process.run()
        reader.start()
    }

    deinit {
        if process.isRunning { process.terminate() }
        try? FileManager.default.removeItem(at: directory)
    }

    /// Everything the child wrote to standard error so far.
    var standardError: String {
        String(decoding: output.withLock { $0 }, as: UTF8.self)
    }

    /// The first line of standard error, once written (30 s at most; empty if it never came).
    func firstLine() async throws -> String {
        for _ in 0..<600 {
            let text = standardError
            if let end = text.firstIndex(of: "\n") { return String(text[..<end]) }
            if !process.isRunning && finished.withLock({ $0 }) { break }
            try await Task.sleep(for: .milliseconds(50))
        }
        return ""
    }

    /// The port of the contract's first line, `listening on http://127.0.0.1:PORT`.
    func port() async throws -> Int {
        let line = try await firstLine()
        return try #require(Int(line.dropFirst("listening on http://127.0.0.1:".count)), "first line: \(line)")
    }

    /// Sends SIGTERM and waits (10 s at most) for the exit and the end of standard error; returns the
    /// whole of standard error.
    func terminate() async throws -> String {
        process.terminate()
        for _ in 0..<200 where process.isRunning || !finished.withLock({ $0 }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        return standardError
    }
}
