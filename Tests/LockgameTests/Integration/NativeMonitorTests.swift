import Foundation
import TestTags
import Testing
import XServerTestSupport

/// Monitors natively: sway's outputs (and KWin's) are the game's monitors, `--monitor 1` fills
/// exactly the second one (sway's own rectangles, `get_outputs` and `get_tree`; KWin's script),
/// the lock holds there, and an output sway creates while the game runs is one
/// `monitorsChanged`; and the scale, under sway and KWin.
@Suite(.serialized, .tags(.integration, .compositor)) struct NativeMonitorTests {
    @Test func underSwayFullScreenFillsTheSecondOutputAndANewOneIsOneChange() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        #expect(sway.swaymsg(["create_output"]), "sway makes a second headless output")
        #expect(sway.swaymsg(["output", "HEADLESS-2", "mode", "800x600", "position", "1280", "0"]))
        let outputs = sway.outputRectangles()
        let second = try #require(outputs["HEADLESS-2"], "\(outputs)")
        #expect(second == (1280, 0, 800, 600), "\(second)")
        sway.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: sway, arguments: ["--monitor", "1"])
        defer { game.stop() }
        #expect(game.waitForLine("full screen: HEADLESS-2 asked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        #expect(
            BoundedWait.until(timeout: .seconds(5)) { sway.windowFrame(title: "lockgame").map { $0 == second } == true },
            "the game fills HEADLESS-2 \(second): \(String(describing: sway.windowFrame(title: "lockgame")))")
        // The cursor stayed on HEADLESS-1: the lock waits for it over the window, and holds there.
        #expect(game.waitForLine("lock: unlocked (pointer outside the window)", after: 0), "\(game.lines)")
        for _ in 0..<20 { sway.moveRelative(dx: 52, dy: -3) }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(10)), "\(game.lines)")
        #expect(BoundedWait.until { sway.compositorHoldsLock }, "sway holds the lock")

        let seen = game.lines.count
        #expect(sway.swaymsg(["create_output"]), "a third output")
        #expect(
            BoundedWait.until(timeout: .seconds(5)) { game.lines.dropFirst(seen).contains { $0.hasPrefix("monitors: ") } },
            "\(Array(game.lines.dropFirst(seen)))")
        Thread.sleep(forTimeInterval: 0.5)
        let changes = game.lines.dropFirst(seen).filter { $0.hasPrefix("monitors: ") }
        #expect(changes.count == 1, "one change: \(changes)")
        let listed = changes.first ?? ""
        #expect(
            listed.contains("HEADLESS-1 1280x720+0+0") && listed.contains("HEADLESS-2 800x600+1280+0") && listed.contains("HEADLESS-3 "),
            "sway's layout: \(listed)")
        #expect(game.lines.last { $0.hasPrefix("lock: ") } == "lock: locked", "the lock holds: \(Array(game.lines.dropFirst(seen)))")
    }

    /// Under KWin with two virtual outputs side by side: they are the game's monitors,
    /// `--monitor 1` fills exactly the second one (KWin's script reads the window's frame), and
    /// the lock holds there.
    @Test func underKWinFullScreenFillsTheSecondOutput() throws {
        let kwin = try GnomeKDEFixture(.kwin, nativeClients: true, outputs: 2)
        defer { kwin.stop() }
        kwin.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: kwin, arguments: ["--monitor", "1"])
        defer { game.stop() }
        #expect(game.waitForLine("full screen: Virtual-1 asked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        #expect(
            BoundedWait.until(timeout: .seconds(5)) { kwin.windowFrame(title: "lockgame").map { $0 == (1280, 0, 1280, 720) } == true },
            "the game fills Virtual-1: \(String(describing: kwin.windowFrame(title: "lockgame")))")
        // A lock taken on the first output before the move either held through it (KWin keeps
        // a locked pointer's focus) or ended as the window left the cursor: then the lock waits
        // for the cursor over the window. Either way the game says what KWin holds.
        Thread.sleep(forTimeInterval: 0.5)
        if game.lines.last(where: { $0.hasPrefix("lock: ") }) != "lock: locked" {
            let seen = game.lines.count
            for _ in 0..<20 { kwin.moveRelative(dx: 52, dy: -3) }
            #expect(game.waitForLine("lock: locked", after: seen, timeout: .seconds(10)), "\(Array(game.lines.dropFirst(seen)))")
            #expect(
                kwin.cursorPosition().map { $0.x >= 1280 } == true,
                "the cursor is on Virtual-1: \(String(describing: kwin.cursorPosition()))")
        }
        #expect(BoundedWait.until { kwin.compositorHoldsLock }, "KWin holds the lock")
        #expect(game.lines.last { $0.hasPrefix("lock: ") } == "lock: locked", "\(game.lines)")
    }

    /// The demo natively under sway, locked, when its output goes to scale 2 while it runs: it
    /// says `scale: 2 (output scale 2)`, its HUD's LOCKED is twice as big on the screen (sway's
    /// screenshot at the output's pixels), and the lock holds through it.
    @Test func theHUDFollowsTheOutputsScale() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        sway.moveTo(x: 640, y: 360)
        let game = try NativeGame(session: sway, arguments: [])
        defer { game.stop() }
        #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "\(game.lines)")
        #expect(
            game.lines.contains("scale: 1 (output scale 1)") || game.waitForLine("scale: 1 (output scale 1)", after: 0), "\(game.lines)")
        Thread.sleep(forTimeInterval: 0.5)
        let single = try #require(sway.screenshot().flatMap(MonitorTests.lockedTextSize(in:)), "LOCKED at scale 1")

        let seen = game.lines.count
        #expect(sway.swaymsg(["output", "HEADLESS-1", "scale", "2"]))
        #expect(game.waitForLine("scale: 2 (output scale 2)", after: seen), "\(Array(game.lines.dropFirst(seen)))")
        Thread.sleep(forTimeInterval: 0.5)
        let shot = try #require(sway.screenshot(), "grim takes screenshots")
        #expect(shot.width == 1280 && shot.height == 720, "the output's pixels: \(shot.width)x\(shot.height)")
        let double = try #require(MonitorTests.lockedTextSize(in: shot), "LOCKED at scale 2")
        let tall = Double(double.height) / Double(single.height), wide = Double(double.width) / Double(single.width)
        #expect(tall > 1.8 && tall < 2.2 && wide > 1.8 && wide < 2.2, "LOCKED at scale 2 is twice as big: \(single) → \(double)")
        #expect(game.lines.last { $0.hasPrefix("lock: ") } == "lock: locked", "the lock holds: \(Array(game.lines.dropFirst(seen)))")
        #expect(BoundedWait.until { sway.compositorHoldsLock }, "sway holds the lock")
    }

    /// The demo natively under KWin with its output at scale 1.5: it says
    /// `scale: 1.5 (preferred scale 1.5)` (KWin's `wp_fractional_scale_v1`), its HUD's LOCKED is
    /// 1.5 times as big in the output's own pixels as under KWin at scale 1, and KWin holds the
    /// lock.
    @Test func theHUDTakesKWinsFractionalScale() throws {
        func lockedText(at scale: Double) throws -> (width: Int, height: Int, x: Int, y: Int)? {
            let kwin = try GnomeKDEFixture(.kwin, nativeClients: true, scale: scale)
            defer { kwin.stop() }
            kwin.moveTo(x: 640, y: 360)
            let game = try NativeGame(session: kwin, arguments: [])
            defer { game.stop() }
            #expect(game.waitForLine("lock: locked", after: 0, timeout: .seconds(15)), "at \(scale): \(game.lines)")
            let expected = scale == 1 ? "scale: 1 (preferred scale 1)" : "scale: 1.5 (preferred scale 1.5)"
            #expect(game.lines.contains(expected) || game.waitForLine(expected, after: 0), "at \(scale): \(game.lines)")
            #expect(BoundedWait.until { kwin.compositorHoldsLock }, "KWin holds the lock at \(scale)")
            Thread.sleep(forTimeInterval: 0.5)
            // The window's part of the output's own pixels (KWin places it in logical units).
            let frame = try #require(kwin.windowFrame(title: "lockgame"), "KWin lists the window")
            let shot = try #require(kwin.screenshot(nativeResolution: true), "KWin takes screenshots")
            let left = Int(Double(frame.x) * scale), top = Int(Double(frame.y) * scale)
            let width = min(Int(Double(frame.width) * scale), shot.width - left),
                height = min(Int(Double(frame.height) * scale), shot.height - top)
            let window = (top..<top + height).flatMap { y in (left..<left + width).map { shot.pixels[y * shot.width + $0] } }
            return MonitorTests.lockedTextSize(in: (width, height, window))
        }
        let single = try #require(try lockedText(at: 1), "LOCKED at scale 1")
        let larger = try #require(try lockedText(at: 1.5), "LOCKED at scale 1.5")
        let tall = Double(larger.height) / Double(single.height), wide = Double(larger.width) / Double(single.width)
        #expect(tall > 1.35 && tall < 1.65 && wide > 1.35 && wide < 1.65, "LOCKED at scale 1.5 is 1.5 times as big: \(single) → \(larger)")
    }
}
