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
            connection.readable = false
            return false
        case .done(0):
            connection.inputClosed = true
            connection.readable = false
            return true
        case .done(let count):
            connection.parser.append(UnsafeRawBufferPointer(rebasing: readBuffer[0..<count]))
            connection.lifecycle.touched(now: now)
            // A short read drained the socket; edge-triggered epoll reports anything that arrives later,
            // so skip the read that would only say EAGAIN (unless end of input is still to be seen).
            if count < readBuffer.count && !connection.peerHungUp { connection.readable = false }
            return true
        }
    }

    /// Writes pending output until it is all gone or the socket is full: in-memory bytes with one `sendmsg`
    /// per batch (heads and bodies of pipelined responses together), a `ResponseFile` range with one
    /// `sendfile`.
    func writeOutput(_ connection: ClientConnection) {
        var progressed = false
        while !connection.output.isEmpty && connection.writable {
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
                connection.writable = false
            }
        }
        connection.lifecycle.wrote(now: now, progressed: progressed, pending: !connection.output.isEmpty)
        if connection.output.byteCount > limits.maxPendingOutputBytes {
            context.log?(.info, "\(connection.remoteAddress ?? "client"): closed, pending output over the limit")
            close(connection)
            return
        }
        if connection.output.isEmpty && connection.closeAfterOutput && !connection.lingering {
            startLinger(connection)
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
    ///
    /// Only when input may still come: after a normal `Connection: close` exchange, with nothing unread,
    /// the connection is closed at once (as nginx does), saving a round trip per connection.
    private func startLinger(_ connection: ClientConnection) {
        if connection.inputClosed || (!connection.endsEarly && !connection.parser.hasPartialRequest) {
            close(connection)
            return
        }
        do {
            _ = try SystemCall.check("shutdown") { Glibc.shutdown(connection.descriptor, Int32(SHUT_WR)) }
        } catch {
            close(connection)
            return
        }
        connection.lingering = true
        connection.readable = true
        connection.lifecycle.startLinger(now: now)
    }

    /// Reads and drops input while lingering; closes at end of input.
    func discardInput(_ connection: ClientConnection) {
        var discarded = 0
        while connection.readable && discarded < 1024 * 1024 {
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
                connection.readable = false
            case .done(0):
                close(connection)
                return
            case .done(let count):
                discarded += count
            }
        }
    }

    /// Releases the connection and its descriptor; safe to call twice.
    func close(_ connection: ClientConnection) {
        guard !connection.isClosed else { return }
        connection.isClosed = true
        connections[Int(connection.descriptor)] = nil
        connectionCount -= 1
        context.openConnections.subtract(1, ordering: .relaxed)
        handle.connectionCount.subtract(1, ordering: .relaxed)
        connection.output.removeAll()
        connection.exchanges.removeAll()
        closeDescriptor(connection.descriptor)
    }
}
