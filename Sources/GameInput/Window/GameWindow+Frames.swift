/// Frames: when each reached the screen, how old its input was then, and a pacer that starts
/// the next frame as late as is safe.
extension GameWindow {
    /// Where the window's presentation feedback comes from on this system, or why it has
    /// none (`lockgame --doctor` prints it).
    public var presentationFeedback: PresentationFeedbackSource {
        system.isClosed || system.isAttached ? .unavailable(.noWindow) : system.presentationFeedback
    }

    /// A frame begins: call it when the game samples input for the frame it is about to draw,
    /// after ``pollEvents(_:)`` (or ``waitForNextFrame(_:)``). The newest input delivered so
    /// far is the frame's, for its ``FramePresentation/inputToPhoton``. A frame begun and never
    /// presented is forgotten when the next begins.
    ///
    /// GamePixels' presenter submits the frame begun last; a frame it presents without one
    /// begins and ends at its `present()`.
    @discardableResult
    public func beginFrame() -> FrameID { frames.begin() }

    /// The game's own renderer is about to present `frame` (begun with ``beginFrame()``): call
    /// it just before `eglSwapBuffers` or `vkQueuePresentKHR`, on the window's thread, with
    /// nothing else committed to the window's surface in between. The system's answer comes
    /// later as ``InputEvent/presentation(_:)``.
    ///
    /// On Wayland it asks the compositor for `wp_presentation` feedback on the surface's next
    /// commit, which is the swap's. A renderer that presents on another thread calls this
    /// before handing the frame over, and the window's thread must not commit in between (the
    /// window commits its surface only for GamePixels and, before the first frame, in
    /// ``show()``). Where ``presentationFeedback`` is unavailable the frame's answer is
    /// `unavailable` at once.
    public func willPresent(_ frame: FrameID) {
        guard !system.isClosed, frames.timeline.openFrame == frame else { return }
        let source = presentationFeedback
        frames.submit(source: source) { request in
            if let request { system.requestPresentationFeedback(request) }
            return true
        }
    }

    /// The frame pacer's view: the refresh, the margin, the render time planned for and the
    /// frames missed (``waitForNextFrame(_:)`` follows it).
    public var framePacer: FramePacer { frames.pacer }

    /// Handles events until the moment the pacer picked to begin the next frame: as late as
    /// still makes the next presentation, from the display's refresh and phase, the game's
    /// render time (``beginFrame()`` to its presentation's submission) and a margin learnt
    /// from missed frames. Call ``beginFrame()`` when it returns.
    ///
    /// Input is read and handed to `handle` as it comes, so its times stay true and the lock
    /// goes on. Without a prediction (no presentation feedback, or none yet) it returns a
    /// refresh after it last returned (the refresh measured, else 1/60 s): a loop that draws
    /// nothing meanwhile, such as one whose window is hidden, wakes once a refresh and does not
    /// spin.
    public func waitForNextFrame(_ handle: (InputEvent) -> Void) {
        defer { frames.lastWake = .now }
        pollEvents(handle)
        let now = EventTime.now
        let unpaced = frames.lastWake.map { $0.advanced(by: frames.pacer.refreshInterval ?? Self.assumedRefresh) }
        guard let wake = frames.pacer.wakeTime(after: now) ?? unpaced, now < wake else { return }
        let deadline = ContinuousClock.now + now.duration(to: wake)
        while !system.isClosed, EventTime.now < wake {
            system.waitForEvents(until: deadline)
            pollEvents(handle)
        }
    }

    /// The refresh an unpaced ``waitForNextFrame(_:)`` waits out when none was measured.
    static let assumedRefresh: Duration = .nanoseconds(16_666_667)
}
