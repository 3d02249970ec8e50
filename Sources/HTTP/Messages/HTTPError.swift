#if canImport(Glibc)
    import Glibc
#endif

/// The HTTP module's one error type: a status and message for the client, or a failed system call.
///
/// Handlers throw it to answer with that status; the router formats it with the application's error
/// formatter (plain text by default) unless `response` is set, in which case that response is sent as is.
/// Server set-up failures carry the system call's name and `errno`.
public struct HTTPError: Error, Sendable, CustomStringConvertible {
    /// The status sent to the client.
    public var status: Status
    /// A short, client-safe explanation.
    public var message: String
    /// Extra headers for the error response (e.g. `Allow` for 405).
    public var headers: Headers
    /// A complete response to send instead of a formatted one: an error that knows its response.
    public var response: Response?
    /// The system call that failed, for errors raised by the socket layer.
    public var systemCall: String?
    /// The `errno` of the failed system call.
    public var errorNumber: Int32?

    /// Creates an error answered with `status` and `message`.
    public init(_ status: Status, _ message: String = "", headers: Headers = Headers()) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// Creates an error answered with exactly `response`.
    public init(response: Response) {
        self.init(response.status, "")
        self.response = response
    }

    /// A failed system call; its status is 500 should it ever reach a client.
    static func system(_ call: String, errorNumber: Int32) -> HTTPError {
        var error = HTTPError(.internalServerError, "\(call) failed: \(String(cString: strerror(errorNumber)))")
        error.systemCall = call
        error.errorNumber = errorNumber
        return error
    }

    public var description: String {
        if let systemCall, let errorNumber {
            return "\(systemCall) failed: \(String(cString: strerror(errorNumber))) (errno \(errorNumber))"
        }
        return message.isEmpty ? status.description : "\(status): \(message)"
    }
}
