import Foundation
import GamePixels
import Testing
import XServerTestSupport

@testable import GameInput

/// Presentation feedback from real compositors: GamePixels' frames on a window of this
/// process each get exactly one answer from `wp_presentation`, shown at increasing times on
/// ``EventTime``'s clock; a hidden window's frames are answered as not shown, or not at all
/// while hidden, and the pacer's wait does not spin meanwhile.
@Suite(.serialized, .tags(.integration, .compositor)) struct PresentationFeedbackIntegrationTests {
    /// A window of this process on `compositor`, shown and drawn, and its presenter.
    final class Presenting {
        let windows: InProcessWaylandWindows
        let presenter: PixelPresenter
        var window: GameWindow { windows.window }
        /// Every answer, in order.
        var answers: [FramePresentation] = []
        private(set) var submitted: [FrameID] = []

        init(_ session: any WaylandSession) throws {
            windows = try InProcessWaylandWindows(environment: session.waylandEnvironment)
            windows.window.show()
            presenter = try PixelPresenter(window: windows.window)
        }

        func handle(_ event: InputEvent) {
            if case .presentation(let presentation) = event { answers.append(presentation) }
        }

        /// Presents a frame of `colour` when the presenter may draw; true when it did.
        func presentIfReady(_ colour: UInt32) -> Bool {
            guard !presenter.isBusy else { return false }
            let frame = window.beginFrame()
            for y in 0..<presenter.pixels.height { presenter.pixels.row(y).update(repeating: colour) }
            presenter.present()
            submitted.append(frame)
            return true
        }

        /// Draws `count` frames as the compositor asks for them, and waits for their answers.
        func presentFrames(_ count: Int) -> Bool {
            let target = submitted.count + count
            var colour: UInt32 = 0xFF20_4060
            return windows.pump(timeout: .seconds(20), handle: handle) {
                if submitted.count < target, presentIfReady(colour) { colour &+= 0x0101 }
                return submitted.count >= target && answered(submitted)
            }
        }

        func answered(_ frames: [FrameID]) -> Bool {
            Set(answers.map(\.frame)).isSuperset(of: frames)
        }
    }

    /// What each compositor, headless as the tests run it, answers (measured): mutter 43 shows
    /// each frame with its refresh and a hardware-completion flag; sway 1.7 offers
    /// `wp_presentation` and never answers (its headless output sends no presentation), so each
    /// frame is let go a second after it was sent (one replaced before its output drew it is
    /// discarded); KWin 5.27 (virtual backend) does not offer it.
    static func expected(_ compositor: NativeWaylandCompositor) -> FramePresentation.Outcome? {
        switch compositor {
        case .mutter: nil
        case .sway: .unavailable(.noAnswer)
        case .kwin: .unavailable(.compositorLacksPresentationTime)
        }
    }

    @Test(arguments: NativeWaylandCompositor.allCases)
    func everyFrameGetsOneAnswerWithTheDisplaysTimes(_ compositor: NativeWaylandCompositor) throws {
        let session = try compositor.start()
        defer { session.stop() }
        let game = try Presenting(session)
        defer { game.window.close() }
        let frames = 30
        #expect(game.presentFrames(frames), "\(compositor): \(game.submitted.count) frames sent, \(game.answers.count) answered")
        #expect(game.answers.map(\.frame) == game.submitted, "\(compositor): one answer per frame, in order")
        if let expected = Self.expected(compositor) {
            // sway discards a frame that the next commit replaced before its output drew it
            // (the first, at times).
            let others = game.answers.filter { $0.outcome != expected }
            #expect(
                others.count <= 1 && others.allSatisfy { compositor == .sway && $0.outcome == .discarded },
                "\(compositor): \(game.answers.map(\.outcome).prefix(3))")
            let source: PresentationFeedbackSource =
                compositor == .kwin ? .unavailable(.compositorLacksPresentationTime) : .waylandPresentationTime
            #expect(game.window.presentationFeedback == source, "\(compositor)")
            print("\(compositor): \(game.answers.count) frames, every one \(expected)")
            return
        }
        #expect(game.window.presentationFeedback == .waylandPresentationTime, "\(compositor)")
        let shown = game.answers.compactMap(\.presented)
        #expect(
            shown.count >= frames * 2 / 3,
            "\(compositor): \(shown.count) of \(game.answers.count) shown: \(game.answers.map(\.outcome).prefix(5))")
        let times = shown.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 }, "\(compositor): presentation times increase")
        let sequences = shown.compactMap(\.sequence)
        #expect(zip(sequences, sequences.dropFirst()).allSatisfy { $0 < $1 }, "\(compositor): refresh counts increase: \(sequences)")
        let now = EventTime.now
        #expect(times.allSatisfy { $0 <= now && $0.duration(to: now) < .seconds(30) }, "\(compositor): on the input's clock")
        let refresh = try #require(shown.last?.refreshInterval, "\(compositor): a refresh")
        #expect(game.window.framePacer.refreshInterval == refresh)
        let intervals = zip(times, times.dropFirst()).map { $0.duration(to: $1) }.sorted()
        let median = intervals[intervals.count / 2]
        // Drawn only when the compositor asks: a frame per refresh at most.
        #expect(median >= refresh / 2, "\(compositor): median interval \(median), refresh \(refresh)")
        let ages = game.answers.compactMap(\.beginToPhoton).sorted()
        print(
            "\(compositor): \(shown.count) of \(game.answers.count) frames shown, refresh \(refresh), median interval \(median), "
                + "flags \(shown.last?.flags.rawValue ?? 0), begin to photon median \(ages[ages.count / 2])")
    }

    /// sway: the window moved to another workspace is asked for no frames, and a loop that
    /// waits with the pacer wakes once a refresh instead of spinning (sway answers no frame, so
    /// the pacer has no prediction: its wait falls back to a refresh). Back on its workspace the
    /// frames go on, and every frame has had exactly one answer.
    @Test func aHiddenWindowsPacedLoopSleepsAndEveryFrameIsAnswered() throws {
        let sway = try SwayFixture(xwayland: false)
        defer { sway.stop() }
        let game = try Presenting(sway)
        defer { game.window.close() }
        #expect(game.presentFrames(10))
        #expect(sway.swaymsg(["[title=\"^parity$\"]", "move container to workspace 2"]))
        var sentHidden = 0
        var turns = 0
        let hiddenUntil = ContinuousClock.now + .milliseconds(500)
        while ContinuousClock.now < hiddenUntil {
            game.window.waitForNextFrame(game.handle)
            turns += 1
            if game.presentIfReady(0xFF80_2020) { sentHidden += 1 }
        }
        #expect(turns <= 30 * 2 + 10, "\(turns) turns of the paced loop in 0.5 s: it sleeps")
        #expect(sentHidden <= 2, "the compositor asks a hidden window for no frames: \(sentHidden) sent")
        #expect(
            sway.swaymsg(["workspace 2"]) && sway.swaymsg(["[title=\"^parity$\"]", "move container to workspace 1"])
                && sway.swaymsg(["workspace 1"]))
        #expect(game.presentFrames(5), "frames go on once the window is back")
        #expect(
            game.answers.map(\.frame).sorted() == game.submitted, "one answer per frame: \(game.answers.count) for \(game.submitted.count)")
        print("sway hidden: \(sentHidden) frames sent in \(turns) paced turns")
    }

    /// mutter: a loop paced by ``GameWindow/waitForNextFrame(_:)`` gets one answer per frame,
    /// and its frames mostly make the refresh the pacer aimed them at (the share is printed,
    /// not asserted: a loaded machine misses some).
    @Test func aPacedLoopUnderMutterHasEveryFrameAnswered() throws {
        let session = try GnomeKDEFixture(.mutter, nativeClients: true)
        defer { session.stop() }
        let game = try Presenting(session)
        defer { game.window.close() }
        #expect(game.presentFrames(5), "answers before pacing")
        let frames = 90
        let deadline = ContinuousClock.now + .seconds(20)
        while game.submitted.count < 5 + frames, ContinuousClock.now < deadline {
            game.window.waitForNextFrame(game.handle)
            _ = game.presentIfReady(0xFF20_8040)
        }
        #expect(game.windows.pump(timeout: .seconds(5), handle: game.handle) { game.answered(game.submitted) })
        #expect(game.answers.map(\.frame) == game.submitted, "one answer per frame, in order")
        let pacer = game.window.framePacer
        #expect(pacer.framesOnTime + pacer.missedFrames > 0, "the pacer aimed frames")
        let ages = game.answers.suffix(frames).compactMap(\.beginToPhoton).sorted()
        print(
            "mutter paced: \(pacer.framesOnTime) on time, \(pacer.missedFrames) missed, margin \(pacer.margin), "
                + "render \(pacer.renderTime), begin to photon p50 \(ages.isEmpty ? .zero : ages[ages.count / 2])")
    }
}
