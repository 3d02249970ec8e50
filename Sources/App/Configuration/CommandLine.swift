import Foundation
import PostgreSQL

/// A subcommand of the `folio` executable with its parsed options.
public enum Command: Sendable, Equatable {
    case serve(Configuration)
    case migrate(Configuration)
    case checkContent(directory: String)
    case backup(Configuration, destination: String)
    case healthcheck(url: String)
    case gradeEval(GradeEvalOptions)
    case help
}

/// A command line that cannot be run; the executable prints `message` and the usage text, then exits 2.
public struct UsageError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public var description: String { message }
}

/// Parses `folio` arguments; flags win over environment variables, which win over defaults.
public struct CommandLineParser: Sendable {
    private let environment: [String: String]

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    public static let usage = """
        Usage: folio <command> [options]

        Commands:
          serve                 Run the HTTP server (migrates the database first).
          migrate               Apply pending migrations and exit.
          check-content [DIR]   Parse and validate the course documents (default ./Content); exit 1 on errors.
          backup PATH           Copy the database to PATH with SQLite's online backup API
                                (PostgreSQL: use pg_dump; see the README).
          healthcheck [URL]     Exit 0 when GET URL (default http://127.0.0.1:8080/healthz) answers 200.
          grade-eval FILE.jsonl [FILE…] [--content DIR] [--show-misses] [--min-accuracy X]
                                Grade labelled answers ({"language","question","answer","expect"} per line)
                                with the real grader; print accuracy overall and per language, the confusion
                                matrix and the false-correct rate. Exit 2 on a malformed line; exit 1 only
                                when --min-accuracy (a fraction such as 0.96, or 96%) is not met.
          help, --help          Show this text.

        Options (serve, migrate, backup)          Environment          Default
          --host HOST                             FOLIO_HOST           127.0.0.1
          --port PORT   (0 picks a free port)     FOLIO_PORT           8080
          --db PATH                               FOLIO_DB             ./folio.sqlite
          --database-url URL  (PostgreSQL instead FOLIO_DATABASE_URL   (none: SQLite at --db)
                    of SQLite: postgres://… or libpq key=value, e.g. host=/run/postgresql dbname=folio)
          --database-pool N  (PostgreSQL)         FOLIO_DATABASE_POOL  16 connections
          --database-writers N  (PostgreSQL)      FOLIO_DATABASE_WRITERS  1 group-commit connection(s)
          --content DIR                           FOLIO_CONTENT        ./Content
          --public DIR                            FOLIO_PUBLIC         ./Public
          --migrations DIR                        FOLIO_MIGRATIONS     ./Migrations
          --metrics-port PORT                     FOLIO_METRICS_PORT   (none: /metrics needs the admin token)
          --log-format text|json                  FOLIO_LOG_FORMAT     text
          --max-body BYTES                        FOLIO_MAX_BODY       1048576
          --max-connections N  (beyond: 503)      FOLIO_MAX_CONNECTIONS 4096
          --event-loops N                         FOLIO_EVENT_LOOPS    number of cores
          --trust-proxy                           FOLIO_TRUST_PROXY    off (honour X-Forwarded-Proto/-For)
          --trusted-proxies CIDR,…                FOLIO_TRUSTED_PROXIES 127.0.0.0/8,::1/128
          --public-url URL  (absolute links)      FOLIO_PUBLIC_URL     the listening address
          --access-log on|off                     FOLIO_ACCESS_LOG     on (one line per request on stderr)
          --backup-dir DIR  (POST /admin/backup)  FOLIO_BACKUP_DIR     the database file's directory
          --reveal after-tries|immediately|never  FOLIO_REVEAL         after-tries (reference after a correct
                                                                       answer, N tries or a reveal)
          --tries-before-reveal N                 FOLIO_TRIES_BEFORE_REVEAL 3
          --retry-penalty P  (0…1 per wrong try)  FOLIO_RETRY_PENALTY  0.333
          --xapi-endpoint URL (push statements)   FOLIO_XAPI_ENDPOINT  (none: statements are only listed)
          --xapi-username USER                    FOLIO_XAPI_USERNAME  (Basic auth for the LRS)
          --xapi-password PASSWORD                FOLIO_XAPI_PASSWORD
                                                  FOLIO_ADMIN_TOKEN    generated on first start, printed once
                                                                       (at least 24 characters when set)
        """

