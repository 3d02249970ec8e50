import Testing

@testable import App

/// `--xapi-endpoint`, `--xapi-username`, `--xapi-password` and their variables.
@Suite struct XAPIOptionTests {
    @Test func theRecordStoreComesFromFlagsAndVariablesInAnyOrder() throws {
        let parser = CommandLineParser(environment: ["FOLIO_XAPI_PASSWORD": "from-env"])
        guard
            case .serve(let configuration) = try parser.parse([
                "serve", "--xapi-username", "folio", "--xapi-endpoint", "https://lrs.example/xapi/",
            ])
        else {
            Issue.record("not a serve command")
            return
        }
        #expect(configuration.recordStore?.statementsURL == "https://lrs.example/xapi/statements")
        #expect(configuration.recordStore?.username == "folio")
        #expect(configuration.recordStore?.password == "from-env")
        #expect(!"\(try #require(configuration.recordStore))".contains("from-env"))
        guard case .serve(let plain) = try CommandLineParser(environment: [:]).parse(["serve"]) else {
            Issue.record("not a serve command")
            return
        }
        #expect(plain.recordStore == nil)
        #expect(throws: UsageError.self) {
            try CommandLineParser(environment: [:]).parse(["serve", "--xapi-endpoint", "ftp://lrs.example"])
        }
        #expect(throws: UsageError.self) {
            try CommandLineParser(environment: [:]).parse(["serve", "--xapi-password", "p"])
        }
    }
}
