import Foundation

/// Everything `folio serve` needs to start, resolved from flags, then environment, then defaults.
public struct Configuration: Sendable, Equatable {
    public var host = "127.0.0.1"
    public var port = 8080
    public var databasePath = "./folio.sqlite"
    /// A PostgreSQL connection string (`postgres://…` or libpq `key=value`); when set, PostgreSQL replaces
    /// SQLite. Holds the password when the URL does: never log it (`ConnectionString` describes it safely).
    public var databaseURL: String?
    /// PostgreSQL connections this node keeps open (each with its own thread).
    public var databasePoolSize = 16
    /// PostgreSQL group-commit writers this node runs, each with a connection beside the pool's: attempts,
    /// reveals and section reads queued meanwhile share one transaction and one WAL flush. One by default:
    /// a batch costs two round trips, so one writer keeps up, and its batches are larger (bench/RESULTS.md).
    public var databaseWriters = 1
    public var contentDirectory = "./Content"
    public var publicDirectory = "./Public"
    public var migrationsDirectory = "./Migrations"
    /// When set, `/metrics` is served on this separate port without authentication (bind it to loopback or a private network).
    public var metricsPort: Int?
    public var logFormat = LogFormat.text
    /// The largest request body accepted, in bytes.
    public var maxBodyBytes = 1 << 20
    /// Most client connections open at once; more are answered 503 and closed.
    public var maxConnections = 4096
    /// Event-loop threads; `nil` means one per core.
    public var eventLoops: Int?
    /// The admin bearer token from `FOLIO_ADMIN_TOKEN`; when `nil`, one is generated and its hash stored.
    public var adminToken: String?
    /// Trust `X-Forwarded-Proto` and `X-Forwarded-For` from a reverse proxy: cookies marked `Secure`,
    /// per-client limits keyed on the forwarded client address.
    public var trustProxy = false
    /// The proxies whose `X-Forwarded-For` entries are believed (CIDR blocks); loopback by default.
    public var trustedProxies: [String] = ["127.0.0.0/8", "::1/128"]
    /// The origin clients reach Folio at (`https://folio.example`), for absolute links such as `join_url`;
    /// `nil` means the listening address.
    public var publicURL: String?
    /// Whether each request gets an access-log line (errors are always logged).
    public var accessLog = true
    /// Where `POST /admin/backup` writes; `nil` means the database file's directory.
    public var backupDirectory: String?
    /// When reference answers are shown and how retries are marked.
    public var scoring = ScoringPolicy()
    /// The learning record store every attempt's xAPI statement is pushed to (`--xapi-endpoint`), if any.
    var recordStore: RecordStoreEndpoint?
    /// How webhook and xAPI deliveries are tried and retried.
    var outbox = OutboxPolicy()

    /// Admin tokens shorter than this are refused at start-up: the token is the only secret between the
    /// network and every learner's data, and a throttle cannot make a short one safe.
    public static let minimumAdminTokenLength = 24

    public init() {}

    /// The backup directory in effect: the configured one, or the database file's directory.
    public var backupDirectoryResolved: String {
        backupDirectory ?? URL(fileURLWithPath: databasePath).deletingLastPathComponent().path
    }

    /// How log lines are written to standard error.
    public enum LogFormat: String, Sendable, CaseIterable {
        case text
        case json
    }
}
