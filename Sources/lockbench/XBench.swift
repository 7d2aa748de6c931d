import CBenchSupport
import GameInput
import GamePixels
import Glibc
import LockgameEngine
import LockgamePlatform
import XServerTestSupport

/// The figures that need an X server, measured on a private Xvfb + openbox started with
/// `-displayfd` (XServerTestSupport) and stopped by PID: present through the game's
/// `PixelPresenter` (MIT-SHM) against memcpy and against the frame, allocations per
/// steady-state frame with presenting and input, XTest injection → delta latency with lost and
/// duplicated counts, input-to-present latency, the CPU the real game uses, and presenting
/// with `XPutImage` to a display reached over TCP.
struct XBench {
    let plan: PairedTiming.Plan
    let quick: Bool
    let frame: DemoFrame

    /// The X figures; all are skipped with a note when no X server can be started.
    func run() -> [Figure] {
        let server: XServerFixture
        do {
            server = try XServerFixture()
        } catch {
            return XBench.skipped("no X server: \(error)")
        }
        defer { server.stop() }
        var figures: [Figure]
        do {
            figures = try measure(on: server)
        } catch {
            return XBench.skipped("X measurement failed: \(error)")
        }
        // The game runs after the benchmark's window is gone (it would hold the pointer grab).
        figures += GameCPUBench(displayName: server.displayName, quick: quick).run(probe: server.probe)
        figures += presentOverTCP()
        return figures
    }

    /// A remote display: Xvfb reached as `127.0.0.1:N` lists MIT-SHM and refuses the segment, so
    /// the presenter sends each frame with `XPutImage` through the socket. Timed until the
    /// server has processed it (a round trip), against rendering the same frame.
    private func presentOverTCP() -> [Figure] {
        let key = "present_tcp_over_render"
        let title = "present over TCP (XPutImage, until processed) ÷ render"
        do {
            let server = try XServerFixture(windowManager: nil, listensOnTCP: true)
            defer { server.stop() }
            let window = try GameWindow(
                title: "lockbench", width: DemoFrame.width, height: DemoFrame.height,
                displayName: server.tcpDisplayName, stallTimeout: nil)
            defer { window.close() }
            let presenter = try PixelPresenter(window: window)
            defer { presenter.close() }
            let input = GameInputLoop(window: window)
            window.show()
            guard input.pump(timeout: .seconds(5), until: { window.isViewable }) else {
                return [
                    Figure(
                        key: key, title: title, value: nil, unit: "x", direction: .atMost, must: nil, goal: 1,
                        note: "the window did not map on the TCP display")
                ]
            }
            let renderer = Renderer()
            let framebuffer = Framebuffer(width: 1, height: 1)
            framebuffer.target(presenter.pixels)
            let versusRender = PairedTiming(
                plan: plan,
                subject: {
                    presenter.present()
                    presenter.finishPresenting()
                }, baseline: { renderer.render(frame.scene, camera: DemoFrame.pose, into: framebuffer) })
            return [
                Figure(
                    key: key, title: title, value: versusRender.ratio, unit: "x", direction: .atMost, must: nil, goal: 1,
                    spread: versusRender.spread,
                    note: "\(presenter.path), present \(XBench.ms(versusRender.subjectNanoseconds)), "
                        + "render \(XBench.ms(versusRender.baselineNanoseconds)); goal: presenting costs no more than drawing")
            ]
        } catch {
            return [
                Figure(
                    key: key, title: title, value: nil, unit: "x", direction: .atMost, must: nil, goal: 1,
                    note: "no TCP display: \(error)")
            ]
        }
    }

