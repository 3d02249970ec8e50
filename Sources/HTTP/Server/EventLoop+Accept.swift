import CSystem

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// Accepts until the backlog is empty (at most 128 per wake-up, for fairness with open connections).
    func acceptConnections() {
        guard let listener else { return }
        for _ in 0..<128 {
            var address = sockaddr_storage()
            var length = socklen_t(0)
            let outcome: SystemCall.Outcome<Int32>
            do {
                outcome = try SystemCall.nonBlocking("accept4") { csystem_accept(listener, &address, &length) }
            } catch {
                switch error.errorNumber {
                case ECONNABORTED, EPROTO, EPERM:
                    continue
                case EMFILE, ENFILE, ENOBUFS, ENOMEM:
                    context.log?(.error, "\(error); pausing accept for 100 ms")
                    pauseAccepting()
                default:
                    context.log?(.error, "\(error)")
                }
                return
            }
            guard case .done(let descriptor) = outcome else { return }
            admit(descriptor, address: address)
        }
    }

    private func admit(_ descriptor: Int32, address: sockaddr_storage) {
        let open = context.openConnections.add(1, ordering: .relaxed).newValue
        // Refusing politely costs a connection slot for a moment; beyond a margin, refuse bluntly.
        if open > limits.maxConnections + max(16, limits.maxConnections / 8) {
            context.openConnections.subtract(1, ordering: .relaxed)
            closeDescriptor(descriptor)
            return
        }
        do {
            _ = try SystemCall.check("setsockopt TCP_NODELAY") {
                csystem_set_option(descriptor, CSYSTEM_OPTION_NODELAY, 1)
            }
        } catch {
            context.log?(.debug, "\(error)")
        }
        generation &+= 1
        let key = (generation & 0xFFFF_FFFF) << 32 | UInt64(UInt32(bitPattern: descriptor))
        let connection = ClientConnection(
            descriptor: descriptor, key: key, remoteAddress: EventLoop.format(address), limits: limits, now: now)
        do {
            try control(
                CSYSTEM_EPOLL_CTL_ADD, descriptor,
                CSYSTEM_EPOLLIN | CSYSTEM_EPOLLOUT | CSYSTEM_EPOLLRDHUP | CSYSTEM_EPOLLET, key)
        } catch {
            context.log?(.error, "\(error)")
            context.openConnections.subtract(1, ordering: .relaxed)
            closeDescriptor(descriptor)
            return
        }
        let index = Int(descriptor)
        if index >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: max(index + 1 - connections.count, 64)))
        }
        connections[index] = connection
        connectionCount += 1
        if open > limits.maxConnections {
            refuse(connection)
        } else {
            updateTimer(connection)
        }
    }

    /// Answers 503 and closes: the connection cap is reached.
    private func refuse(_ connection: ClientConnection) {
        var exchange = connection.makeExchange()
        exchange.started = now
        exchange.response = context.router.response(
            for: HTTPError(.serviceUnavailable, "too many connections"), request: nil, log: nil)
        connection.exchanges.append(exchange)
        connection.stopParsing = true
        service(connection)
    }

    private func pauseAccepting() {
        guard let listener else { return }
        do {
            try control(CSYSTEM_EPOLL_CTL_MOD, listener, 0, EventLoop.listenerTag)
            acceptResumesAt = now + 100_000_000
        } catch {
            context.log?(.error, "\(error)")
        }
    }

    func resumeAccepting() {
        acceptResumesAt = nil
        guard let listener else { return }
        do {
            try control(CSYSTEM_EPOLL_CTL_MOD, listener, CSYSTEM_EPOLLIN, EventLoop.listenerTag)
        } catch {
            context.log?(.error, "\(error)")
        }
    }

    /// Stops accepting for good (shutdown): closes this loop's listening socket.
    func stopListening() {
        guard let listener else { return }
        self.listener = nil
        acceptResumesAt = nil
        closeDescriptor(listener)
    }

    private static func format(_ address: sockaddr_storage) -> String? {
        var address = address
        var text = [CChar](repeating: 0, count: 64)
        guard csystem_format_address(&address, &text, text.count) == 0 else { return nil }
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
