import CSystem

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// Reads once into the loop's buffer and feeds the parser; returns whether the caller should go on.
    func readInput(_ connection: ClientConnection) -> Bool {
        let outcome: SystemCall.Outcome<Int>
        do {
            outcome = try SystemCall.nonBlocking("read") {
                Glibc.read(connection.descriptor, readBuffer.baseAddress, readBuffer.count)
            }
        } catch {
            context.log?(.debug, "\(connection.remoteAddress ?? "client"): \(error)")
            close(connection)
            return false
        }
        switch outcome {
        case .wouldBlock:
            _ = connection.state.handle(.readWouldBlock, now: now)
            return false
        case .done(0):
            _ = connection.state.handle(.peerClosed, now: now)
            return true
        case .done(let count):
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            _ = connection.state.handle(.bytesRead(filledBuffer: count == readBuffer.count), now: now)
            return true
        }
    }

    /// Writes pending output until it is all gone or the socket is full: in-memory bytes with one `sendmsg`
    /// per batch (heads and bodies of pipelined responses together), a `ResponseFile` range with one
    /// `sendfile`.
    func writeOutput(_ connection: ClientConnection) {
        var progressed = false
        while !connection.output.isEmpty && connection.state.isWritable {
            let outcome: SystemCall.Outcome<Int>
            do {
                outcome = try send(connection)
            } catch {
                context.log?(.debug, "\(connection.remoteAddress ?? "client"): \(error)")
                close(connection)
                return
            }
            switch outcome {
            case .done(let written):
                connection.output.consume(written)
                progressed = true
            case .wouldBlock:
                _ = connection.state.handle(.writeWouldBlock, now: now)
            }
        }
        let overLimit = connection.output.byteCount > limits.maxPendingOutputBytes
        let finished = ConnectionState.Event.writeFinished(
            progressed: progressed, pending: !connection.output.isEmpty, overLimit: overLimit,
            partialRequest: connection.parser.hasPartialRequest)
        switch connection.state.handle(finished, now: now) {
        case .close:
            if overLimit {
                context.log?(.info, "\(connection.remoteAddress ?? "client"): closed, pending output over the limit")
            }
            close(connection)
        case .linger:
            linger(connection)
        default:
            break
        }
    }

    private func send(_ connection: ClientConnection) throws(HTTPError) -> SystemCall.Outcome<Int> {
        if let file = connection.output.frontFile {
            return try SystemCall.nonBlocking("sendfile") {
                csystem_sendfile(connection.descriptor, file.descriptor, off_t(file.offset), file.count)
            }
        }
        let count = connection.output.fill(vectors, capacity: EventLoop.maxVectors)
        return try SystemCall.nonBlocking("sendmsg") {
            csystem_send_vector(connection.descriptor, vectors, Int32(count))
        }
    }

    /// Half-closes after the last response and keeps reading (and discarding) briefly, so a client still
    /// sending gets our response instead of a reset.
    private func linger(_ connection: ClientConnection) {
        do {
            _ = try SystemCall.check("shutdown") { Glibc.shutdown(connection.descriptor, Int32(SHUT_WR)) }
        } catch {
            close(connection)
            return
        }
        _ = connection.state.handle(.halfClosed, now: now)
    }

    /// Reads and drops input while lingering; closes at end of input.
    func discardInput(_ connection: ClientConnection) {
        var discarded = 0
        while connection.state.isReadable && discarded < 1024 * 1024 {
            let outcome: SystemCall.Outcome<Int>
            do {
                outcome = try SystemCall.nonBlocking("read") {
                    Glibc.read(connection.descriptor, readBuffer.baseAddress, readBuffer.count)
                }
            } catch {
                close(connection)
                return
            }
            switch outcome {
            case .wouldBlock:
                _ = connection.state.handle(.readWouldBlock, now: now)
            case .done(0):
                if connection.state.handle(.peerClosed, now: now) == .close { close(connection) }
                return
            case .done(let count):
                discarded += count
            }
        }
    }

    /// Releases the connection and its descriptor; safe to call twice.
    func close(_ connection: ClientConnection) {
        guard connection.state.isOpen else { return }
        _ = connection.state.handle(.closed, now: now)
        connections[Int(connection.descriptor)] = nil
        connectionCount -= 1
        context.openConnections.subtract(1, ordering: .relaxed)
        handle.connectionCount.subtract(1, ordering: .relaxed)
        connection.output.removeAll()
        connection.exchanges.removeAll()
        closeDescriptor(connection.descriptor)
    }
}
