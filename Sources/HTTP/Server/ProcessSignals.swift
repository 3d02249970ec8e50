import CSystem
import Foundation
import Locking
import Synchronization

/// SIGINT, SIGTERM and SIGHUP turned into callbacks, through a self-pipe written by an async-signal-safe
/// handler and read on a dedicated thread (so it works whatever threads exist when it is installed).
///
/// SIGHUP calls the reload callback every time. The first SIGINT or SIGTERM ends `waitForTermination()`
/// (and calls `onTerminate`); a second one exits the process at once, for an operator who will not wait
/// for the grace period.
public final class ProcessSignals: Sendable {
    /// The signals handled.
    public enum Signal: Int32, Sendable {
        case hangup = 1
        case interrupt = 2
        case terminate = 15
    }

    private struct State {
        var termination: Signal?
        var waiters: [CheckedContinuation<Signal, Never>] = []
    }

    private let state = Locked(State())
    private let onReload: @Sendable () -> Void
    private let onTerminate: (@Sendable (Signal) -> Void)?

    private init(onReload: @escaping @Sendable () -> Void, onTerminate: (@Sendable (Signal) -> Void)?) {
        self.onReload = onReload
        self.onTerminate = onTerminate
    }

    /// Installs the handlers; call once per process.
    ///
    /// - Throws: `HTTPError` when the pipe or a handler cannot be installed (or they already were).
    public static func install(
        onReload: @escaping @Sendable () -> Void, onTerminate: (@Sendable (Signal) -> Void)? = nil
    ) throws(HTTPError) -> ProcessSignals {
        let signals = ProcessSignals(onReload: onReload, onTerminate: onTerminate)
        let numbers: [Int32] = [Signal.hangup.rawValue, Signal.interrupt.rawValue, Signal.terminate.rawValue]
        let pipe = try SystemCall.check("signal pipe") {
            numbers.withUnsafeBufferPointer { csystem_signal_pipe($0.baseAddress, Int32($0.count)) }
        }
        let thread = Thread { signals.readSignals(from: pipe) }
        thread.name = "signals"
        thread.start()
        return signals
    }

    /// Suspends until SIGINT or SIGTERM arrives (returns at once if one already has).
    public func waitForTermination() async -> Signal {
        await withCheckedContinuation { (continuation: CheckedContinuation<Signal, Never>) in
            let received = state.withLock { state -> Signal? in
                if let termination = state.termination { return termination }
                state.waiters.append(continuation)
                return nil
            }
            if let received { continuation.resume(returning: received) }
        }
    }

    private func readSignals(from pipe: Int32) {
        var byte: UInt8 = 0
        while true {
            do {
                guard try SystemCall.check("read", { Glibc.read(pipe, &byte, 1) }) == 1 else { return }
            } catch {
                return
            }
            guard let signal = Signal(rawValue: Int32(byte)) else { continue }
            if signal == .hangup {
                onReload()
                continue
            }
            let (first, waiters) = state.withLock { state -> (Bool, [CheckedContinuation<Signal, Never>]) in
                guard state.termination == nil else { return (false, []) }
                state.termination = signal
                defer { state.waiters.removeAll() }
                return (true, state.waiters)
            }
            guard first else { exit(128 + signal.rawValue) }
            onTerminate?(signal)
            for waiter in waiters { waiter.resume(returning: signal) }
        }
    }
}
