import Foundation
import HTTP
import SQLite

/// Folio assembled: database, content, routes and server, with start-up and graceful shutdown.
public final class Application: Sendable {
    public let configuration: Configuration
    public let services: Services
    public let server: Server
    private let metricsServer: Server?
    private let accessLog: AccessLog?

    private init(
        configuration: Configuration, services: Services, server: Server, metricsServer: Server?,
        accessLog: AccessLog?
    ) {
        self.configuration = configuration
        self.services = services
        self.server = server
        self.metricsServer = metricsServer
        self.accessLog = accessLog
    }

    /// The port the main server is bound to.
    public var port: Int { server.localPort }

    /// Opens and migrates the database, loads the content, binds the port and starts serving.
    ///
    /// - Parameter preloaded: the content of the configured directory when already loaded (see `prepare`).
    /// - Throws: `StartupError` naming what could not be prepared (the caller prints it and exits 1).
    public static func start(
        _ configuration: Configuration, preloaded: ContentSnapshot? = nil
    ) throws(StartupError) -> Application {
        let logger = Logger(format: configuration.logFormat)
        let services = try prepare(configuration, logger: logger, preloaded: preloaded)
        let stores = services.stores
        let metrics = services.metrics
        let accessLog = configuration.accessLog ? AccessLog(format: configuration.logFormat) : nil
        let observer = requestObserver(metrics: metrics, accessLog: accessLog)
        // The HTTP module's debug messages (every malformed client request) would flood the log.
        let serverLogger: LogHandler = { level, message in
            guard level > .debug else { return }
            logger.log(level >= .error ? .error : level == .warning ? .warning : .info, message)
        }
        var limits = ServerLimits()
        limits.maxBodyBytes = configuration.maxBodyBytes
        limits.maxConnections = configuration.maxConnections
        let serverConfiguration = ServerConfiguration(
            host: configuration.host, port: configuration.port, eventLoopCount: configuration.eventLoops,
            limits: limits)
        // The metrics listener starts first, so a failure to bind it leaves nothing else running.
        var metricsServer: Server?
        if let metricsPort = configuration.metricsPort {
            do {
                metricsServer = try Server.start(
                    configuration: ServerConfiguration(
                        host: configuration.host, port: metricsPort, eventLoopCount: 1, limits: limits),
                    router: Routes.makeMetricsOnly(services), logger: serverLogger)
            } catch {
                accessLog?.stop()
                stores.close()
                throw StartupError("cannot listen for metrics on port \(metricsPort): \(error)")
            }
        }
        let server: Server
        do {
            server = try Server.start(
                configuration: serverConfiguration, router: Routes.make(services), observer: observer,
                logger: serverLogger)
        } catch {
            // The metrics listener, if any, goes with the process: the executable exits on this error.
            accessLog?.stop()
            stores.close()
            throw StartupError("cannot listen on \(configuration.host):\(configuration.port): \(error)")
        }
        metrics.sampleOpenConnections { server.openConnections }
        services.publicOrigin.listen(host: configuration.host, port: server.localPort)
        services.content.followCluster()
        services.content.prepareInBackground()
        services.outboxWorker.start()
        return Application(
            configuration: configuration, services: services, server: server, metricsServer: metricsServer,
            accessLog: accessLog)
    }

    /// Opens and migrates the database and builds the services over it: all of Folio but the listeners.
    ///
    /// `start` serves `Routes.make` of them on sockets; the tests' in-process harness dispatches requests to
    /// the same router directly. `preloaded` is the content of the configured directory when already loaded.
    static func prepare(
        _ configuration: Configuration, logger: Logger, preloaded: ContentSnapshot? = nil
    ) throws(StartupError) -> Services {
        let (stores, _) = try StoreSet.open(configuration)
        stores.sqliteDatabase?.storage.observe { full in
            if full {
                logger.log(.error, "database disk full: writes answer 503 storage_full until space returns")
            } else {
                logger.log(.info, "database disk has space again: writes resumed")
            }
        }
        do {
            return try Services.make(
                configuration: configuration, stores: stores, logger: logger, preloaded: preloaded)
        } catch {
            stores.close()
            throw error
        }
    }

    /// What happens after every response: the request metrics and, when on, the access log line.
    static func requestObserver(metrics: Metrics, accessLog: AccessLog?) -> ResponseObserver {
        { record in
            let route = record.route ?? "unmatched"
            let seconds =
                Double(record.duration.components.attoseconds) / 1e18
                + Double(record.duration.components.seconds)
            metrics.recordRequest(
                method: record.method?.rawValue ?? "-", route: route, status: record.status.code, seconds: seconds)
            accessLog?.record(
                AccessLogLine.Entry(
                    method: record.method, path: record.path, route: record.route, status: record.status.code,
                    bytes: record.bytes, duration: record.duration))
        }
    }

    /// Stops accepting, finishes in-flight requests (at most `gracePeriod`), writes the buffered access log,
    /// then commits queued writes and closes the database.
    public func shutdown(gracePeriod: Duration = .seconds(10)) async {
        await server.shutdown(gracePeriod: gracePeriod)
        await metricsServer?.shutdown(gracePeriod: .seconds(1))
        await services.outboxWorker.stop()
        accessLog?.stop()
        services.content.stopFollowingCluster()
        services.stores.close()
    }

    /// `folio migrate`: applies pending migrations (SQLite or PostgreSQL) and returns the names of those applied.
    public static func migrate(_ configuration: Configuration) throws(StartupError) -> [String] {
        let (stores, applied) = try StoreSet.open(configuration)
        stores.close()
        return applied
    }

    /// `folio backup PATH`: a consistent copy through SQLite's online backup API, safe while a server writes.
    public static func backup(_ configuration: Configuration, to destination: String) throws(StartupError) {
        let database = try StoreSet.openSQLite(configuration)
        defer { database.close() }
        do {
            try database.backup(to: destination)
        } catch {
            throw StartupError("backup to \(destination): \(error)")
        }
    }
}

/// Why Folio could not start or a command could not run; printed as `folio: <message>`.
public struct StartupError: Error, Sendable, CustomStringConvertible {
    public let description: String

    public init(_ description: String) {
        self.description = description
    }
}
