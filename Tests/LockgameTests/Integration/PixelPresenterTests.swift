import CXlib
import Foundation
import GameInput
import GamePixels
import TestTags
import Testing
import XServerTestSupport

/// GamePixels' presenter on a real X server, in the test process: a completion made
/// late by another client's `XGrabServer` holds frames back without blocking and MIT-SHM comes
/// back with it; completions that never come end on `XPutImage`; a closed presenter's
/// pixels stay drawable; pixels with a stride of their own are copied. Pixels are read back from the server by the probe.
@Suite(.serialized, .tags(.integration, .timing)) final class PixelPresenterTests {
    let server: XServerFixture
    let window: GameWindow
    let presenter: PixelPresenter
    /// Every change of path the presenter reported, in order.
    private(set) var pathChanges: [PixelPresenter.Path] = []
    /// The longest single call into the presenter (`present()` or the path check).
    private(set) var longestCall: Duration = .zero
    /// Whether every frame drawn while frames were held back was drawn into private memory.
    private(set) var heldBackFramesInPrivateMemory = true

    static let width = 320, height = 240

    init() throws {
        server = try XServerFixture(windowManager: nil)
        window = try GameWindow(
            title: "presenter-test", width: Self.width, height: Self.height, displayName: server.displayName)
        presenter = try PixelPresenter(window: window)
        window.show()
        let deadline = ContinuousClock.now + .seconds(5)
        while !window.isViewable && ContinuousClock.now < deadline { step() }
        try #require(window.isViewable, "the window did not map")
    }

    deinit {
        presenter.close()
        window.close()
        server.stop()
    }

    /// One turn of a game loop without drawing: waits at most 5 ms for events, handles them,
    /// and lets the presenter move its path on (recording what it reports).
    func step() {
        window.waitForEvents(until: .now + .milliseconds(5))
        window.pollEvents { _ in }
        let started = ContinuousClock.now
        let changed = presenter.updatePath(now: started)
        longestCall = max(longestCall, .now - started)
        if changed { pathChanges.append(presenter.path) }
    }

    /// Writes `color` into every pixel and presents it, timing the call.
    func present(_ color: UInt32) {
        let pixels = presenter.pixels
        for y in 0..<pixels.height { pixels.row(y).update(repeating: color) }
        let started = ContinuousClock.now
        presenter.present()
        longestCall = max(longestCall, .now - started)
    }

    /// Presents `color` and waits (at most 2 s) until the server has read the frame.
    func presentAndWait(_ color: UInt32) -> Bool {
        present(color)
        let deadline = ContinuousClock.now + .seconds(2)
        while presenter.isBusy && ContinuousClock.now < deadline { step() }
        XSync(window.x11System!.connection.display, 0)
        return !presenter.isBusy
    }

    /// Runs a game loop at about 60 frames a second, drawing `color` whenever the presenter
    /// lets it draw, until `condition` holds or `timeout` passes; returns the path each frame
    /// was drawn on.
    @discardableResult
    func runLoop(drawing color: UInt32, timeout: Duration, until condition: () -> Bool) -> [PixelPresenter.Path] {
        let deadline = ContinuousClock.now + timeout
        var nextFrame = ContinuousClock.now
        var frames: [PixelPresenter.Path] = []
        while !condition() && ContinuousClock.now < deadline {
            step()
            let now = ContinuousClock.now
            guard now >= nextFrame, !presenter.isBusy else { continue }
            frames.append(presenter.path)
            if presenter.path == .completionOverdue && presenter.pixelsAreShared {
                heldBackFramesInPrivateMemory = false
            }
            present(color)
            nextFrame = now + .milliseconds(16)
        }
        return frames
    }

    /// Whether every pixel of the window on the server is `color` (alpha ignored).
    func windowShows(_ color: UInt32) throws -> Bool {
        let picture = try #require(server.probe.capture(window.x11System!.windowID))
        #expect(picture.width == Self.width && picture.height == Self.height)
        return picture.pixels.allSatisfy { $0 == color & 0x00FF_FFFF }
    }

    static let before: UInt32 = 0xFF20_40C0
    static let during: UInt32 = 0xFFC0_4020
    static let after: UInt32 = 0xFF30_C050

    /// A window manager's `XGrabServer` (here the probe's, 800 ms) makes the completion late:
    /// the presenter holds frames back without blocking, the game keeps drawing into private
    /// memory, and MIT-SHM comes back with the completion, with the right pixels on screen.
    @Test func aServerGrabMakesTheCompletionLateAndMITSHMComesBack() throws {
        try #require(presenter.path == .sharedMemory)
        #expect(presentAndWait(Self.before))
        #expect(try windowShows(Self.before))
        longestCall = .zero

        let grab = server.probe.grabServer(for: .milliseconds(800))
        let grabbed = ContinuousClock.now
        let frames = runLoop(drawing: Self.during, timeout: .seconds(3)) {
            ContinuousClock.now - grabbed > .seconds(1) && presenter.path == .sharedMemory
        }
        #expect(grab.waitUntilReleased(timeout: .seconds(3)))

        #expect(pathChanges == [.completionOverdue, .sharedMemory], "changes: \(pathChanges)")
        #expect(presenter.path == .sharedMemory)
        #expect(longestCall < .milliseconds(150), "a call into the presenter blocked for \(longestCall)")
        // About 300 ms between the overdue completion and the end of the grab, at 60 fps.
        #expect(frames.count { $0 == .completionOverdue } >= 5, "frames drawn on: \(frames)")
        #expect(heldBackFramesInPrivateMemory)
        #expect(presenter.pixelsAreShared, "the pixels are the shared segment again")
        #expect(presentAndWait(Self.after))
        #expect(try windowShows(Self.after))
    }

    /// The window is resized while frames are held back: MIT-SHM comes back with a new
    /// segment of the new size, and the frame lands on screen.
    @Test func aResizeWhileFramesAreHeldBackGetsANewSegment() throws {
        try #require(presenter.path == .sharedMemory)
        #expect(presentAndWait(Self.before))
        let grab = server.probe.grabServer(for: .milliseconds(800))
        runLoop(drawing: Self.during, timeout: .seconds(2)) { presenter.path != .sharedMemory }
        #expect(presenter.path == .completionOverdue, "changes: \(pathChanges)")
        longestCall = .zero
        let started = ContinuousClock.now
        presenter.resize(width: Self.width / 2, height: Self.height / 2)
        longestCall = .now - started
        runLoop(drawing: Self.during, timeout: .seconds(3)) { presenter.path == .sharedMemory }
        #expect(grab.waitUntilReleased(timeout: .seconds(3)))

        #expect(pathChanges == [.completionOverdue, .sharedMemory], "changes: \(pathChanges)")
        #expect(longestCall < .milliseconds(150), "a call into the presenter blocked for \(longestCall)")
        #expect(presenter.pixels.width == Self.width / 2 && presenter.pixels.height == Self.height / 2)
        #expect(presenter.pixelsAreShared, "the pixels are a shared segment again")
        #expect(presentAndWait(Self.after))
        let picture = try #require(server.probe.capture(window.x11System!.windowID))
        let corner = (0..<Self.height / 2).flatMap { y in (0..<Self.width / 2).map { picture.pixels[y * Self.width + $0] } }
        #expect(corner.allSatisfy { $0 == Self.after & 0x00FF_FFFF })
    }

    /// A server that processes frames and never answers them (its completions dropped here):
    /// the presenter proves the completion lost without waiting and ends on `XPutImage`.
    @Test func completionsThatNeverComeEndOnXPutImage() throws {
        try #require(presenter.path == .sharedMemory)
        #expect(presentAndWait(Self.before))
        // A server that never answers: the completion events are read and dropped.
        let completion = XShmGetEventBase(window.x11System!.connection.display) + ShmCompletion
        let original = window.x11System!.otherEventHandler
        window.x11System!.otherEventHandler = { event in
            if event.pointee.type != completion { original?(event) }
        }
        longestCall = .zero
        runLoop(drawing: Self.during, timeout: .seconds(3)) { presenter.path == .putImage(.completionLost) }
        #expect(pathChanges == [.completionOverdue, .putImage(.completionLost)], "changes: \(pathChanges)")
        #expect(longestCall < .milliseconds(150), "a call into the presenter blocked for \(longestCall)")
        #expect(!presenter.pixelsAreShared)
        #expect(presentAndWait(Self.after))
        #expect(try windowShows(Self.after))

        // Completions that come again later change nothing: there is no segment any more.
        window.x11System!.otherEventHandler = original
        runLoop(drawing: Self.before, timeout: .milliseconds(700)) { false }
        #expect(presenter.path == .putImage(.completionLost), "changes: \(pathChanges)")
        #expect(presentAndWait(Self.after))
        #expect(try windowShows(Self.after))
    }

    /// After `close()` the pixels are still drawable memory of the same size (every pixel
    /// written and read back), and presenting sends nothing.
    @Test func pixelsWrittenAfterCloseDoNotCrash() throws {
        try #require(presenter.path == .sharedMemory)
        #expect(presentAndWait(Self.before))
        let size = (presenter.pixels.width, presenter.pixels.height)
        presenter.close()

        let pixels = presenter.pixels
        #expect(!presenter.pixelsAreShared)
        #expect(pixels.width == size.0 && pixels.height == size.1)
        for y in 0..<pixels.height { pixels.row(y).update(repeating: Self.after) }
        #expect((0..<pixels.height).allSatisfy { pixels.row($0).allSatisfy { $0 == Self.after } })
        // Presenting after close does nothing: the window still shows the last frame.
        presenter.present()
        XSync(window.x11System!.connection.display, 0)
        #expect(try windowShows(Self.before))
    }

    /// Pixels the caller drew in memory of its own, rows padded to a stride wider than the
    /// window, reach the window row by row, on both paths; while the server still reads the
    /// last frame the copy is refused and nothing changes.
    @Test func pixelsWithAStrideOfTheirOwnAreCopied() throws {
        for allowSharedMemory in [true, false] {
            let presenter = allowSharedMemory ? self.presenter : try PixelPresenter(window: window, allowSharedMemory: false)
            defer { if !allowSharedMemory { presenter.close() } }
            let stride = (Self.width + 13) * 4
            let memory = UnsafeMutableRawPointer.allocate(byteCount: stride * Self.height, alignment: 4)
            defer { memory.deallocate() }
            let source = PixelRows(baseAddress: memory, width: Self.width, height: Self.height, bytesPerRow: stride)
            // A picture with a colour per row, and the padding poisoned.
            for y in 0..<Self.height {
                (memory + y * stride).initializeMemory(as: UInt32.self, repeating: 0xFFFF_00FF, count: stride / 4)
                source.row(y).update(repeating: 0xFF00_0000 | UInt32(y) << 8 | 0x40)
            }
            #expect(presenter.present(copying: source))
            if allowSharedMemory {
                #expect(presenter.isBusy)
                #expect(!presenter.present(copying: source), "refused while the server reads the last frame")
                let deadline = ContinuousClock.now + .seconds(2)
                while presenter.isBusy && ContinuousClock.now < deadline { step() }
            } else {
                XSync(window.x11System!.connection.display, 0)
            }
            let picture = try #require(server.probe.capture(window.x11System!.windowID))
            let expected = (0..<Self.height).flatMap { y in [UInt32](repeating: UInt32(y) << 8 | 0x40, count: Self.width) }
            #expect(picture.pixels == expected, "shared memory \(allowSharedMemory): rows arrive without their padding")
        }
    }
}