    /// Parses the arguments after the executable name.
    /// - Throws: `UsageError` for an unknown command or flag, a missing value or a bad value.
    public func parse(_ arguments: [String]) throws(UsageError) -> Command {
        guard let name = arguments.first else { return .help }
        var rest = Array(arguments.dropFirst())
        switch name {
        case "help", "--help", "-h":
            return .help
        case "serve":
            return .serve(try configuration(from: &rest))
        case "migrate":
            return .migrate(try configuration(from: &rest))
        case "backup":
            let configuration = try configuration(from: &rest)
            guard rest.count == 1, let destination = rest.first else {
                throw UsageError(message: "backup needs exactly one destination PATH")
            }
            guard configuration.databaseURL == nil else {
                throw UsageError(message: BackupService.postgreSQLAdvice)
            }
            return .backup(configuration, destination: destination)
        case "check-content":
            if rest.contains(where: { $0.hasPrefix("-") }) {
                throw UsageError(message: "check-content takes only an optional directory")
            }
            guard rest.count <= 1 else { throw UsageError(message: "check-content takes at most one directory") }
            return .checkContent(directory: rest.first ?? environment["FOLIO_CONTENT"] ?? "./Content")
        case "healthcheck":
            guard rest.count <= 1 else { throw UsageError(message: "healthcheck takes at most one URL") }
            let port = environment["FOLIO_PORT"] ?? "8080"
            return .healthcheck(url: rest.first ?? "http://127.0.0.1:\(port)/healthz")
        case "grade-eval":
            return .gradeEval(try gradeEvalOptions(from: rest))
        default:
            throw UsageError(message: "unknown command '\(name)'")
        }
    }

    /// `grade-eval`'s files and flags; `--content` wins over FOLIO_CONTENT.
    private func gradeEvalOptions(from arguments: [String]) throws(UsageError) -> GradeEvalOptions {
        let fromEnvironment = environment["FOLIO_CONTENT"].flatMap { $0.isEmpty ? nil : $0 }
        var options = GradeEvalOptions(files: [], contentDirectory: fromEnvironment ?? "./Content")
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                options.files.append(argument)
                continue
            }
            let (flag, inlineValue) = Self.split(argument)
            if flag == "--show-misses" {
                guard inlineValue == nil else { throw UsageError(message: "--show-misses takes no value") }
                options.showMisses = true
                continue
            }
            guard flag == "--content" || flag == "--min-accuracy" else {
                throw UsageError(message: "unknown option '\(flag)' for grade-eval")
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
                value = arguments[index]
                index += 1
            }
            if flag == "--content" {
                guard !value.isEmpty else { throw UsageError(message: "--content needs a path") }
                options.contentDirectory = value
            } else {
                options.minimumAccuracy = try Self.fraction(value, source: flag)
            }
        }
        guard !options.files.isEmpty else { throw UsageError(message: "grade-eval needs at least one FILE.jsonl") }
        return options
    }

    /// A fraction in 0…1, written as `0.96` or `96%`.
    private static func fraction(_ value: String, source: String) throws(UsageError) -> Double {
        let isPercent = value.hasSuffix("%")
        guard let number = Double(isPercent ? String(value.dropLast()) : value), number.isFinite else {
            throw UsageError(message: "\(source): '\(value)' is not a number such as 0.96 or 96%")
        }
        let fraction = isPercent ? number / 100 : number
        guard (0...1).contains(fraction) else {
            throw UsageError(message: "\(source): '\(value)' is not between 0 and 1 (or 0% and 100%)")
        }
        return fraction
    }

    /// Reads options from the environment, then consumes flags from `arguments`, leaving positional ones.
    private func configuration(from arguments: inout [String]) throws(UsageError) -> Configuration {
        var configuration = Configuration()
        for option in Option.allCases {
            if let value = environment[option.environmentName], !value.isEmpty {
                try option.apply(value, to: &configuration, source: option.environmentName)
            }
        }
        if let token = environment["FOLIO_ADMIN_TOKEN"], !token.isEmpty {
            guard token.count >= Configuration.minimumAdminTokenLength else {
                throw UsageError(
                    message: "FOLIO_ADMIN_TOKEN is \(token.count) characters; it must be at least "
                        + "\(Configuration.minimumAdminTokenLength) (for example: openssl rand -hex 24), "
                        + "or unset to have one generated")
            }
            configuration.adminToken = token
        }
        var positional: [String] = []
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard argument.hasPrefix("--") else {
                positional.append(argument)
                continue
            }
            let (flag, inlineValue) = Self.split(argument)
            guard let option = Option(rawValue: flag) else { throw UsageError(message: "unknown option '\(flag)'") }
            if option.isSwitch {
                guard inlineValue == nil else { throw UsageError(message: "\(flag) takes no value") }
                try option.apply("1", to: &configuration, source: flag)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else {
                guard index < arguments.count else { throw UsageError(message: "\(flag) needs a value") }
                value = arguments[index]
                index += 1
            }
            try option.apply(value, to: &configuration, source: flag)
        }
        arguments = positional
        if let store = configuration.recordStore, store.endpoint.isEmpty {
            throw UsageError(message: "--xapi-username and --xapi-password need --xapi-endpoint")
        }
        return configuration
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }
}

