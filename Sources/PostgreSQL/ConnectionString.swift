import CPostgreSQL
import Foundation

/// A validated libpq connection string: a `postgres://`/`postgresql://` URL or the `key=value` form
/// (`host=/run/postgresql dbname=folio sslmode=require`).
///
/// libpq itself parses it (`PQconninfoParse`), so every form libpq accepts works. `description` never shows
/// the password: connection strings reach logs and error lines.
public struct ConnectionString: Sendable, Equatable, CustomStringConvertible {
    /// The string as given, handed to libpq unchanged.
    let text: String
    /// The options libpq parsed from it (keyword to value), the password included.
    let options: [String: String]

    /// The `sslmode` values libpq knows; it checks them only when connecting.
    static let sslModes: Set<String> = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full"]

    /// Validates `text` with libpq's own parser.
    /// - Throws: `PostgreSQLError` of kind `.configuration` naming what is wrong, without the string's values.
    public init(_ text: String) throws(PostgreSQLError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let isURL = trimmed.hasPrefix("postgres://") || trimmed.hasPrefix("postgresql://")
        guard isURL || trimmed.contains("=") else {
            throw PostgreSQLError(
                kind: .configuration,
                message: "expected a postgres:// or postgresql:// URL or libpq key=value settings")
        }
        var error: UnsafeMutablePointer<CChar>?
        guard let parsed = PQconninfoParse(trimmed, &error) else {
            let detail = error.map { String(cString: $0) } ?? "libpq could not parse it"
            if let error { PQfreemem(error) }
            throw PostgreSQLError(kind: .configuration, message: Self.redacted(detail))
        }
        defer { PQconninfoFree(parsed) }
        var options: [String: String] = [:]
        var option = parsed
        while let keyword = option.pointee.keyword {
            if let value = option.pointee.val {
                options[String(cString: keyword)] = String(cString: value)
            }
            option += 1
        }
        if let mode = options["sslmode"], !Self.sslModes.contains(mode) {
            throw PostgreSQLError(
                kind: .configuration,
                message: "sslmode must be one of \(Self.sslModes.sorted().joined(separator: ", "))")
        }
        self.text = trimmed
        self.options = options
    }

    /// The string handed to libpq; it holds the password when one was given, so never log it.
    public var connectionInfo: String { text }

    /// The same settings with `overrides` applied, in libpq's `key=value` form (values quoted and escaped).
    ///
    /// For example `["options": "-c search_path=test_1"]` gives sessions their own schema.
    public func with(_ overrides: [String: String]) throws(PostgreSQLError) -> ConnectionString {
        let merged = options.merging(overrides) { _, new in new }
        let text = merged.sorted { $0.key < $1.key }.map { key, value in
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\")
                .replacingOccurrences(of: "'", with: "\\'")
            return "\(key)='\(escaped)'"
        }.joined(separator: " ")
        return try ConnectionString(text)
    }

    /// Where the string points, for log lines: user, host or socket directory, port and database; never the
    /// password.
    public var description: String {
        let user = options["user"].map { "\($0)@" } ?? ""
        let host = options["host"] ?? options["hostaddr"] ?? "localhost"
        let port = options["port"].map { ":\($0)" } ?? ""
        let database = options["dbname"].map { "/\($0)" } ?? ""
        return "postgresql \(user)\(host)\(port)\(database)"
    }

    /// libpq's parse message with every quoted fragment that is not a known option keyword removed: the
    /// fragments may be pieces of the string, the password among them.
    static func redacted(_ message: String) -> String {
        var keywords: Set<String> = []
        if let defaults = PQconndefaults() {
            var option = defaults
            while let keyword = option.pointee.keyword {
                keywords.insert(String(cString: keyword))
                option += 1
            }
            PQconninfoFree(defaults)
        }
        let parts = message.trimmingCharacters(in: .whitespacesAndNewlines).split(
            separator: "\"", omittingEmptySubsequences: false)
        var result = ""
        for (index, part) in parts.enumerated() {
            if index % 2 == 0 {
                result += part
            } else {
                result += keywords.contains(String(part)) ? "\"\(part)\"" : "…"
            }
        }
        return result
    }
}
