import HTTP

/// `POST /admin/reload` and `POST /admin/backup`: the operator's handles, for scripts (bearer token,
/// JSON answers) and for the console (session and CSRF token, answered with a redirect to the console).
enum AdminOperationsRoutes {
    /// What the admin operations use: admin access, content reloads, backups and the log.
    struct Context: Sendable {
        let adminAccess: AdminAccess
        let content: ContentHost
        let backups: BackupService
        let logger: Logger

        init(_ services: Services) {
            adminAccess = services.adminAccess
            content = services.content
            backups = services.backups
            logger = services.logger
        }
    }

    static func register(on router: inout Router, _ context: Context) {
        let access = context.adminAccess
        router.post("/admin/reload") { request async throws -> Response in
            let principal = try await access.requireChange(request, form: FormBody(request))
            let report = await context.content.reloadInBackground(by: principal.actor)
            if answersWithRedirect(request, principal) {
                return Response.redirect(to: "/admin", status: .seeOther)
            }
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            return try Response.json(
                report, status: report.outcome == .loaded ? .ok : .unprocessableContent, headers: headers)
        }
        router.post("/admin/backup") { request async throws -> Response in
            let principal = try await access.requireChange(request, form: FormBody(request))
            guard context.backups.database != nil else {
                throw APIError.make(.conflict, code: "backup_unsupported", BackupService.postgreSQLAdvice)
            }
            let backup: BackupService.Backup
            do {
                backup = try await context.backups.backupInBackground()
            } catch {
                context.logger.log(
                    .error, "backup failed", ["directory": context.backups.directory, "error": "\(error)"])
                throw APIError.make(
                    .internalServerError, code: "backup_failed", "the backup could not be written; see the server log")
            }
            context.logger.log(.info, "backup written", ["path": backup.path, "bytes": String(backup.bytes)])
            if answersWithRedirect(request, principal) {
                return Response.redirect(to: "/admin?backup=" + backup.file + "#backup-heading", status: .seeOther)
            }
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            return try Response.json(backup, headers: headers)
        }
    }

    /// Console forms get the console back; scripts (bearer, or asking for JSON) get the JSON report.
    private static func answersWithRedirect(_ request: Request, _ principal: AdminPrincipal) -> Bool {
        guard case .session = principal else { return false }
        return request.headers["Accept"]?.contains("application/json") != true
    }
}
