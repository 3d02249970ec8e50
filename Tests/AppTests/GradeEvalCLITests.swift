import Foundation
import Testing

@testable import App

/// Runs the real `folio grade-eval` against the repository's Content.
@Suite(.serialized) struct GradeEvalCLITests {
    struct Output {
        let status: Int32
        let standardOutput: String
        let standardError: String
    }

    static func folio(_ arguments: [String]) throws -> Output {
        let binary = FolioProcess.executable
        try #require(
            FileManager.default.isExecutableFile(atPath: binary.path), "build the folio product: \(binary.path)")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.filter { $0.key.hasSuffix("SAN_OPTIONS") }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("grade-eval-\(UUID().uuidString)")
        let errors = output.appendingPathExtension("err")
        try Data().write(to: output)
        try Data().write(to: errors)
        defer {
            try? FileManager.default.removeItem(at: output)
            try? FileManager.default.removeItem(at: errors)
        }
        process.standardOutput = try FileHandle(forWritingTo: output)
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        process.waitUntilExit()
        return Output(
            status: process.terminationStatus,
            standardOutput: try String(contentsOf: output, encoding: .utf8),
            standardError: try String(contentsOf: errors, encoding: .utf8))
    }

    static func write(_ lines: [String]) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("eval-\(UUID().uuidString).jsonl")
        try lines.joined(separator: "\n").write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    var content: String { TestServer.repositoryRoot.appendingPathComponent("Content").path }

    @Test func itGradesEveryLineReportsUnknownQuestionsAndGatesOnlyOnRequest() throws {
        let file = try Self.write([
            #"{"language":"it","question":"ch0-q1","answer":"zzz qqq","expect":"correct"}"#,
            #"{"language":"es","question":"ch1-q2","answer":"zzz qqq","expect":"incorrect"}"#,
            #"{"language":"it","question":"ch99-q1","answer":"x","expect":"correct"}"#,
            #"{"language":"xx","question":"ch0-q1","answer":"x","expect":"correct"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try Self.folio(["grade-eval", file.path, "--content", content, "--show-misses"])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.contains("accuracy: 50.0% (1/2)"), "\(run.standardOutput)")
        #expect(run.standardOutput.contains("false-correct rate: 0.0% (0/1)"))
        #expect(run.standardOutput.contains("confusion matrix"))
        #expect(run.standardOutput.contains("\(file.path):1: it ch0-q1 expected correct, got "))
        #expect(run.standardError.contains(#"\#(file.path):3: unknown question "ch99-q1" in it"#))
        #expect(run.standardError.contains(#"\#(file.path):4: unknown language "xx""#))

        let gated = try Self.folio(["grade-eval", file.path, "--content", content, "--min-accuracy", "0.9"])
        #expect(gated.status == 1)
        #expect(gated.standardOutput.contains("below --min-accuracy 90.0%"))
        let met = try Self.folio(["grade-eval", file.path, "--content", content, "--min-accuracy", "50%"])
        #expect(met.status == 0)
    }

    @Test func aMalformedLineIsReportedWithItsFileAndLineAndExitsTwo() throws {
        let file = try Self.write([
            #"{"language":"it","question":"ch0-q1","answer":"x","expect":"correct"}"#,
            #"{"language":"it","question":"ch0-q1","answer":"x"}"#,
        ])
        defer { try? FileManager.default.removeItem(at: file) }
        let run = try Self.folio(["grade-eval", file.path, "--content", content])
        #expect(run.status == 2)
        #expect(run.standardError.contains(#"\#(file.path):2: missing "expect""#), "\(run.standardError)")
        let missing = try Self.folio(["grade-eval", "/nonexistent/set.jsonl", "--content", content])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains("/nonexistent/set.jsonl: cannot read"))
    }
}
