/// The learning record store statements are pushed to (`--xapi-endpoint`, with Basic credentials).
struct RecordStoreEndpoint: Sendable, Equatable, CustomStringConvertible {
    /// The LRS endpoint without a trailing slash; statements go to `<endpoint>/statements`.
    var endpoint: String
    var username: String?
    var password: String?

    init(endpoint: String, username: String?, password: String?) {
        var endpoint = endpoint
        while endpoint.hasSuffix("/") { endpoint.removeLast() }
        self.endpoint = endpoint
        self.username = username
        self.password = password
    }

    var statementsURL: String { endpoint + "/statements" }

    /// Never shows the password.
    var description: String { "LRS at \(endpoint)" }
}
