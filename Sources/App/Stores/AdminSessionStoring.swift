/// Admin browser sessions: started at sign-in, looked up per console request, ended at sign-out.
protocol AdminSessionStoring: Sendable {
    /// Starts a session at `now`; returns the random id for the cookie (shown once) and the stored session.
    func create(now: Int64) async throws(StoreError) -> (id: String, session: AdminSession)

    /// The live session for a cookie value at `now`; `nil` when unknown, malformed or expired.
    func session(id: String, now: Int64) async throws(StoreError) -> AdminSession?

    /// Ends a session (sign-out).
    func delete(_ session: AdminSession) async throws(StoreError)
}

extension AdminSessionStoring {
    /// Starts a session now.
    func create() async throws(StoreError) -> (id: String, session: AdminSession) {
        try await create(now: WallClock.nowMilliseconds())
    }

    /// The live session for a cookie value now.
    func session(id: String) async throws(StoreError) -> AdminSession? {
        try await session(id: id, now: WallClock.nowMilliseconds())
    }
}
