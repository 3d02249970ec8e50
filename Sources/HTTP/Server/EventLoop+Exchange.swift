extension EventLoop {
    /// Moves a connection as far as it can go: parse buffered requests, queue ready responses in order,
    /// write, read more; then close it if it is finished and schedule its next deadline.
    func service(_ connection: ClientConnection) {
        servicing: while connection.state.isOpen {
            let heldBack = parseRequests(connection)
            queueReadyResponses(connection)
            writeOutput(connection)
            switch connection.state.handle(.readOpportunity(backpressured: isBackpressured(connection)), now: now) {
            case .discardInput:
                discardInput(connection)
                break servicing
            case .read:
                if readInput(connection) { continue servicing }
            default:
                break
            }
            // Requests already buffered but held back by backpressure that has now eased.
            if heldBack && !isBackpressured(connection) && connection.state.isOpen { continue }
            break
        }
        settle(connection)
    }

    /// Reports that the loop went as far as it could: closes a finished connection or arms its deadline.
    /// Requests left for the next turn count as awaited responses: the connection is not finished.
    func settle(_ connection: ClientConnection) {
        let settled = ConnectionState.Event.settled(
            idle: connection.isIdle,
            awaitingResponses: !connection.exchanges.isEmpty || connection.turnBudget.isDeferred,
            outputPending: !connection.output.isEmpty, draining: drainDeadline != nil)
        switch connection.state.handle(settled, now: now) {
        case .close: close(connection)
        case .armTimer(let deadline): armTimer(connection, at: deadline)
        default: break
        }
    }

    /// Too many requests awaiting responses, too much output the client has not taken yet, or this turn's
    /// request budget spent (the connection goes on in the next turn).
    private func isBackpressured(_ connection: ClientConnection) -> Bool {
        connection.exchanges.count >= limits.maxPipelinedRequests
            || connection.output.byteCount > limits.outputHighWaterBytes
            || connection.turnBudget.isSpent(in: turn, limit: limits.maxRequestsPerTurn)
    }

    /// Parses and dispatches buffered requests; returns whether backpressure stopped it early.
    private func parseRequests(_ connection: ClientConnection) -> Bool {
        while connection.state.parsesRequests {
            if isBackpressured(connection) { return true }
            switch connection.parser.next() {
            case .needMoreData:
                let progress = ConnectionState.Event.needMoreData(
                    partialRequest: connection.parser.hasPartialRequest,
                    readingBody: connection.parser.isReadingBody, awaitingResponses: !connection.exchanges.isEmpty)
                _ = connection.state.handle(progress, now: now)
                return false
            case .continueExpected:
                continueOrRefuse(connection)
            case .request(var request):
                request.remoteAddress = connection.remoteAddress
                dispatch(&request, on: connection)
                spendTurn(connection)
            case .failure(let error):
                var exchange = connection.makeExchange()
                exchange.started = now
                exchange.response = context.router.response(for: error, request: nil, log: nil)
                connection.exchanges.append(exchange)
                _ = connection.state.handle(.requestRejected, now: now)
            }
        }
        return false
    }

    /// `Expect: 100-continue`: invite the body only if a handler will take it; otherwise answer now,
    /// without reading the body, and close.
    private func continueOrRefuse(_ connection: ClientConnection) {
        guard var head = connection.parser.pending else { return }
        let resolution = context.router.resolve(&head)
        if case .handler = resolution {
            var exchange = connection.makeExchange()
            exchange.interim = ResponseHead.continueLine
            connection.exchanges.append(exchange)
            return
        }
        var exchange = makeExchange(for: head, on: connection)
        exchange.wantsKeepAlive = false
        exchange.response = context.router.response(for: resolution, request: head)
        connection.exchanges.append(exchange)
        _ = connection.state.handle(.requestRejected, now: now)
    }

    private func makeExchange(for request: Request, on connection: ClientConnection) -> ClientConnection.Exchange {
        var exchange = connection.makeExchange()
        exchange.method = request.method
        exchange.path = request.path
        exchange.version = request.version
        exchange.headOnly = request.method == .head
        exchange.wantsKeepAlive = ConnectionState.keepsAlive(
            requestWants: request.wantsKeepAlive, handlerCloses: false, draining: drainDeadline != nil)
        exchange.started = context.observer == nil ? now : SystemCall.monotonicNanoseconds()
        return exchange
    }

    /// Routes a request: immediate handlers run here, async ones in a task that posts the response back.
    private func dispatch(_ request: inout Request, on connection: ClientConnection) {
        var exchange = makeExchange(for: request, on: connection)
        _ = connection.state.handle(.requestParsed(keepAlive: exchange.wantsKeepAlive), now: now)
        let resolution = context.router.resolve(&request)
        guard case .handler(let entry) = resolution else {
            exchange.response = context.router.response(for: resolution, request: request)
            complete(exchange, on: connection)
            return
        }
        exchange.route = entry.pattern
        switch entry.handler {
        case .immediate(let handler):
            do {
                exchange.response = try handler(request)
            } catch {
                exchange.response = context.router.response(for: error, request: request, log: context.log)
            }
            complete(exchange, on: connection)
        case .async(let handler):
            let request = request
            startTask(exchange, for: request, on: connection) { try await handler(request) }
        case .deferring(let handler):
            let outcome: Handler.Outcome
            do {
                outcome = try handler(request)
            } catch {
                outcome = .now(context.router.response(for: error, request: request, log: context.log))
            }
            switch outcome {
            case .now(let response):
                exchange.response = response
                complete(exchange, on: connection)
            case .later(let work):
                startTask(exchange, for: request, on: connection, work)
            }
        }
    }

    /// Runs `work` as a task off the loop; its response (or error response) comes back through the handle and
    /// takes the exchange's slot in request order.
    private func startTask(
        _ exchange: ClientConnection.Exchange, for request: Request, on connection: ClientConnection,
        _ work: @escaping @Sendable () async throws -> Response
    ) {
        connection.exchanges.append(exchange)
        let handle = self.handle
        let router = context.router
        let log = context.log
        let key = connection.key
        let sequence = exchange.sequence
        let request = request
        Task {
            let response: Response
            do {
                response = try await work()
            } catch {
                response = router.response(for: error, request: request, log: log)
            }
            handle.send(.completed(key: key, sequence: sequence, response: response))
        }
    }

    /// Queues a finished exchange: straight to the output when nothing is ahead of it, else in its slot.
    private func complete(_ exchange: ClientConnection.Exchange, on connection: ClientConnection) {
        if connection.exchanges.isEmpty {
            write(exchange, on: connection)
        } else {
            connection.exchanges.append(exchange)
        }
    }

    /// Serializes the responses at the front of the slot queue that are ready, in request order.
    private func queueReadyResponses(_ connection: ClientConnection) {
        var written = 0
        while written < connection.exchanges.count && connection.exchanges[written].isReady
            && connection.state.acceptsResponses
        {
            write(connection.exchanges[written], on: connection)
            written += 1
        }
        if !connection.state.acceptsResponses {
            connection.exchanges.removeAll()
        } else if written > 0 {
            connection.exchanges.removeFirst(written)
        }
    }

    /// Appends one ready exchange's bytes to the output and reports it, unless the state drops it.
    private func write(_ exchange: ClientConnection.Exchange, on connection: ClientConnection) {
        if let interim = exchange.interim {
            connection.output.append(interim)
            return
        }
        guard let response = exchange.response else { return }
        let ready = ConnectionState.Event.responseReady(
            keepAlive: exchange.wantsKeepAlive, handlerCloses: response.requestsClose, draining: drainDeadline != nil,
            version: exchange.version)
        guard case .write(let header) = connection.state.handle(ready, now: now) else { return }
        let bytes = enqueue(response, headOnly: exchange.headOnly, connection: header, on: connection)
        if let observer = context.observer {
            let elapsed = SystemCall.monotonicNanoseconds() &- exchange.started
            observer(
                ResponseRecord(
                    method: exchange.method, route: exchange.route, path: exchange.path, status: response.status,
                    bytes: bytes, duration: .nanoseconds(Int64(clamping: elapsed)),
                    remoteAddress: connection.remoteAddress))
        }
    }

    /// Appends a response's bytes to the output; returns how many.
    private func enqueue(
        _ response: Response, headOnly: Bool, connection header: DateCache.ConnectionHeader,
        on connection: ClientConnection
    ) -> Int {
        let tail = dates.tail(header)
        switch response.storage {
        case .prebuilt(let prebuilt):
            if !headOnly && prebuilt.status.allowsBody && prebuilt.body.count >= EventLoop.fileBodyThreshold,
                let region = fileRegion(for: prebuilt, connection: header, tail: tail)
            {
                connection.output.append(region.file, offset: region.offset, count: region.count)
                return region.count
            }
            connection.output.append(prebuilt.head)
            connection.output.append(tail)
            let sendBody = !headOnly && prebuilt.status.allowsBody
            if sendBody { connection.output.append(prebuilt.body) }
            return prebuilt.head.count + tail.count + (sendBody ? prebuilt.body.count : 0)
        case let .parts(status, headers, body):
            let sendBody = !headOnly && status.allowsBody
            let head = ResponseHead.bytes(status: status, headers: headers, bodyCount: body.count)
            let chunk = head.withUnsafeBytes { headBytes in
                body.withUnsafeBytes { bodyBytes in
                    ByteChunk(concatenating: [
                        headBytes, tail.bytes, sendBody ? bodyBytes : UnsafeRawBufferPointer(start: nil, count: 0),
                    ])
                }
            }
            connection.output.append(chunk)
            return chunk.count
        }
    }

    /// The range of this second's `ResponseFile` holding `prebuilt` with `tail`, or `nil` (copy it then)
    /// when in-memory files are unavailable.
    private func fileRegion(
        for prebuilt: PrebuiltResponse, connection header: DateCache.ConnectionHeader, tail: ByteChunk
    ) -> (file: ResponseFile, offset: Int, count: Int)? {
        guard responseFileFailedSecond != dates.second else { return nil }
        do {
            let file: ResponseFile
            if let current = responseFile, current.second == dates.second {
                file = current
            } else {
                file = try ResponseFile(second: dates.second)
                responseFile = file
            }
            let region = try file.region(for: prebuilt, connection: header, tail: tail)
            return (file, region.offset, region.count)
        } catch {
            context.log?(.warning, "\(error); large responses are copied for now")
            responseFileFailedSecond = dates.second
            responseFile = nil
            return nil
        }
    }

    /// A request timer passed: answer 408 and close.
    func respondToTimeout(_ connection: ClientConnection) {
        var exchange = connection.makeExchange()
        exchange.started = now
        exchange.response = context.router.response(
            for: HTTPError(.requestTimeout, "request not received in time"), request: nil, log: nil)
        connection.exchanges.append(exchange)
        _ = connection.state.handle(.requestRejected, now: now)
        service(connection)
    }
}
