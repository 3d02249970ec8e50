import Foundation
import HTTP
import SQLite

/// The long-lived parts every route uses: configuration, database stores, content, metrics, limits.
///
/// A `Sendable` value built once at start-up and captured by the route closures.
public struct Services: Sendable {
    public let configuration: Configuration
    public let logger: Logger
    public let database: Database
    public let metrics: Metrics
    public let content: ContentHost
    public let learners: LearnerStore
    public let attempts: AttemptStore
    public let contentVersions: ContentVersionStore
    public let cohorts: CohortStore
    public let tokens: TokenStore
    public let scores: ScoreStore
    public let identity: LearnerIdentity
    public let admin: AdminCredentials
    /// The files of `Public/`, served under `/static/`.
    public let staticFiles: StaticFiles
    /// Graded attempts per learner: a burst of 30, then 10 per second.
    public let attemptLimiter: RateLimiter
    /// Resume-code redemptions per client address: they are guessable secrets, so few tries.
    public let resumeLimiter: RateLimiter
    /// Admin authentication: the bearer token, console sessions with CSRF tokens, the sign-in throttle.
    public let adminAccess: AdminAccess
    /// The console's own queries: activity across learners, learner overviews, content loads.
    public let adminConsole: AdminConsoleStore
    /// Online database backups into the configured backup directory.
    public let backups: BackupService
    /// The client address per-client limits are keyed on.
    public let clients: ClientAddresses
    /// Where absolute links point: `--public-url`, else the listening address.
    public let publicOrigin: PublicOrigin
    /// Refuses learner forms and API writes started by another site.
    public let crossSite: CrossSiteGuard

    static func make(configuration: Configuration, database: Database, logger: Logger) throws(StartupError)
        -> Services
    {
        let metrics = Metrics()
        let versions = ContentVersionStore(database: database)
        let content = try ContentHost(
            directory: configuration.contentDirectory, versions: versions, metrics: metrics, logger: logger)
        let learners = LearnerStore(database: database)
        let admin: AdminCredentials
        do {
            admin = try AdminCredentials.resolve(configured: configuration.adminToken, database: database)
        } catch {
            throw StartupError("cannot set up the admin token: \(error)")
        }
        let staticFiles: StaticFiles
        do {
            staticFiles = try StaticFiles(root: configuration.publicDirectory)
        } catch {
            throw StartupError("static files: \(error.message)")
        }
        let clients = ClientAddresses(
            trustProxy: configuration.trustProxy,
            trustedProxies: configuration.trustedProxies.compactMap(AddressBlock.init))
        let publicOrigin = PublicOrigin(configured: configuration.publicURL)
        return Services(
            configuration: configuration, logger: logger, database: database, metrics: metrics, content: content,
            learners: learners, attempts: AttemptStore(database: database), contentVersions: versions,
            cohorts: CohortStore(database: database), tokens: TokenStore(database: database),
            scores: ScoreStore(database: database),
            identity: LearnerIdentity(store: learners, trustProxy: configuration.trustProxy), admin: admin,
            staticFiles: staticFiles,
            attemptLimiter: RateLimiter(policy: .init(burst: 30, perSecond: 10)),
            resumeLimiter: RateLimiter(policy: .init(burst: 5, perSecond: 1.0 / 60)),
            adminAccess: AdminAccess(
                credentials: admin, sessions: AdminSessionStore(database: database), clients: clients,
                identity: LearnerIdentity(store: learners, trustProxy: configuration.trustProxy)),
            adminConsole: AdminConsoleStore(database: database),
            backups: BackupService(database: database, directory: configuration.backupDirectoryResolved),
            clients: clients, publicOrigin: publicOrigin, crossSite: CrossSiteGuard(publicOrigin: publicOrigin))
    }
}
