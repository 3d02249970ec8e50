import PostgreSQL

extension StoreError {
    /// The store error for a failure of the PostgreSQL engine; `nil` when `error` is not one.
    static func postgreSQL(_ error: any Error) -> StoreError? {
        guard let failure = error as? PostgreSQLError else { return nil }
        let kind: Kind
        if failure.isDiskFull {
            kind = .storageFull
        } else if failure.isContention {
            kind = .busy
        } else if failure.kind == .overloaded {
            kind = .overloaded
        } else if failure.isUnavailable || failure.kind == .closed {
            kind = .unavailable
        } else {
            kind = .failed
        }
        return StoreError(kind: kind, message: "PostgreSQL: \(failure)")
    }
}
