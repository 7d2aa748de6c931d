internal import CXlib

/// The X11 side of pointer lock and confinement, and the matching ungrab. The lock is
/// `XGrabPointer` with `owner_events = False`, confined to the game's window, showing a blank
/// cursor, reporting buttons only. The confinement is the same grab with `owner_events = True`
/// and no cursor of its own (the window's shows), confined to the window or to an input-only
/// child window covering its ``confinementRect`` part; the pointer's own events come as
/// usual. Changing from one to the other is a second `XGrabPointer` by the same client, which
/// the server applies to the grab it holds: the pointer is never free in between.
///
/// Where the cursor goes on release: it is put back where the lock found it only when the game
/// itself let go (preference off, an alert, quitting) and only when that point was inside the
/// window and the window was the one under it. Every other release leaves the pointer where it
/// is. A warp makes crossing events, and a window manager that focuses the window under the
/// pointer (i3's default, any focus-follows-mouse setting) would answer a warp onto the game's
/// frame after a focus loss by handing the focus straight back.
///
/// The keyboard is never grabbed: a keyboard grab would stop the window manager's alt-tab.
/// `XWarpPointer` produces no raw motion, so unlocking adds no delta. Raw motion is selected
/// only while the grab holds (under Xwayland, while the window has the focus): a game in the
/// background wakes for nobody else's mouse.
///
/// Nothing here waits for the ``LockGuardian`` (kept alive by ``X11LockSupervision``). Its
/// window (the game's area, mapped from its start) is the grab's `confine_to`, so the pointer
/// is freed even when this process cannot run; a lock tells it to watch, in a line that needs
/// no answer. While it starts, or maps its window again after a release, a lock is pending
/// for at most ``armPatience``, then taken confined to the game's own window with the
/// in-process ``StallWatchdog`` guarding it, and moved to the guardian's window when that is
/// mapped. Without a guardian (it could not start, or `GAMEINPUT_NO_GUARDIAN=1`, or
/// `GAMEINPUT_GRAB_UNDER_DEBUGGER=1`, which asks to keep the pointer at breakpoints) the
/// watchdog alone guards against stalls.
final class X11PointerGrab: PointerLockPlatform {
    private let connection: X11Connection
    private let window: UInt
    private let xinput: X11XInput
    /// The window's cursor: blank while locked, the game's chosen shape otherwise.
    private let cursor: X11WindowCursor
    /// Whether raw button events stay selected all along: on a host's window, where the host
    /// holds the window's one `ButtonPress` selection, they are how the lock learns which
    /// buttons are held.
    private let wantsRawButtons: Bool
    private var restorePosition: (x: Int32, y: Int32)?
    /// The guardian and the watchdog that free the pointer when the game cannot run.
    let supervision: X11LockSupervision
    /// The grab this client holds, as far as it knows.
    private(set) var heldKind: PointerGrabKind?
    /// Whether this client holds a grab (a lock or a confinement), as far as it knows.
    var isGrabbed: Bool { heldKind != nil }
    /// The confinement's rectangle in window pixels; nil: the whole window.
    private var confinementRect: WindowRect?
    /// The window's size, to clip ``confinementRect`` to.
    private var windowSize: (width: Int, height: Int)
    /// The input-only window a confinement with a rectangle is confined to, and the window it
    /// is a child of: the guardian's window while that guards the grab (so the guardian's
    /// release, unmapping its window, frees this grab too), else the game's.
    private var region: (window: UInt, parent: UInt)?
    /// Whether the held grab is confined to the guardian's window (rather than the game's).
    private(set) var isGuarded = false
    /// Whether raw motion is wanted while no grab holds: under Xwayland, while the window has
    /// the focus, a raw event is how the window learns that the seat's pointer moved (its
    /// enter alone can be stale), which the lock waits for there.
    var wantsRawMotionUnlocked = false {
        didSet { updateRawMotionSelection() }
    }
    private var isRawMotionSelected = false
    /// When the current lock attempt began waiting for the guardian's window; nil when none waits.
    private var armWaitBegan: ContinuousClock.Instant?
    /// How long a lock waits (without blocking: it is reported `notYetGranted`) for the
    /// guardian's window before it is taken confined to the game's own window, guarded by
    /// the watchdog until the guardian's window is mapped.
    static let armPatience: Duration = .milliseconds(100)
    /// Called after each successful grab and each ungrab with the serial number of the
    /// request that made the change: events the server generated before it are stale.
    var onTransition: (UInt) -> Void = { _ in }