/// The options shared by `serve`, `migrate` and `backup`, with their environment variables.
private enum Option: String, CaseIterable {
    case host = "--host"
    case port = "--port"
    case database = "--db"
    case databaseURL = "--database-url"
    case databasePool = "--database-pool"
    case databaseWriters = "--database-writers"
    case content = "--content"
    case publicFiles = "--public"
    case migrations = "--migrations"
    case metricsPort = "--metrics-port"
    case logFormat = "--log-format"
    case maxBody = "--max-body"
    case maxConnections = "--max-connections"
    case eventLoops = "--event-loops"
    case trustProxy = "--trust-proxy"
    case accessLog = "--access-log"
    case backupDirectory = "--backup-dir"
    case reveal = "--reveal"
    case triesBeforeReveal = "--tries-before-reveal"
    case retryPenalty = "--retry-penalty"
    case trustedProxies = "--trusted-proxies"
    case publicURL = "--public-url"
    case xapiEndpoint = "--xapi-endpoint"
    case xapiUsername = "--xapi-username"
    case xapiPassword = "--xapi-password"

    var environmentName: String {
        switch self {
        case .host: "FOLIO_HOST"
        case .port: "FOLIO_PORT"
        case .database: "FOLIO_DB"
        case .databaseURL: "FOLIO_DATABASE_URL"
        case .databasePool: "FOLIO_DATABASE_POOL"
        case .databaseWriters: "FOLIO_DATABASE_WRITERS"
        case .content: "FOLIO_CONTENT"
        case .publicFiles: "FOLIO_PUBLIC"
        case .migrations: "FOLIO_MIGRATIONS"
        case .metricsPort: "FOLIO_METRICS_PORT"
        case .logFormat: "FOLIO_LOG_FORMAT"
        case .maxBody: "FOLIO_MAX_BODY"
        case .maxConnections: "FOLIO_MAX_CONNECTIONS"
        case .eventLoops: "FOLIO_EVENT_LOOPS"
        case .trustProxy: "FOLIO_TRUST_PROXY"
        case .accessLog: "FOLIO_ACCESS_LOG"
        case .backupDirectory: "FOLIO_BACKUP_DIR"
        case .reveal: "FOLIO_REVEAL"
        case .triesBeforeReveal: "FOLIO_TRIES_BEFORE_REVEAL"
        case .retryPenalty: "FOLIO_RETRY_PENALTY"
        case .trustedProxies: "FOLIO_TRUSTED_PROXIES"
        case .publicURL: "FOLIO_PUBLIC_URL"
        case .xapiEndpoint: "FOLIO_XAPI_ENDPOINT"
        case .xapiUsername: "FOLIO_XAPI_USERNAME"
        case .xapiPassword: "FOLIO_XAPI_PASSWORD"
        }
    }

    var isSwitch: Bool { self == .trustProxy }

