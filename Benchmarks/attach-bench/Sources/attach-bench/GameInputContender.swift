import GameInput
import Glibc

/// The game's side of the lock: it always prefers the pointer locked.
final class LockPreference: PointerLockPreferring { var prefersPointerLocked = true }

/// GameInput attached to the host's window (`GameWindow(attachingTo:)`), lock preferred,
/// counting `.relativeMotion` events and summing their unaccelerated x. The host's loop waits
/// in `poll` on GameInput's `wakeDescriptor` and its own X connection, drains its own events,
/// then `pollEvents`, as the attach contract's usage shows.
final class GameInputContender: Contender {
    let name = "GameInput"
    let key = "gameinput"
    let deliveries = Deliveries()
    private let host: any HostWindowSubject
    private let preference = LockPreference()
    private var input: GameWindow?

    init(host: any HostWindowSubject) { self.host = host }

    func engage() throws(BenchFailure) {
        let input: GameWindow
        do {
            input = try GameWindow(attachingTo: .x11(window: host.xWindow, display: host.xDisplay))
        } catch {
            throw BenchFailure("GameWindow(attachingTo:) threw \(error)")
        }
        self.input = input
        input.pointerLock.rootPreferring = preference
        input.pointerLock.setNeedsUpdateOfPrefersPointerLocked()
        let started = ContinuousClock.now
        while input.pointerLock.pointerLockState?.isLocked != true && ContinuousClock.now - started < .seconds(5) {
            pump(maxWait: .milliseconds(10))
        }
        guard input.pointerLock.pointerLockState?.isLocked == true else {
            let state = input.pointerLock.pointerLockState.map { "\($0)" } ?? "unavailable"
            throw BenchFailure("pointerLockState stayed \(state) for 5 s on the \(host.name) window")
        }
        Measurement.drain(self)
    }

    func pump(maxWait: Duration) {
        guard let input else { return }
        var descriptors = [
            pollfd(fd: input.wakeDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: host.eventDescriptor, events: Int16(POLLIN), revents: 0),
        ]
        // Whole milliseconds (a shorter wait polls without blocking); readable input ends it at once.
        _ = poll(&descriptors, nfds_t(descriptors.count), Int32(min(max(maxWait.milliseconds, 0), 1000)))
        host.pumpHostEvents()
        input.pollEvents { event in
            if case .relativeMotion(let motion) = event { deliveries.record(dx: motion.unaccelerated.dx) }
        }
    }

    func disengage() {
        input?.detach()
        input = nil
        host.pumpHostEvents()
    }
}