    /// Pointer events the lock reports to our window (core masks, as `XGrabPointer` takes them):
    /// buttons only. Movement reaches the game as raw motion alone while locked; the hidden
    /// pointer's position would fire hover regions under the lock.
    private static let lockEventMask = UInt32(ButtonPressMask | ButtonReleaseMask)
    /// What the confinement reports on its own (`owner_events` delivers the window's usual
    /// events first): buttons, motion and crossings.
    private static let confinementEventMask = UInt32(
        ButtonPressMask | ButtonReleaseMask | PointerMotionMask | EnterWindowMask | LeaveWindowMask)

    /// A grab for `window` of `width` by `height`, guarded by a lock guardian unless
    /// `usesGuardian` is false, with hang detection after `stallTimeout` (nil: none), showing
    /// `cursor`; `isHostWindow` for a host's window.
    init(
        connection: X11Connection, window: UInt, size: (width: Int, height: Int), xinput: X11XInput, cursor: X11WindowCursor,
        usesGuardian: Bool, stallTimeout: Duration?, isHostWindow: Bool = false, wantsRawButtons: Bool = false
    ) {
        self.connection = connection
        self.window = window
        self.xinput = xinput
        self.cursor = cursor
        self.wantsRawButtons = wantsRawButtons
        windowSize = size
        supervision = X11LockSupervision(
            connection: connection, window: window, isHostWindow: isHostWindow, usesGuardian: usesGuardian,
            stallTimeout: stallTimeout)
        supervision.watchdog?.release = { [unowned self] in emergencyRelease() }
        supervision.onGuardianGone = { [unowned self] parent in forgetRegion(within: parent) }
        if wantsRawButtons { xinput.selectRawEvents(motion: false, buttons: true) }
    }

    // Acquire and release mirror each other: select raw motion, grab + hide, then ungrab +
    // show + restore, deselect.

    /// Grabs the pointer to the window as `kind` asks (a lock hides it), confined to the
    /// guardian's window while that is mapped; while it is not yet (at most ``armPatience``)
    /// the attempt is pending.
    func acquire(_ kind: PointerGrabKind) -> GrabOutcome {
        guard !connection.isLost else { return .refused(.requestFailed) }
        let display = connection.display
        let now = ContinuousClock.now
        supervision.startIfDue(now: now)
        let guardian = supervision.guardian
        if let guardian, !guardian.isArmed {
            guardian.arm()  // after a release; a guardian that is starting maps its window when ready
            let began = armWaitBegan ?? now
            armWaitBegan = began
            if now - began < Self.armPatience { return .pending(until: began + Self.armPatience) }
        }
        armWaitBegan = nil
        let position = kind == .lock ? pointerPositionOverWindow() : nil
        let guardedBy = guardian.flatMap { $0.isArmed ? $0.confineWindow : nil }
        // Selected before the grab, so no motion after it is missed (what came before it is
        // stale by serial).
        heldKind = kind
        updateRawMotionSelection()
        let serial = XNextRequest(display)
        if let refusal = grab(kind, within: guardedBy ?? window) {
            heldKind = nil
            updateRawMotionSelection()
            return .refused(refusal)
        }
        isGuarded = guardedBy != nil
        restorePosition = position
        cursor.isHiddenByLock = kind == .lock
        if isGuarded { guardian?.watch() }
        connection.flush()
        supervision.watchdog?.setArmed(!isGuarded)
        onTransition(serial)
        return .granted
    }

