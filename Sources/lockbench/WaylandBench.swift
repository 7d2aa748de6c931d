import CBenchSupport
import Foundation
import GameInput
import XServerTestSupport

/// The native Wayland input path under headless sway (wlroots' virtual pointer as the mouse),
/// against the same motion through Xwayland to the X11 backend, in one run: of a burst of
/// motion events sent back to back, how many reach the game; the latency from injection to
/// delivery, one event at a time, on both paths; allocations per event in GameInput's own code
/// (the rest are libwayland's per-message buffers).
struct WaylandBench {
    let quick: Bool

    /// Locks the pointer for the bench's windows.
    final class Locked: PointerLockPreferring {
        var prefersPointerLocked: Bool { true }
    }

    func run() -> [Figure] {
        let sway: SwayFixture
        do {
            sway = try SwayFixture()
        } catch {
            return Self.skipped("no sway session: \(error)")
        }
        defer { sway.stop() }
        sway.moveAbsolute(x: 640, y: 360)
        var figures: [Figure] = []
        let native: Measured
        do {
            native = try measure(backend: "wayland", sway: sway)
        } catch {
            return Self.skipped("native measurement failed: \(error)")
        }
        let burstCount = quick ? 500 : 2000
        figures.append(
            Figure(
                key: "wayland_burst_delivered", title: "Wayland: burst events delivered", value: Double(native.burstDelivered),
                unit: "events", direction: .atLeast, must: Double(burstCount), goal: nil,
                note: "sway's virtual pointer, \(burstCount) motions back to back, one round trip, after one such burst"))
        figures.append(
            Figure(
                key: "wayland_allocations_per_event", title: "Wayland: allocations per event in GameInput's own code",
                value: native.ownAllocationsPerEvent, unit: "/event", direction: .atMost, must: nil, goal: 0,
                note: "the second burst; plus \(FigureReport.format(native.libraryAllocationsPerEvent))/event inside libwayland-client"))
        do {
            let xwayland = try measure(backend: "x11", sway: sway)
            let ratio = xwayland.medianLatency > 0 ? native.medianLatency / xwayland.medianLatency : nil
            figures.append(
                Figure(
                    key: "wayland_latency_over_xwayland", title: "injection → delivery, native Wayland ÷ through Xwayland", value: ratio,
                    unit: "x", direction: .atMost, must: nil, goal: 1,
                    note: "median \(XBench.ms(native.medianLatency)) native, \(XBench.ms(xwayland.medianLatency)) Xwayland; "
                        + "p99 \(XBench.ms(native.p99Latency)) and \(XBench.ms(xwayland.p99Latency)); \(native.samples) samples each"))
        } catch {
            figures.append(
                Figure(
                    key: "wayland_latency_over_xwayland", title: "injection → delivery, native Wayland ÷ through Xwayland", value: nil,
                    unit: "x", direction: .atMost, must: nil, goal: 1, note: "Xwayland measurement failed: \(error)"))
        }
        return figures
    }

    struct Measured {
        var burstDelivered = 0
        var ownAllocationsPerEvent = 0.0
        var libraryAllocationsPerEvent = 0.0
        var medianLatency = 0.0
        var p99Latency = 0.0
        var samples = 0
    }

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// A locked window of `backend` on sway ("wayland" natively, "x11" on its Xwayland): the
    /// burst and the allocations natively, the latency on both.
    private func measure(backend: String, sway: SwayFixture) throws -> Measured {
        let names: [String] = ["GAMEINPUT_BACKEND", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR", "DISPLAY"]
        let saved = names.map { name in (name, getenv(name).map { String(cString: $0) }) }
        defer {
            for (name, value) in saved {
                if let value { setenv(name, value, 1) } else { unsetenv(name) }
            }
        }
        setenv("GAMEINPUT_BACKEND", backend, 1)
        for (name, value) in sway.waylandEnvironment { setenv(name, value, 1) }
        setenv("DISPLAY", sway.displayName, 1)
        let window = try GameWindow(title: "lockbench", width: 960, height: 540, stallTimeout: nil)
        defer { window.close() }
        let game = Locked()
        window.pointerLock.rootPreferring = game
        let input = GameInputLoop(window: window)
        window.show()
        // Under Xwayland the lock waits for a pointer event over the window: a count of motion
        // at a time until it holds.
        var tries = 0
        while !input.pump(timeout: .seconds(1), until: { window.pointerLock.isLocked }) && tries < 10 {
            sway.moveRelative(dx: 1, dy: 0)
            tries += 1
        }
        guard window.pointerLock.isLocked else {
            throw Failure(description: "\(backend): no lock (\(String(describing: window.pointerLock.pointerLockState)))")
        }
        _ = input.pump(timeout: .milliseconds(200), until: { false })
        var measured = Measured()
        if backend == "wayland" {
            let burstCount = quick ? 500 : 2000
            // One burst first, as a warm-up: the window's event list grows to hold a burst once
            // and keeps that capacity.
            sway.burst(count: burstCount, dx: 1, dy: 0)
            _ = input.pump(timeout: .seconds(3), until: { input.delivered >= burstCount })
            _ = input.pump(timeout: .milliseconds(100), until: { false })
            input.delivered = 0
            _ = cbs_note_client_libraries()
            // The burst is sent (the tool's own work) before the counting starts: the events
            // wait on the socket until the loop reads and dispatches them.
            sway.burst(count: burstCount, dx: 1, dy: 0)
            let before = cbs_allocation_count(), libraryBefore = cbs_client_library_allocation_count()
            _ = input.pump(timeout: .seconds(3), until: { input.delivered >= burstCount })
            let all = Double(cbs_allocation_count() &- before), library = Double(cbs_client_library_allocation_count() &- libraryBefore)
            measured.burstDelivered = input.delivered
            let events = Double(max(input.delivered, 1))
            measured.ownAllocationsPerEvent = (all - library) / events
            measured.libraryAllocationsPerEvent = library / events
        }
        let injections = quick ? 50 : 500
        var latencies: [Double] = []
        latencies.reserveCapacity(injections)
        for _ in 0..<injections {
            let before = input.delivered
            let started = ContinuousClock.now
            sway.moveRelative(dx: 1, dy: 0)
            guard input.pump(timeout: .milliseconds(250), until: { input.delivered > before }) else { continue }
            latencies.append(GameInputLoop.nanoseconds(input.lastHandledAt - started))
        }
        measured.medianLatency = PairedTiming.median(latencies)
        measured.p99Latency = GameInputLoop.percentile(latencies, 0.99)
        measured.samples = latencies.count
        return measured
    }

    static func skipped(_ why: String) -> [Figure] {
        ["wayland_burst_delivered", "wayland_allocations_per_event", "wayland_latency_over_xwayland"].map { key in
            Figure(key: key, title: key, value: nil, unit: "", direction: .atMost, must: nil, goal: nil, note: why)
        }
    }
}
