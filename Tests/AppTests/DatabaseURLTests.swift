import Foundation
import PostgreSQL
import Testing

@testable import App

/// `--database-url` / `FOLIO_DATABASE_URL`: PostgreSQL chosen by configuration, bad input refused in one line
/// with the right exit code, the password never printed.
struct DatabaseURLTests {
    @Test func theURLSelectsPostgreSQLAndAMalformedOneIsAUsageError() throws {
        let parser = CommandLineParser(environment: ["FOLIO_DATABASE_URL": "postgres://folio:s3cret@db/folio"])
        guard case .serve(let configuration) = try parser.parse(["serve"]) else {
            Issue.record("not a serve command")
            return
        }
        #expect(configuration.databaseURL == "postgres://folio:s3cret@db/folio")
        guard
            case .migrate(let flagged) = try parser.parse([
                "migrate", "--database-url", "host=/run/postgresql dbname=folio", "--database-pool", "4",
                "--database-writers", "3",
            ])
        else {
            Issue.record("not a migrate command")
            return
        }
        #expect(flagged.databaseURL == "host=/run/postgresql dbname=folio", "the flag wins over the environment")
        #expect(flagged.databasePoolSize == 4)
        #expect(flagged.databaseWriters == 3)
        guard case .serve(let plain) = try CommandLineParser(environment: [:]).parse(["serve"]) else { return }
        #expect(plain.databaseURL == nil, "SQLite at --db by default")

        for bad in ["mysql://folio:s3cret@db/folio", "postgres://folio:s3cret@db/folio?sslmode=maybe"] {
            do {
                _ = try CommandLineParser(environment: [:]).parse(["serve", "--database-url", bad])
                Issue.record("accepted \(bad)")
            } catch {
                #expect(error.message.hasPrefix("--database-url is not a valid PostgreSQL connection string"))
                #expect(!error.message.contains("s3cret"))
            }
        }
        #expect(throws: UsageError.self) {
            try parser.parse(["backup", "/tmp/copy.sqlite"])
        }
    }

    @Test func theExecutableExits2OnAMalformedURLAnd1OnAnUnreachableServer() throws {
        let malformed = try Self.run(["migrate", "--database-url", "postgres://folio:s3cret@db/folio?nonsense=1"])
        #expect(malformed.status == 2)
        #expect(malformed.errors.hasPrefix("folio: --database-url is not a valid PostgreSQL connection string"))
        #expect(!malformed.errors.contains("s3cret"))

        let unreachable = try Self.run([
            "migrate", "--database-url", "postgres://folio:s3cret@127.0.0.1:1/folio?connect_timeout=2",
        ])
        #expect(unreachable.status == 1)
        #expect(unreachable.errors.hasPrefix("folio: cannot connect to postgresql folio@127.0.0.1:1/folio"))
        #expect(unreachable.errors.split(separator: "\n").count == 1, "one line: \(unreachable.errors)")
        #expect(!unreachable.errors.contains("s3cret"))
    }

    private static func run(_ arguments: [String]) throws -> (status: Int32, errors: String) {
        let binary = FolioProcess.executable
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the folio product")
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        process.environment = [:]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let output = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, output)
    }
}

/// A PostgreSQL server that cannot be reached is a 503 with `Retry-After`, as a full disk is.
struct PostgreSQLFaultTests {
    @Test func anUnreachableServerIsA503WithRetryAfter() throws {
        let failure = PostgreSQLError(kind: .connection, message: "connection refused")
        #expect(StoreError(failure).kind == .unavailable)
        let translated = try #require(StorageFaults.translate(failure, nil))
        #expect(translated.status == .serviceUnavailable)
        #expect(translated.headers["Retry-After"] == String(StorageFaults.unavailableRetryAfter))
        let full = PostgreSQLError(kind: .server, sqlState: "53100", message: "could not extend file")
        #expect(StoreError(full).kind == .storageFull)
        let deadlock = PostgreSQLError(kind: .server, sqlState: "40P01", message: "deadlock detected")
        #expect(StoreError(deadlock).kind == .busy)
        let bug = PostgreSQLError(kind: .server, sqlState: "42P01", message: "relation does not exist")
        #expect(StoreError(bug).kind == .failed)
        #expect(StorageFaults.translate(bug, nil) == nil, "anything else stays a 500")
    }
}