    func apply(_ value: String, to configuration: inout Configuration, source: String) throws(UsageError) {
        switch self {
        case .host:
            guard !value.isEmpty, !value.contains(where: { $0.isWhitespace || $0 == "/" }) else {
                throw UsageError(message: "\(source): '\(value)' is not a host name or address")
            }
            configuration.host = value
        case .port:
            configuration.port = try Self.integer(value, in: 0...65_535, source: source)
        case .database:
            configuration.databasePath = try Self.path(value, source: source)
        case .databaseURL:
            // The message names the source, never the value: the URL may hold a password.
            do {
                _ = try ConnectionString(value)
            } catch {
                throw UsageError(message: "\(source) is not a valid PostgreSQL connection string: \(error.message)")
            }
            configuration.databaseURL = value
        case .databasePool:
            configuration.databasePoolSize = try Self.integer(value, in: 1...1_000, source: source)
        case .databaseWriters:
            configuration.databaseWriters = try Self.integer(value, in: 1...16, source: source)
        case .content:
            configuration.contentDirectory = try Self.path(value, source: source)
        case .publicFiles:
            configuration.publicDirectory = try Self.path(value, source: source)
        case .migrations:
            configuration.migrationsDirectory = try Self.path(value, source: source)
        case .backupDirectory:
            configuration.backupDirectory = try Self.path(value, source: source)
        case .metricsPort:
            configuration.metricsPort = try Self.integer(value, in: 0...65_535, source: source)
        case .logFormat:
            guard let format = Configuration.LogFormat(rawValue: value) else {
                throw UsageError(message: "\(source): '\(value)' is not one of text, json")
            }
            configuration.logFormat = format
        case .maxBody:
            configuration.maxBodyBytes = try Self.integer(value, in: 1...(256 << 20), source: source)
        case .maxConnections:
            configuration.maxConnections = try Self.integer(value, in: 1...1_000_000, source: source)
        case .eventLoops:
            configuration.eventLoops = try Self.integer(value, in: 1...64, source: source)
        case .accessLog:
            switch value.lowercased() {
            case "on", "1", "true", "yes": configuration.accessLog = true
            case "off", "0", "false", "no": configuration.accessLog = false
            default: throw UsageError(message: "\(source): '\(value)' is not on or off")
            }
        case .reveal:
            guard let reveal = ScoringPolicy.Reveal(rawValue: value) else {
                throw UsageError(message: "\(source): '\(value)' is not one of after-tries, immediately, never")
            }
            configuration.scoring.reveal = reveal
        case .triesBeforeReveal:
            configuration.scoring.triesBeforeReveal = try Self.integer(value, in: 0...1_000, source: source)
        case .retryPenalty:
            guard let penalty = Double(value), penalty.isFinite, (0...1).contains(penalty) else {
                throw UsageError(message: "\(source): '\(value)' is not a number from 0 to 1")
            }
            configuration.scoring.retryPenalty = penalty
        case .trustedProxies:
            let blocks = value.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            guard !blocks.isEmpty, blocks.allSatisfy({ AddressBlock($0) != nil }) else {
                throw UsageError(message: "\(source): '\(value)' is not a comma-separated list of CIDR blocks")
            }
            configuration.trustedProxies = blocks
        case .publicURL:
            guard let origin = PublicOrigin.normalised(value) else {
                throw UsageError(message: "\(source): '\(value)' is not an http:// or https:// URL without a path")
            }
            configuration.publicURL = origin
        case .xapiEndpoint:
            guard let url = URLComponents(string: value), let scheme = url.scheme?.lowercased(),
                scheme == "http" || scheme == "https", url.host?.isEmpty == false
            else {
                throw UsageError(message: "\(source): '\(value)' is not an http:// or https:// URL")
            }
            var store = configuration.recordStore ?? RecordStoreEndpoint(endpoint: value, username: nil, password: nil)
            store = RecordStoreEndpoint(endpoint: value, username: store.username, password: store.password)
            configuration.recordStore = store
        case .xapiUsername, .xapiPassword:
            // Kept aside until the endpoint is known (flags and variables may come in any order).
            var store = configuration.recordStore ?? RecordStoreEndpoint(endpoint: "", username: nil, password: nil)
            if self == .xapiUsername { store.username = value } else { store.password = value }
            configuration.recordStore = store
        case .trustProxy:
            switch value.lowercased() {
            case "1", "true", "yes", "on": configuration.trustProxy = true
            case "0", "false", "no", "off": configuration.trustProxy = false
            default: throw UsageError(message: "\(source): '\(value)' is not a boolean")
            }
        }
    }

    private static func integer(_ value: String, in range: ClosedRange<Int>, source: String) throws(UsageError) -> Int {
        guard let number = Int(value), range.contains(number) else {
            throw UsageError(
                message: "\(source): '\(value)' is not a number in \(range.lowerBound)…\(range.upperBound)")
        }
        return number
    }

    private static func path(_ value: String, source: String) throws(UsageError) -> String {
        guard !value.isEmpty, !value.contains("\0") else { throw UsageError(message: "\(source) needs a path") }
        return value
    }
}
