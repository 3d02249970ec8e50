import Foundation
import HTTP
import SQLite

/// The long-lived parts every route uses: configuration, database stores, content, metrics, limits.
///
/// A `Sendable` value built once at start-up and captured by the route closures.
public struct Services: Sendable {
    let configuration: Configuration
    public let logger: Logger
    /// The stores over the configured engine (SQLite or PostgreSQL).
    let stores: StoreSet
    let metrics: Metrics
    public let content: ContentHost
    let learners: any LearnerStoring
    let attempts: any AttemptStoring
    let contentVersions: any ContentVersionStoring
    let cohorts: any CohortStoring
    let tokens: any TokenStoring
    let scores: any ScoreStoring
    /// Per-question facts and wrong answers for item analysis.
    let items: any ItemStoring
    let identity: LearnerIdentity
    public let admin: AdminCredentials
    /// The files of `Public/`, served under `/static/`.
    let staticFiles: StaticFiles
    /// Graded attempts per learner: a burst of 30, then 10 per second, per node (in memory).
    let attemptLimiter: RateLimiter
    /// Resume-code redemptions per client address: they are guessable secrets, so few tries, counted
    /// across every node (in the database).
    let resumeLimiter: SharedRateLimiter
    /// Admin authentication: the bearer token, console sessions with CSRF tokens, the sign-in throttle.
    let adminAccess: AdminAccess
    /// The console's own queries: activity across learners, learner overviews, content loads.
    let adminConsole: any AdminConsoleStoring
    /// Online database backups into the configured backup directory.
    let backups: BackupService
    /// The client address per-client limits are keyed on.
    let clients: ClientAddresses
    /// Where absolute links point: `--public-url`, else the listening address.
    let publicOrigin: PublicOrigin
    /// Refuses learner forms and API writes started by another site.
    let crossSite: CrossSiteGuard
    /// Who a request speaks for: the admin, an API token or a learner.
    let authenticator: Authenticator
    /// Attempts across learners, for the xAPI statements listing.
    let statements: any StatementStoring
    /// Registered webhooks and their deliveries.
    let webhooks: any WebhookStoring
    /// Delivers the outbox (webhooks, xAPI pushes) in the background; started once the server listens.
    let outboxWorker: OutboxWorker

    /// The SQLite database, `nil` on PostgreSQL.
    var database: Database? { stores.sqliteDatabase }

    /// Builds every service over open, migrated stores; `preloaded` is the content of
    /// `configuration.contentDirectory` when it was loaded already (see `ContentHost`).
    static func make(
        configuration: Configuration, stores: StoreSet, logger: Logger, preloaded: ContentSnapshot? = nil
    ) throws(StartupError) -> Services {
        let metrics = Metrics()
        let versions = stores.contentVersions
        let content = try ContentHost(
            directory: configuration.contentDirectory, versions: versions, announcements: stores.announcements,
            metrics: metrics, logger: logger, preloaded: preloaded)
        let learners = stores.learners
        let admin: AdminCredentials
        do {
            admin = try AdminCredentials.resolve(
                configured: configuration.adminToken, settings: stores.adminSettings)
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
        let tokens = stores.tokens
        let throttles = stores.throttles
        let overdue = OverdueCheck(
            cohorts: stores.cohorts, outbox: stores.outbox, content: content, policy: configuration.scoring)
        let adminAccess = AdminAccess(
            credentials: admin, sessions: stores.adminSessions, throttles: throttles, clients: clients,
            identity: LearnerIdentity(store: learners, trustProxy: configuration.trustProxy))
        return Services(
            configuration: configuration, logger: logger, stores: stores, metrics: metrics, content: content,
            learners: learners, attempts: stores.attempts, contentVersions: versions, cohorts: stores.cohorts,
            tokens: tokens, scores: stores.scores, items: stores.items,
            identity: LearnerIdentity(store: learners, trustProxy: configuration.trustProxy), admin: admin,
            staticFiles: staticFiles,
            attemptLimiter: RateLimiter(policy: .init(burst: 30, perSecond: 10)),
            resumeLimiter: SharedRateLimiter(
                store: throttles, rule: ThrottleRule(scope: "resume", capacity: 5, refillSeconds: 60)),
            adminAccess: adminAccess,
            adminConsole: stores.adminConsole,
            backups: BackupService(database: stores.sqliteDatabase, directory: configuration.backupDirectoryResolved),
            clients: clients, publicOrigin: publicOrigin, crossSite: CrossSiteGuard(publicOrigin: publicOrigin),
            authenticator: Authenticator(admin: admin, access: adminAccess, learners: learners, tokens: tokens),
            statements: stores.statements, webhooks: stores.webhooks,
            outboxWorker: OutboxWorker(
                outbox: stores.outbox, policy: configuration.outbox, recordStore: configuration.recordStore,
                logger: logger,
                overdueCheck: { try await overdue.run() }))
    }
}
