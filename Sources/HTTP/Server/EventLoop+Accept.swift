import CSystem

#if canImport(Glibc)
    import Glibc
#endif

extension EventLoop {
    /// Accepts until the backlog is empty (at most 128 per wake-up, for fairness with open connections),
    /// keeping each connection or handing it to a loop with clearly fewer connections.
    func acceptConnections() {
        guard listening else { return }
        for _ in 0..<128 {
            var address = sockaddr_storage()
            var length = socklen_t(0)
            let outcome: SystemCall.Outcome<Int32>
            do {
                outcome = try SystemCall.nonBlocking("accept4") {
                    csystem_accept(context.listener, &address, &length)
                }
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
            let open = context.openConnections.add(1, ordering: .relaxed).newValue
            // Refusing politely costs a connection slot for a moment; beyond a margin, refuse bluntly.
            if open > limits.maxConnections + max(16, limits.maxConnections / 8) {
                context.openConnections.subtract(1, ordering: .relaxed)
                closeDescriptor(descriptor)
                continue
            }
            let remoteAddress = EventLoop.format(address)
            let target = open > limits.maxConnections ? handle : leastBusyLoop()
            target.connectionCount.add(1, ordering: .relaxed)
            if target === handle {
                admit(descriptor, remoteAddress: remoteAddress, refuse: open > limits.maxConnections)
            } else if !target.send(.adopt(descriptor: descriptor, remoteAddress: remoteAddress)) {
                target.connectionCount.subtract(1, ordering: .relaxed)
                context.openConnections.subtract(1, ordering: .relaxed)
                closeDescriptor(descriptor)
            }
        }
    }

    /// This loop, unless another has at least two fewer connections (so balanced loops keep their own).
    private func leastBusyLoop() -> EventLoopHandle {
        var best = handle
        var bestCount = handle.connectionCount.load(ordering: .relaxed) - 1
        for peer in context.loops where peer !== handle {
            let count = peer.connectionCount.load(ordering: .relaxed)
            if count < bestCount {
                best = peer
                bestCount = count
            }
        }
        return best
    }

    /// Starts serving an accepted socket whose slot in `connectionCount` and `openConnections` is taken.
    func admit(_ descriptor: Int32, remoteAddress: String?, refuse: Bool = false) {
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
            descriptor: descriptor, key: key, remoteAddress: remoteAddress, limits: limits, now: now)
        do {
            try control(
                CSYSTEM_EPOLL_CTL_ADD, descriptor,
                CSYSTEM_EPOLLIN | CSYSTEM_EPOLLOUT | CSYSTEM_EPOLLRDHUP | CSYSTEM_EPOLLET, key)
        } catch {
            context.log?(.error, "\(error)")
            discardHandedOver(descriptor)
            return
        }
        let index = Int(descriptor)
        if index >= connections.count {
            connections.append(contentsOf: repeatElement(nil, count: max(index + 1 - connections.count, 64)))
        }
        connections[index] = connection
        connectionCount += 1
        if refuse {
            self.refuse(connection)
        } else {
            settle(connection)
        }
    }

    /// Closes a socket that was counted for this loop but never became a connection.
    func discardHandedOver(_ descriptor: Int32) {
        handle.connectionCount.subtract(1, ordering: .relaxed)
        context.openConnections.subtract(1, ordering: .relaxed)
        closeDescriptor(descriptor)
    }

    /// Answers 503 and closes: the connection cap is reached.
    private func refuse(_ connection: ClientConnection) {
        var exchange = connection.makeExchange()
        exchange.started = now
        exchange.response = context.router.response(
            for: HTTPError(.serviceUnavailable, "too many connections"), request: nil, log: nil)
        connection.exchanges.append(exchange)
        _ = connection.state.handle(.requestRejected, now: now)
        service(connection)
    }

    /// Out of descriptors or memory: stop watching the listener for 100 ms instead of spinning on it.
    private func pauseAccepting() {
        guard listenerRegistered else { return }
        do {
            try control(CSYSTEM_EPOLL_CTL_DEL, context.listener, 0, EventLoop.listenerTag)
            listenerRegistered = false
            acceptResumesAt = now + 100_000_000
        } catch {
            context.log?(.error, "\(error)")
        }
    }

    func resumeAccepting() {
        acceptResumesAt = nil
        guard listening, !listenerRegistered else { return }
        do {
            try control(
                CSYSTEM_EPOLL_CTL_ADD, context.listener, CSYSTEM_EPOLLIN | CSYSTEM_EPOLLEXCLUSIVE,
                EventLoop.listenerTag)
            listenerRegistered = true
        } catch {
            context.log?(.error, "\(error)")
        }
    }

    /// Stops accepting for good (shutdown or exit); the last loop to stop closes the listening socket.
    func stopListening() {
        guard listening else { return }
        listening = false
        acceptResumesAt = nil
        if listenerRegistered {
            listenerRegistered = false
            do {
                try control(CSYSTEM_EPOLL_CTL_DEL, context.listener, 0, EventLoop.listenerTag)
            } catch {
                context.log?(.warning, "\(error)")
            }
        }
        context.releaseListener()
    }

    private static func format(_ address: sockaddr_storage) -> String? {
        var address = address
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: 64) { text -> String? in
            guard let base = text.baseAddress, csystem_format_address(&address, base, text.count) == 0 else {
                return nil
            }
            return String(cString: base)
        }
    }
}
