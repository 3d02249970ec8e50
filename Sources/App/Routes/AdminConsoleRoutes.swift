import HTTP
import Views

/// The admin console's read pages: content and loads (`/admin`), learners, one learner, recent activity.
///
/// Server-rendered through the Views builder, so every learner-supplied string is escaped.
enum AdminConsoleRoutes {
    /// Rows per page of the learner and activity lists.
    static let pageSize = 50

    /// What the console screens use: admin access, the console's store, content, policy and backups.
    struct Context: Sendable {
        let adminAccess: AdminAccess
        let adminConsole: any AdminConsoleStoring
        let content: ContentHost
        let backups: BackupService
        let scoring: ScoringPolicy

        init(_ services: Services) {
            adminAccess = services.adminAccess
            adminConsole = services.adminConsole
            content = services.content
            backups = services.backups
            scoring = services.configuration.scoring
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        let access = context.adminAccess
        let store = context.adminConsole
        router.get("/admin") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            let snapshot = context.content.snapshot
            let screen = ContentScreen(
                snapshot: snapshot, served: try await store.contentVersion(id: snapshot.versionID),
                loads: try await store.contentVersions(limit: 10),
                activity: try await store.recentAttempts(before: nil, limit: 10),
                backupDirectory: context.backups.directory,
                backup: request.query("backup").flatMap(context.backups.existing(file:)),
                csrf: principal.csrfToken, scoring: context.scoring,
                driftFrom: context.content.isDrifting ? context.content.clusterContentHash : nil)
            return AdminLayout.page("Content", principal: principal, assetVersion: snapshot.contentHash) {
                screen.nodes()
            }
        }
        router.get("/admin/learners") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            let query = String((request.query("q") ?? "").prefix(200))
            let learners = try await store.learners(matching: query, limit: pageSize)
            return AdminLayout.page(
                "Learners", principal: principal, assetVersion: context.content.snapshot.contentHash
            ) {
                LearnerScreens.search(query: query, learners: learners, limit: pageSize)
            }
        }
        router.get("/admin/learners/:id") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            guard let id = Int64(request.parameters["id"] ?? ""),
                let (overview, records) = try await store.learner(id: id)
            else { throw HTTPError(.notFound, "no such learner") }
            let snapshot = context.content.snapshot
            let attempts = try await store.attempts(learnerID: id, before: before(request), limit: pageSize)
            return AdminLayout.page(
                AdminLayout.name(overview.learner.displayName), principal: principal,
                assetVersion: snapshot.contentHash
            ) {
                LearnerScreens.detail(
                    overview,
                    progress: LearnerProgress(
                        records: records, snapshot: snapshot, policy: context.scoring),
                    attempts: attempts,
                    older: attempts.count == pageSize ? attempts.last?.id : nil, snapshot: snapshot)
            }
        }
        router.get("/admin/activity") { request async throws -> Response in
            let principal = try await access.requireViewer(request)
            let snapshot = context.content.snapshot
            let rows = try await store.recentAttempts(before: before(request), limit: pageSize)
            return AdminLayout.page("Recent activity", principal: principal, assetVersion: snapshot.contentHash) {
                AttemptTable(
                    id: "activity", caption: "Attempts of every learner, newest first", rows: rows, snapshot: snapshot
                )
                .node()
                if rows.count == pageSize, let last = rows.last {
                    Node.p { Node.a(.href("/admin/activity?before=\(last.attempt.id)")) { "Older attempts" } }
                }
            }
        }
    }

    /// The `before` cursor of a paged list (an attempt id); `nil` for the first page or a malformed value.
    private static func before(_ request: Request) -> Int64? {
        request.query("before").flatMap { Int64($0) }
    }
}
