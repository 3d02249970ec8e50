import HTTP
import SQLite

/// The answers for a database that cannot take a write right now: its disk is full (`storage_full`) or
/// another process holds its lock past the busy timeout (`database_busy`). Both are 503 with
/// `Retry-After`, in the JSON error shape under `/api/` and as the error page elsewhere; anything else
/// stays a 500.
enum StorageFaults {
    /// Seconds a client should wait before retrying a write refused for lack of space.
    static let fullRetryAfter = 30
    /// Seconds before retrying a write refused because the database stayed locked.
    static let busyRetryAfter = 2
    /// Seconds before retrying a write refused because the database server could not be reached.
    static let unavailableRetryAfter = 5

    /// The router's `errorTranslator`.
    static func translate(_ error: any Error, _ request: Request?) -> HTTPError? {
        guard error is StoreError || error is SQLiteError || StoreError.postgreSQL(error) != nil else { return nil }
        switch StoreError(error).kind {
        case .storageFull:
            return unavailable(
                code: "storage_full", "the database's disk is full; nothing was saved, retry later",
                retryAfter: fullRetryAfter, request: request)
        case .busy:
            return unavailable(
                code: "database_busy", "the database is locked by another process; nothing was saved, retry shortly",
                retryAfter: busyRetryAfter, request: request)
        case .unavailable:
            return unavailable(
                code: "database_unavailable", "the database cannot be reached; nothing was saved, retry shortly",
                retryAfter: unavailableRetryAfter, request: request)
        case .overloaded, .failed:
            return nil
        }
    }

    private static func unavailable(code: String, _ message: String, retryAfter: Int, request: Request?) -> HTTPError {
        var headers = Headers()
        headers.add("Retry-After", String(retryAfter))
        guard let request, !ErrorResponses.wantsJSON(request) else {
            return APIError.make(.serviceUnavailable, code: code, message, headers: headers)
        }
        return HTTPError(.serviceUnavailable, message, headers: headers)
    }
}