    private func measure(on server: XServerFixture) throws -> [Figure] {
        let window = try GameWindow(
            title: "lockbench", width: DemoFrame.width, height: DemoFrame.height,
            displayName: server.displayName)
        defer { window.close() }
        let game = LockPreference()
        window.pointerLock.rootPreferring = game
        let presenter = try PixelPresenter(window: window)
        defer { presenter.close() }
        let input = GameInputLoop(window: window)
        window.show()
        guard input.pump(timeout: .seconds(5), until: { window.pointerLock.pointerLockState?.isLocked == true }) else {
            return XBench.skipped("the pointer lock did not engage on Xvfb")
        }
        presenter.resize(width: DemoFrame.width, height: DemoFrame.height)
        let framebuffer = Framebuffer(width: 1, height: 1)
        framebuffer.target(presenter.pixels)
        let renderer = Renderer()
        let scene = frame.scene, pose = DemoFrame.pose
        let bytes = framebuffer.width * framebuffer.height * 4
        let copy = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        defer { copy.deallocate() }
        renderer.render(scene, camera: pose, into: framebuffer)

        // Present (send + the server's completion) against memcpy and against the frame.
        let present = { input.present(presenter) }
        let versusCopy = PairedTiming(
            plan: plan, subject: present,
            baseline: {
                cbs_memcpy_block(copy, UnsafeRawPointer(framebuffer.pixels.baseAddress!), bytes, 1)
            })
        let versusFrame = PairedTiming(
            plan: plan, subject: present,
            baseline: { renderer.render(scene, camera: pose, into: framebuffer) })
        let shm = presenter.usesSharedMemory ? "MIT-SHM" : "XPutImage (no MIT-SHM)"
        var figures = [
            Figure(
                key: "present_over_memcpy", title: "present (\(shm), until completion) ÷ memcpy of the frame",
                value: versusCopy.ratio, unit: "x", direction: .atMost, must: 4, goal: nil, spread: versusCopy.spread,
                note: "present \(XBench.ms(versusCopy.subjectNanoseconds)), memcpy \(XBench.ms(versusCopy.baselineNanoseconds)), Xvfb"),
            Figure(
                key: "present_over_frame", title: "present ÷ render time", value: versusFrame.ratio, unit: "x",
                direction: .atMost, must: nil, goal: 0.10, spread: versusFrame.spread,
                note: "present \(XBench.ms(versusFrame.subjectNanoseconds)) after a render of "
                    + "\(XBench.ms(versusFrame.baselineNanoseconds)) into the SHM segment"),
        ]

        // Allocations per steady-state frame: input, render, present.
        let probe = server.probe
        let frames = quick ? 10 : 200
        let xSegments = cbs_note_client_libraries()
        let allocations = AllocationProbe.perCallWithClientLibraries(calls: frames) {
            probe.moveRelative(dx: 1, dy: 0)
            _ = input.pump(timeout: .milliseconds(100), until: { input.delivered > 0 })
            input.delivered = 0
            renderer.render(scene, camera: pose, into: framebuffer)
            input.present(presenter)
        }
        // Allocations made from the X client libraries (libxcb mallocs every event it reads,
        // libXi/Xlib every event cookie; the in-process XTest probe's too) are counted apart:
        // the must-target applies to the game's code, the rest is reported.
        let own = allocations.all - allocations.clientLibraries
        figures.append(
            Figure(
                key: "allocations_per_frame_x", title: "allocations per frame by the game (input + render + present)",
                value: xSegments > 0 ? max(0, own) : nil, unit: "/frame", direction: .atMost, must: 0, goal: nil,
                note: "\(frames) frames, 1 XTest motion each; plus \(FigureReport.format(allocations.clientLibraries))/frame "
                    + "inside libxcb/libX11/libXi (1 per X event read, more per XI2 cookie)"))
        figures.append(
            Figure(
                key: "allocations_per_frame_x_libraries", title: "allocations per frame inside the X libraries",
                value: allocations.clientLibraries, unit: "/frame", direction: .atMost, must: nil, goal: 0,
                note: "xcb allocates each event it reads; Xlib's XGetEventData allocates cookie data"))

        figures += InputLatencyBench(probe: probe, quick: quick).run(input: input)
        figures += inputToPresent(
            probe: probe, input: input,
            render: {
                renderer.render(scene, camera: pose, into: framebuffer)
            }, presenter: presenter, renderNanoseconds: versusFrame.baselineNanoseconds)
        return figures
    }

    /// From an event's receipt to the completed present of the frame that used it.
    private func inputToPresent(
        probe: XProbe, input: GameInputLoop, render: () -> Void,
        presenter: PixelPresenter, renderNanoseconds: Double
    ) -> [Figure] {
        var samples: [Double] = []
        for _ in 0..<(quick ? 20 : 300) {
            input.delivered = 0
            probe.moveRelative(dx: 1, dy: 0)
            guard input.pump(timeout: .milliseconds(200), until: { input.delivered > 0 }),
                let receivedAt = input.lastReceivedAt
            else { continue }
            render()
            input.present(presenter)
            samples.append(GameInputLoop.nanoseconds(EventTime.now - receivedAt))
        }
        guard !samples.isEmpty else { return [] }
        let median = PairedTiming.median(samples)
        let p99 = GameInputLoop.percentile(samples, 0.99)
        let goal = renderNanoseconds + 1e6
        return [
            Figure(
                key: "input_to_present_p50", title: "input receipt → frame presented, median", value: median / 1e6,
                unit: "ms", direction: .atMost, must: nil, goal: goal / 1e6,
                note: "p99 \(XBench.ms(p99)), \(samples.count) samples, goal = render + 1 ms")
        ]
    }

    static func ms(_ nanoseconds: Double) -> String { FigureReport.format(nanoseconds / 1e6) + " ms" }

    static func skipped(_ reason: String) -> [Figure] {
        [
            Figure(
                key: "present_over_memcpy", title: "present (MIT-SHM) ÷ memcpy of the frame", value: nil,
                unit: "x", direction: .atMost, must: 4, goal: nil, note: reason)
        ]
    }
}

/// The preference object: the benchmark's game always wants the lock.
final class LockPreference: PointerLockPreferring {
    var prefersPointerLocked: Bool { true }
}
