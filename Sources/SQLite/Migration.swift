/// One migration file: `NNNN_description.sql`, applied once in its own transaction.
public struct Migration: Sendable, Hashable {
    /// The number before the first underscore; migrations apply in increasing order.
    public let version: Int
    /// The file name, such as `0001_create_learners.sql`.
    public let name: String
    /// SHA-256 of the file's bytes as lowercase hex; a landed migration must never change.
    public let checksum: String
    /// The file's SQL.
    let sql: String

    /// Reads `name` as `NNNN_description.sql`: at least four digits, an underscore, then letters,
    /// digits and underscores.
    ///
    /// - Returns: the version, or `nil` when the name does not follow the pattern.
    static func version(fromFileName name: String) -> Int? {
        guard name.hasSuffix(".sql"), let underscore = name.firstIndex(of: "_") else { return nil }
        let digits = name[..<underscore]
        let description = name[name.index(after: underscore)..<name.index(name.endIndex, offsetBy: -4)]
        guard digits.count >= 4, digits.allSatisfy({ $0.isASCII && $0.isNumber }), !description.isEmpty,
            description.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
        else { return nil }
        return Int(digits)
    }
}

/// What `Migrator.migrate` found and did.
public struct MigrationReport: Sendable, Equatable {
    /// Migrations applied by this run, in order.
    public var applied: [Migration] = []
    /// Migrations that were already recorded in `schema_migrations` with the same checksum.
    public var alreadyApplied: [Migration] = []
}