    /// Turns the held grab into `kind` with a second grab request, which the server applies
    /// to the grab held. From a lock, the cursor appears where the lock began (when that was
    /// over the window); a refusal ends the grab.
    func change(to kind: PointerGrabKind) -> GrabOutcome {
        guard let held = heldKind, !connection.isLost else { return .refused(.requestFailed) }
        let display = connection.display
        if held == .lock, kind == .confinement, let restorePosition {
            XWarpPointer(display, 0, connection.rootWindow, 0, 0, 0, 0, restorePosition.x, restorePosition.y)
        }
        restorePosition = kind == .lock ? pointerPositionOverWindow() : nil
        heldKind = kind
        updateRawMotionSelection()
        let serial = XNextRequest(display)
        let base = guardedWindow
        if let refusal = grab(kind, within: base) {
            XUngrabPointer(display, UInt(CurrentTime))
            grabWasLost()
            XSync(display, 0)
            onTransition(serial)
            return .refused(refusal)
        }
        cursor.isHiddenByLock = kind == .lock
        connection.flush()
        onTransition(serial)
        return .granted
    }

    /// The lock is no longer wanted before it was taken (the guardian's window, mapped or on
    /// its way, stays).
    func cancelAcquire() {
        armWaitBegan = nil
    }

    /// Keeps a confinement in `rect` from now on (nil: the whole window); a confinement that
    /// holds moves there at once.
    func setConfinementRect(_ rect: WindowRect?) {
        confinementRect = rect
        updateRegion()
    }

    /// The window's new size: a confinement rectangle is clipped to it again.
    func windowResized(width: Int, height: Int) {
        guard width != windowSize.width || height != windowSize.height else { return }
        windowSize = (width, height)
        updateRegion()
    }

    /// The confinement rectangle clipped to the window, in whole pixels; nil when there is
    /// none or it misses the window (the whole window then).
    private var clippedRegion: (x: Int32, y: Int32, width: UInt32, height: UInt32)? {
        guard let rect = confinementRect, rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite
        else { return nil }
        let left = max(0, min(Double(windowSize.width), rect.x.rounded(.down)))
        let top = max(0, min(Double(windowSize.height), rect.y.rounded(.down)))
        let right = max(0, min(Double(windowSize.width), (rect.x + rect.width).rounded(.up)))
        let bottom = max(0, min(Double(windowSize.height), (rect.y + rect.height).rounded(.up)))
        guard right - left >= 1, bottom - top >= 1 else { return nil }
        return (Int32(left), Int32(top), UInt32(right - left), UInt32(bottom - top))
    }

    /// The window a confinement within `base` is confined to: `base` itself, or the region
    /// window, made a child of `base` first when it is not one yet. The region window of an
    /// earlier parent stays until the grab has moved off it (unmapping a grab's confining
    /// window ends the grab).
    private func confinementTarget(within base: UInt) -> (window: UInt, retired: (window: UInt, parent: UInt)?) {
        guard let area = clippedRegion else { return (base, nil) }
        if let region, region.parent == base { return (region.window, nil) }
        let display = connection.display
        var attributes = XSetWindowAttributes()
        let created = XCreateWindow(
            display, base, area.x, area.y, area.width, area.height, 0, 0, UInt32(InputOnly), nil, 0, &attributes)
        XMapWindow(display, created)
        let retired = region
        region = (created, base)
        return (created, retired)
    }

    /// Applies a new rectangle or window size to the region window, and to a confinement that
    /// holds.
    private func updateRegion() {
        guard !connection.isLost else { return }
        let display = connection.display
        if let region, let area = clippedRegion {
            XMoveResizeWindow(display, region.window, area.x, area.y, area.width, area.height)
        }
        if heldKind == .confinement {
            // A request to the grab held: it moves to the region window or back to the base. A
            // refused request leaves the grab as it was, confined where it was.
            let base = guardedWindow
            _ = grab(.confinement, within: base)
        }
        if clippedRegion == nil, let region {
            _ = connection.trappingErrors { XDestroyWindow(display, region.window) }
            self.region = nil
        }
        connection.flush()
    }

    /// Forgets the region window when it was a child of the guardian's window, which is gone
    /// (the server destroyed the region window with it).
    private func forgetRegion(within parent: UInt) {
        if region?.parent == parent { region = nil }
    }

