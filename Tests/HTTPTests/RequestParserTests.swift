import Testing

@testable import HTTP

/// What a parser made of some bytes, in a form tests can compare.
enum ParseOutcome: Equatable, CustomStringConvertible {
    case request(method: String, path: String, body: String)
    case continueExpected
    case status(Int)
    case needMore

    var description: String {
        switch self {
        case let .request(method, path, body): "request \(method) \(path) body=\(body.count)"
        case .continueExpected: "100-continue"
        case let .status(code): "error \(code)"
        case .needMore: "need more"
        }
    }
}

/// Feeds `bytes` (in pieces of `step`, or all at once) and collects every outcome up to the first stop.
func outcomes(_ bytes: [UInt8], limits: ServerLimits = ServerLimits(), step: Int? = nil) -> [ParseOutcome] {
    var parser = RequestParser(limits: limits)
    var results: [ParseOutcome] = []
    var offset = 0
    while offset < bytes.count {
        let end = min(bytes.count, offset + (step ?? bytes.count))
        parser.append(bytes[offset..<end])
        offset = end
        loop: while true {
            switch parser.next() {
            case .needMoreData: break loop
            case .continueExpected: results.append(.continueExpected)
            case .request(let request):
                results.append(
                    .request(
                        method: request.method.rawValue, path: request.path,
                        body: String(decoding: request.body, as: UTF8.self)))
            case .failure(let error):
                results.append(.status(error.status.code))
                return results
            }
        }
    }
    return results
}

func outcomes(_ text: String, limits: ServerLimits = ServerLimits(), step: Int? = nil) -> [ParseOutcome] {
    outcomes(Array(text.utf8), limits: limits, step: step)
}

func parseRequest(_ text: String) throws -> Request {
    var parser = RequestParser()
    parser.append(Array(text.utf8))
    guard case .request(let request) = parser.next() else { throw TestFailure("no request from \(text)") }
    return request
}

@Suite struct RequestParserTests {
    @Test func parsesSimpleGetWithOrderedCaseInsensitiveHeaders() throws {
        let request = try parseRequest("GET /hello HTTP/1.1\r\nHost: example.org\r\nX-B: 2\r\nx-a: 1\r\nX-B: 3\r\n\r\n")
        #expect(request.method == .get)
        #expect(request.path == "/hello")
        #expect(request.version == .http1_1)
        #expect(request.headers["host"] == "example.org")
        #expect(request.headers.values(for: "x-b") == ["2", "3"])
        #expect(request.headers.map(\.name) == ["Host", "X-B", "x-a", "X-B"])
        #expect(request.body.isEmpty)
    }

    @Test func trimsOptionalWhitespaceAroundValues() throws {
        let request = try parseRequest("GET / HTTP/1.1\r\nHost:\t example.org  \r\nEmpty:\r\n\r\n")
        #expect(request.headers["Host"] == "example.org")
        #expect(request.headers["Empty"] == "")
    }

    @Test func decodesPathAndKeepsRawTarget() throws {
        let request = try parseRequest("GET /caf%C3%A9/a%20b?x=1 HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(request.path == "/café/a b")
        #expect(request.target == "/caf%C3%A9/a%20b?x=1")
    }

    @Test func parsesQueryItemsInOrder() throws {
        let request = try parseRequest("GET /s?q=a+b&x=%C3%A9&flag&&q=2&e= HTTP/1.1\r\nHost: a\r\n\r\n")
        #expect(
            request.queryItems == [
                QueryItem(name: "q", value: "a b"), QueryItem(name: "x", value: "é"),
                QueryItem(name: "flag", value: ""),
                QueryItem(name: "q", value: "2"), QueryItem(name: "e", value: ""),
            ])
        #expect(request.query("q") == "a b")
        #expect(request.query("missing") == nil)
    }

    @Test func acceptsAbsoluteFormTarget() throws {
        let request = try parseRequest("GET http://example.org/a/b?c=d HTTP/1.1\r\nHost: example.org\r\n\r\n")
        #expect(request.path == "/a/b")
        #expect(request.query("c") == "d")
    }

