import CPostgreSQL

/// Pipelining: statements queued to travel with the next one, so several share one round trip (libpq's
/// pipeline mode).
extension Connection {
    /// Queues statements without parameters (`SAVEPOINT …`) to reach the server with the next statement, in the
    /// same round trip (libpq's pipeline mode). Their failure is reported as that statement's failure, and
    /// that statement then does not run.
    public func sendAhead(_ statements: [String]) {
        ahead += statements.map { AheadStatement(sql: $0, name: nil, texts: []) }
        isUntouched = false
    }

    /// Queues a write with bound parameters to reach the server with the next statement, in the same round
    /// trip, when the caller needs nothing back from it (prepared now if it is new on this connection).
    ///
    /// Its failure is reported as the next statement's failure. Since it may be an earlier caller's work that
    /// nobody can undo alone any more (a group commit's previous job), an open transaction is then rolled back
    /// whole, so no one is told their write committed when it did not.
    public func sendAhead(_ sql: String, _ arguments: [any PostgreSQLBindable]) throws(PostgreSQLError) {
        let name = try preparedName(try usableHandle(), sql, arguments)
        ahead.append(AheadStatement(sql: sql, name: name, texts: arguments.map(\.postgreSQLText)))
    }

    /// Queues a statement with bound parameters whose rows the caller reads after the next round trip
    /// (`flush()`, or any statement that waits): several callers' statements then share one pipeline, as a
    /// group commit's jobs for different learners do.
    ///
    /// Its failure is reported like a write sent ahead: as the failure of the round trip that carried it.
    public func sendExpecting(_ sql: String, _ arguments: [any PostgreSQLBindable]) throws(PostgreSQLError)
        -> ExpectedRows
    {
        let name = try preparedName(try usableHandle(), sql, arguments)
        ticketCount += 1
        ahead.append(
            AheadStatement(sql: sql, name: name, texts: arguments.map(\.postgreSQLText), ticket: ticketCount))
        return ExpectedRows(ticket: ticketCount)
    }

    /// Sends the statements queued ahead in one round trip and waits for their results; statements without
    /// parameters alone (`BEGIN`, `SAVEPOINT …`) wait for the next round trip instead.
    ///
    /// Unlike a flush forced by the next statement, a failure here does not roll the transaction back: the
    /// caller queued the statements and knows whose work failed (a savepoint of its own can undo it).
    public func flush() throws(PostgreSQLError) {
        guard ahead.contains(where: { $0.name != nil }) else { return }
        let handle = try usableHandle()
        if let last = try runPipelined(handle, final: nil, rollsBackOnFailure: false) { PQclear(last) }
    }

    /// The rows of a statement queued with `sendExpecting`, once its round trip ran (each is read once).
    /// - Throws: `PostgreSQLError` when the statement has not run yet, or its round trip failed.
    public func rows(of expected: ExpectedRows) throws(PostgreSQLError) -> [Row] {
        guard let rows = received.removeValue(forKey: expected.ticket) else {
            throw PostgreSQLError(kind: .server, message: "the expected statement has not run (or failed)")
        }
        return rows
    }

    /// Drops the statements queued ahead (before a `ROLLBACK`, which would undo them anyway).
    func discardAhead() {
        ahead = []
        received = [:]
    }

    /// Runs the statements queued ahead now: as one script without parameters, else in one pipeline.
    func flushAhead(_ handle: OpaquePointer) throws(PostgreSQLError) {
        guard !ahead.isEmpty else { return }
        if ahead.allSatisfy({ $0.name == nil }) {
            let script = ahead.map(\.sql).joined(separator: "; ")
            ahead = []
            roundTrips += 1
            PQclear(try checked(PQexec(handle, script)))
        } else if let last = try runPipelined(handle, final: nil) {
            PQclear(last)
        }
    }

    /// Sends the statements queued by `sendAhead` and then `final` in one pipeline, and returns the last
    /// statement's result: one round trip instead of one per statement.
    func runPipelined(_ handle: OpaquePointer, final: AheadStatement?, rollsBackOnFailure: Bool = true)
        throws(PostgreSQLError) -> OpaquePointer?
    {
        let queued = ahead.count
        let carriesWrites = ahead.contains { $0.name != nil }
        let statements = ahead + (final.map { [$0] } ?? [])
        ahead = []
        var sent = PQenterPipelineMode(handle) == 1
        for statement in statements where sent {
            sent =
                if let name = statement.name {
                    Self.withOptionalCStrings(statement.texts) { values in
                        PQsendQueryPrepared(handle, name, Int32(statement.texts.count), values, nil, nil, 0)
                    } == 1
                } else {
                    PQsendQueryParams(handle, statement.sql, 0, nil, nil, nil, nil, 0) == 1
                }
        }
        if sent { sent = PQpipelineSync(handle) == 1 }
        roundTrips += 1
        var failure: PostgreSQLError?
        var failedAhead = false
        var answer: OpaquePointer?
        if sent {
            // Each statement: its result, then NULL; after the last, the sync point.
            for index in statements.indices {
                guard let result = PQgetResult(handle) else {
                    failure = failure ?? PostgreSQLError(kind: .connection, message: lastMessage)
                    break
                }
                while let extra = PQgetResult(handle) { PQclear(extra) }
                if failure != nil {
                    PQclear(result)
                } else if final != nil, index == statements.count - 1 {
                    do { answer = try checked(result) } catch {
                        failure = error
                        failedAhead = index < queued
                    }
                } else {
                    do {
                        let checkedResult = try checked(result)
                        if let ticket = statements[index].ticket {
                            received[ticket] = try rows(of: checkedResult)
                        } else {
                            PQclear(checkedResult)
                        }
                    } catch {
                        failure = error
                        failedAhead = true
                    }
                }
            }
            if let sync = PQgetResult(handle) { PQclear(sync) }
        } else {
            failure = PostgreSQLError(kind: isOpen ? .server : .connection, message: lastMessage)
        }
        if PQexitPipelineMode(handle) != 1 {
            // Results left unread: the connection's state is unknown, so it is not used again.
            let error = failure ?? PostgreSQLError(kind: .connection, message: lastMessage)
            if let answer { PQclear(answer) }
            close()
            throw error
        }
        if let failure {
            if let answer { PQclear(answer) }
            if rollsBackOnFailure, failedAhead, carriesWrites, isInTransaction {
                roundTrips += 1
                PQclear(PQexec(handle, "ROLLBACK"))
            }
            throw failure
        }
        return answer
    }
}

/// A statement queued by `Connection.sendAhead`: SQL without parameters (`name` nil), or a prepared
/// statement's name and its parameters as text.
struct AheadStatement {
    var sql: String
    var name: String?
    var texts: [String?]
    /// Set for `sendExpecting`: its rows are kept under this ticket.
    var ticket: Int? = nil
}

/// A statement queued with `Connection.sendExpecting`: its rows, read with `Connection.rows(of:)` after the
/// round trip that carried it.
public struct ExpectedRows: Sendable, Hashable {
    let ticket: Int
}
