import HTTP

/// `POST /admin/reload` and `POST /admin/backup`: the operator's handles, for scripts (bearer token,
/// JSON answers) and for the console (session and CSRF token, answered with a redirect to the console).
enum AdminOperationsRoutes {
    static func register(on router: inout Router, _ services: Services) {
        let access = services.adminAccess
        router.post("/admin/reload") { request async throws -> Response in
            let principal = try await access.requireChange(request, form: FormBody(request))
            let report = await services.content.reloadInBackground(by: principal.actor)
            if answersWithRedirect(request, principal) {
                return Response.redirect(to: "/admin", status: .seeOther)
            }
            var headers = Headers()
            headers.add("Cache-Control", "no-store")
            return try Response.json(
                report, status: report.outcome == "loaded" ? .ok : .unprocessableContent, headers: headers)
        }
        router.post("/admin/backup") { request async throws -> Response in
            let principal = try await access.requireChange(request, form: FormBody(request))
            let backup: BackupService.Backup
            do {
                backup = try await services.backups.backupInBackground()
            } catch {
                services.logger.log(
                    .error, "backup failed", ["directory": services.backups.directory, "error": "\(error)"])
                throw APIError.make(
                    .internalServerError, code: "backup_failed", "the backup could not be written; see the server log")
            }
            services.logger.log(.info, "backup written", ["path": backup.path, "bytes": String(backup.bytes)])
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