    /// Ungrabs the pointer and shows the cursor; with `restoringPointer`, puts it back where
    /// the lock began if that was over the window.
    func releaseLock(restoringPointer: Bool) {
        let display = connection.display
        supervision.watchdog?.setArmed(false)
        // A lost connection takes no more requests: the server that held the grab is gone,
        // and libX11 can crash on a request to a dead server once XCB (a renderer's driver)
        // has written on the connection too.
        guard !connection.isLost else {
            restorePosition = nil
            heldKind = nil
            isGuarded = false
            supervision.guardian?.unwatch()
            return
        }
        // The warp comes first, while the grab holds: under Xwayland a warp after the ungrab
        // moves only the X server's copy of the pointer, while during the lock Xwayland hands
        // the X position to the compositor, which puts its cursor there when the lock ends.
        if restoringPointer, let restorePosition {
            XWarpPointer(display, 0, connection.rootWindow, 0, 0, 0, 0, restorePosition.x, restorePosition.y)
        }
        restorePosition = nil
        let serial = XNextRequest(display)
        XUngrabPointer(display, UInt(CurrentTime))
        cursor.isHiddenByLock = false
        heldKind = nil
        isGuarded = false
        updateRawMotionSelection()
        supervision.guardian?.unwatch()
        // A round trip, once per unlock: when this returns the server has let go, so the
        // state we report next is true for every other client too.
        XSync(display, 0)
        onTransition(serial)
    }

    /// Whether the server still holds the grab, asked by grabbing again the same way (a second
    /// `XGrabPointer` by the holder only updates its grab; one round trip). The server ends a
    /// grab without a word to its holder when any window is configured while the window the
    /// grab is confined to lies wholly outside the screen. Measured on Xorg 21.1 with the output
    /// under a full-screen window switched off: the screen shrinks, and the grab ends at the
    /// next configure of any window, which under KWin came 30 to 80 ms later, after the game had
    /// checked at the RandR events and before KWin moved the window. So the window checks
    /// after each RandR event and each `ConfigureNotify` of its own: a window that lay off
    /// screen reaches the screen again through one. Refused, the grab is forgotten (and let go
    /// of, in case it still held) and false is returned. True when no grab is held.
    func confirmHeld() -> Bool {
        guard let held = heldKind, !connection.isLost else { return true }
        let base = guardedWindow
        guard grab(held, within: base) != nil else { return true }
        XUngrabPointer(connection.display, UInt(CurrentTime))
        grabWasLost()
        return false
    }

    /// The grab ended without a release of ours (the watchdog or the guardian freed it, or the
    /// guardian's window went with it): stop the raw motion that only a lock wants.
    func grabWasLost() {
        guard isGrabbed else { return }
        heldKind = nil
        cursor.isHiddenByLock = false
        isGuarded = false
        supervision.watchdog?.setArmed(false)
        updateRawMotionSelection()
        supervision.guardian?.unwatch()
        connection.flush()
    }

    /// Raw motion is selected while the grab holds (and, under Xwayland, while the window has
    /// the focus) and only then: raw events come for every motion of every pointer, wherever
    /// it is, so a game that kept them selected would wake for each move of the mouse over
    /// other windows (GLFW likewise selects them only while its cursor is disabled). A request
    /// when the selection changes, no round trip.
    private func updateRawMotionSelection() {
        let wanted = heldKind == .lock || wantsRawMotionUnlocked
        guard wanted != isRawMotionSelected, !connection.isLost else { return }
        isRawMotionSelected = wanted
        xinput.selectRawEvents(motion: wanted, buttons: wantsRawButtons)
    }

    /// `XGrabPointer` for `kind`, confined within `base` (the game's window or the guardian's),
    /// with protocol errors trapped: libX11 reports a grab whose request failed (`BadWindow`:
    /// the confining window vanished since it was chosen) as `GrabSuccess`. The grab request
    /// is itself a round trip, so no `XSync` is added.
    func grab(_ kind: PointerGrabKind, within base: UInt) -> GrabRefusal? {
        let display = connection.display
        let target: (window: UInt, retired: (window: UInt, parent: UInt)?) =
            kind == .confinement ? confinementTarget(within: base) : (base, nil)
        var status = GrabSuccess
        let error = connection.trappingErrors {
            status =
                switch kind {
                case .lock:
                    XGrabPointer(
                        display, window, 0, Self.lockEventMask, GrabModeAsync, GrabModeAsync, target.window, cursor.blank,
                        UInt(CurrentTime))
                case .confinement:
                    XGrabPointer(
                        display, window, 1, Self.confinementEventMask, GrabModeAsync, GrabModeAsync, target.window, 0,
                        UInt(CurrentTime))
                }
        }
        let succeeded = error == nil && status == GrabSuccess
        if let retired = target.retired {
            // The grab left the old region window, or (refused) is still confined to it.
            let unused = succeeded ? retired.window : target.window
            if !succeeded { region = retired }
            _ = connection.trappingErrors { XDestroyWindow(display, unused) }
        } else if error != nil, kind == .confinement, region?.window == target.window {
            // The region window went with the guardian's: made again next time.
            region = nil
        }
        if error != nil { return .requestFailed }
        return succeeded ? nil : GrabRefusal(xlibStatus: status)
    }