    @Test func readsContentLengthBody() {
        #expect(
            outcomes("POST /echo HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\n\r\nhello") == [
                .request(method: "POST", path: "/echo", body: "hello")
            ])
    }

    @Test func acceptsRepeatedIdenticalContentLength() {
        #expect(
            outcomes("POST / HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\nContent-Length: 2, 02\r\n\r\nhi") == [
                .request(method: "POST", path: "/", body: "hi")
            ])
    }

    @Test func decodesChunkedBodyWithExtensionsAndTrailers() {
        let text =
            "POST /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n"
            + "5;name=value\r\nhello\r\n1 ; x\r\n \r\nA\r\n0123456789\r\n0\r\nTrailer: yes\r\n\r\n"
        #expect(outcomes(text) == [.request(method: "POST", path: "/up", body: "hello 0123456789")])
    }

    @Test(arguments: [
        "5;a=\"x\"", "5 ; a = \"semi;colon\" ; b", "5;a=\"esc\\\"aped\"", "5;a=b;c=\"\"", "5;a=tok",
    ])
    func acceptsWellFormedChunkExtensions(sizeLine: String) {
        let text = "POST /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nhello\r\n0\r\n\r\n"
        #expect(outcomes(text) == [.request(method: "POST", path: "/up", body: "hello")])
    }

    @Test(arguments: [
        "5;a=\"unterminated", "5;a=\"x\\\"", "5;a=\"x\" junk", "5;=v", "5;a=", "5;a=b c", "5;", "5 ", "5;a=\"\u{1}\"",
    ])
    func rejectsMalformedChunkExtensions(sizeLine: String) {
        let text = "POST /up HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n\(sizeLine)\r\nhello\r\n0\r\n\r\n"
        #expect(outcomes(text) == [.status(400)])
    }

    @Test(arguments: [1, 2, 3, 7, 64])
    func sameResultWhateverThePieceSize(step: Int) {
        let text =
            "POST /a HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabc\r\n0\r\n\r\n"
            + "GET /b HTTP/1.1\r\nHost: a\r\nContent-Length: 2\r\n\r\nxy"
        #expect(
            outcomes(text, step: step) == [
                .request(method: "POST", path: "/a", body: "abc"), .request(method: "GET", path: "/b", body: "xy"),
            ])
    }

    @Test func parsesPipelinedRequestsFromOneBuffer() {
        let text =
            "GET /1 HTTP/1.1\r\nHost: a\r\n\r\nGET /2 HTTP/1.1\r\nHost: a\r\n\r\nGET /3 HTTP/1.1\r\nHost: a\r\n\r\n"
        #expect(outcomes(text).count == 3)
    }

    @Test func ignoresEmptyLinesBeforeRequestLine() {
        #expect(outcomes("\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n") == [.request(method: "GET", path: "/", body: "")])
    }

    @Test func announcesContinueBeforeBodyArrives() {
        var parser = RequestParser()
        parser.append(Array("POST /u HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\n".utf8))
        guard case .continueExpected = parser.next() else {
            Issue.record("expected 100-continue")
            return
        }
        guard case .needMoreData = parser.next() else {
            Issue.record("expected to wait for the body")
            return
        }
        parser.append(Array("abc".utf8))
        guard case .request(let request) = parser.next() else {
            Issue.record("expected the request")
            return
        }
        #expect(request.body == Array("abc".utf8))
    }

    @Test func skipsContinueWhenBodyAlreadyArrived() {
        #expect(
            outcomes("POST /u HTTP/1.1\r\nHost: a\r\nExpect: 100-continue\r\nContent-Length: 3\r\n\r\nabc") == [
                .request(method: "POST", path: "/u", body: "abc")
            ])
    }

    @Test func ignoresExpectationsFromHTTP10() {
        #expect(
            outcomes("POST /u HTTP/1.0\r\nExpect: weird\r\nContent-Length: 1\r\n\r\nx") == [
                .request(method: "POST", path: "/u", body: "x")
            ])
    }

    @Test(arguments: [
        ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: close\r\n\r\n", false),
        ("GET / HTTP/1.1\r\nHost: a\r\nConnection: Upgrade, CLOSE\r\n\r\n", false),
        ("GET / HTTP/1.0\r\n\r\n", false),
        ("GET / HTTP/1.0\r\nConnection: keep-alive\r\n\r\n", true),
    ])
    func decidesKeepAlive(text: String, keepAlive: Bool) throws {
        #expect(try parseRequest(text).wantsKeepAlive == keepAlive)
    }

    @Test func reportsPartialRequestState() {
        var parser = RequestParser()
        #expect(!parser.hasPartialRequest)
        parser.append(Array("GET / HT".utf8))
        _ = parser.next()
        #expect(parser.hasPartialRequest)
        #expect(!parser.isReadingBody)
        parser.append(Array("TP/1.1\r\nHost: a\r\nContent-Length: 4\r\n\r\nab".utf8))
        _ = parser.next()
        #expect(parser.isReadingBody)
        parser.append(Array("cd".utf8))
        _ = parser.next()
        #expect(!parser.hasPartialRequest)
    }

    @Test func staysFailedAfterAnError() {
        var parser = RequestParser()
        parser.append(Array("BREW / HTTP/1.1\r\n\r\nGET / HTTP/1.1\r\nHost: a\r\n\r\n".utf8))
        guard case .failure(let first) = parser.next(), case .failure(let second) = parser.next() else {
            Issue.record("expected failures")
            return
        }
        #expect(first.status == .notImplemented && second.status == .notImplemented)
    }
}
