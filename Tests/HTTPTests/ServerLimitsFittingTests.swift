import Testing

@testable import HTTP

@Suite struct ServerLimitsFittingTests {
    @Test(arguments: [
        (descriptors: Int.max, cap: 4096, expected: 4096),
        (descriptors: 1_048_576, cap: 4096, expected: 4096),
        (descriptors: 8448, cap: 4096, expected: 4096),
        (descriptors: 4096, cap: 4096, expected: 3408),
        (descriptors: 1024, cap: 4096, expected: 680),
        (descriptors: 1024, cap: 100, expected: 100),
        (descriptors: 200, cap: 4096, expected: 16),
    ])
    func capIsLoweredOnlyWhenTheDescriptorLimitCannotHoldIt(descriptors: Int, cap: Int, expected: Int) {
        var limits = ServerLimits()
        limits.maxConnections = cap
        #expect(limits.fitting(descriptorLimit: descriptors).maxConnections == expected)
    }

    @Test func fittedCapPlusRefusalMarginLeavesTheReserveFree() {
        var limits = ServerLimits()
        limits.maxConnections = 1_000_000
        for descriptors in stride(from: 400, through: 70_000, by: 97) {
            let cap = limits.fitting(descriptorLimit: descriptors).maxConnections
            let refusalThreshold = cap + max(16, cap / 8)
            #expect(refusalThreshold + ServerLimits.reservedDescriptors <= descriptors, "limit \(descriptors)")
        }
    }

    @Test func fittingKeepsEveryOtherLimit() {
        var limits = ServerLimits()
        limits.maxBodyBytes = 12345
        limits.idleTimeout = .seconds(7)
        var expected = limits
        expected.maxConnections = 680
        #expect(limits.fitting(descriptorLimit: 1024) == expected)
    }
}