    /// The bare release the stall watchdog performs from its own thread: ungrab, show the
    /// cursor, flush. The pointer stays where it is (the system took the lock away).
    private func emergencyRelease() {
        guard !connection.isLost else { return }
        let display = connection.display
        XUngrabPointer(display, UInt(CurrentTime))
        cursor.showUnlocked(display: display)
        XSync(display, 0)
    }

    // MARK: - Following the guardian

    /// The window a grab is confined within: the guardian's while it guards the grab, else the
    /// game's own.
    private var guardedWindow: UInt { isGuarded ? supervision.guardian?.confineWindow ?? window : window }

    /// When the guardian needs the loop without any event (see
    /// ``X11LockSupervision/deadline(unguardedGrabHolds:)``).
    var guardianDeadline: ContinuousClock.Instant? { supervision.deadline(unguardedGrabHolds: isGrabbed && !isGuarded) }

    /// While a lock holds, how long the loop may go without checking in before the guardian
    /// or the watchdog could take it for hung: half the shorter of their timeouts. A host's
    /// loop that sleeps on the window's wake descriptor is woken this often.
    var checkInInterval: Duration? {
        guard isGrabbed else { return nil }
        return supervision.checkInInterval(guarded: isGuarded)
    }

    /// What the guardian's news means for the lock.
    struct GuardianNews {
        /// Why the guardian freed the pointer, if it did (or if its end took the grab with it).
        var interruption: LockSuspension?
        /// Whether a pending lock may be tried now (the guardian armed, or cannot any more).
        var pendingLockMayProceed = false
    }

    /// Handles what the guardian said since the last call: a held grab moves into its mapped
    /// window, and is lost when it releases or exits while guarding.
    func serviceGuardian(now: ContinuousClock.Instant) -> GuardianNews {
        var news = GuardianNews()
        supervision.service(now: now, startIfMissing: isGrabbed && !isGuarded) { change in
            switch change {
            case .windowMapped(let guardian):
                if armWaitBegan != nil { news.pendingLockMayProceed = true }
                guard let heldKind, !isGuarded else { return true }
                // The same area and cursor, now confined to the guardian's window; the grab is
                // the same client's, so the server modifies it and no motion is lost.
                if grab(heldKind, within: guardian.confineWindow) == nil {
                    isGuarded = true
                    guardian.watch()
                    supervision.watchdog?.setArmed(false)
                }
                return true
            case .released(let reason):
                guard isGrabbed, isGuarded else { return true }
                grabWasLost()
                news.interruption = reason
                return false
            case .gone(let exited):
                news.pendingLockMayProceed = armWaitBegan != nil
                if exited, isGrabbed, isGuarded {
                    grabWasLost()
                    news.interruption = .guardianExited
                }
                return false
            }
        }
        return news
    }

    /// The pointer's root position when our window is the deepest window under it (not covered,
    /// not on the frame's border; the guardian's input-only child counts as the window);
    /// nil otherwise. A few round trips, once per lock.
    private func pointerPositionOverWindow() -> (x: Int32, y: Int32)? {
        let display = connection.display
        var root: UInt = 0, child: UInt = 0
        var rootX: Int32 = 0, rootY: Int32 = 0, x: Int32 = 0, y: Int32 = 0
        var buttons: UInt32 = 0
        var under = connection.rootWindow
        for _ in 0..<16 {
            guard XQueryPointer(display, under, &root, &child, &rootX, &rootY, &x, &y, &buttons) != 0 else { return nil }
            guard child != 0, under != window else { break }
            under = child
        }
        return under == window ? (rootX, rootY) : nil
    }
}
