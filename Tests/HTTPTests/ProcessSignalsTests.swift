import Foundation
import Testing

@testable import HTTP

#if canImport(Glibc)
    import Glibc
#endif

/// Installs the process-wide handlers once, so it is the only test that raises signals.
@Suite struct ProcessSignalsTests {
    @Test func hangupReloadsAndTerminateEndsTheWait() async throws {
        let reloads = Collected<Int>()
        let signals = try ProcessSignals.install(onReload: { reloads.append(1) })
        // Standard signals sent while one is pending merge into one, so wait for each before the next.
        for expected in 1...2 {
            kill(getpid(), SIGHUP)
            let deadline = ContinuousClock.now + .seconds(5)
            while reloads.values.count < expected && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(5))
            }
            #expect(reloads.values.count == expected)
        }
        kill(getpid(), SIGTERM)
        let received = await signals.waitForTermination()
        #expect(received == .terminate)
        #expect(await signals.waitForTermination() == .terminate)
        #expect(throws: HTTPError.self) { try ProcessSignals.install(onReload: {}) }
    }
}
