import CXlib
import Foundation
import XServerTestSupport

@testable import GameInput

/// Xvfb with openbox, driven through XTest.
final class X11ParityTarget: InputParityTarget {
    let server: XServerFixture
    let harness: GameWindowHarness
    var window: GameWindow { harness.window }
    var events: [InputEvent] {
        get { harness.events }
        set { harness.events = newValue }
    }

    var route: (InputEvent) -> Void {
        get { harness.route }
        set { harness.route = newValue }
    }

    init(layout: String) throws {
        server = try XServerFixture()
        do {
            if layout != "us" {
                let setxkbmap = try ChildProcess(
                    executable: XServerFixture.locate("setxkbmap"), arguments: ["-display", server.displayName, "-layout", layout])
                guard setxkbmap.waitForExit(timeout: .seconds(10)) == 0 else { throw ParityFailure.layout(setxkbmap.lines) }
            }
            harness = try GameWindowHarness(displayName: server.displayName, title: "parity")
        } catch {
            server.stop()
            throw error
        }
    }

    func showFocusedWithThePointerIn() -> Bool {
        window.show()
        let probe = server.probe
        guard let id = window.x11System?.windowID, harness.pump(until: { window.isViewable && probe.focusedWindow == id }) else {
            return false
        }
        let centre = probe.centre(of: id)
        probe.moveAbsolute(x: centre.x, y: centre.y)
        harness.pump(for: .milliseconds(50))
        return true
    }

    func key(_ evdevCode: Int, down: Bool) { server.probe.sendKey(UInt32(evdevCode + 8), down: down) }

    func button(_ evdevCode: Int, down: Bool) {
        let number: UInt32 = evdevCode == 272 ? 1 : evdevCode == 273 ? 3 : 2
        XTestFakeButtonEvent(server.probe.display, number, down ? 1 : 0, 0)
        XSync(server.probe.display, 0)
    }

    func loseConnection() {
        server.probe.close()
        server.serverProcess.send(SIGKILL)
    }

    func focusElsewhere() { server.probe.showOtherWindow() }
    var systemHoldsLock: Bool { server.probe.pointerIsGrabbed }

    func focusBack() {
        server.probe.closeOtherWindow()
        if let id = window.x11System?.windowID { server.probe.activate(id) }
    }

    func pump(timeout: Duration, until condition: () -> Bool) -> Bool { harness.pump(timeout: timeout, until: condition) }

    func stop() {
        window.close()
        server.stop()
    }
}
