internal import CWayland
import Foundation

/// The lock and the confinement on Wayland: the compositor's pointer constraints
/// (`zwp_pointer_constraints_v1`). The game asks; the compositor decides, and says so.
///
/// `acquire` asks for a persistent constraint (`lock_pointer` or `confine_pointer`) and a
/// `wl_display.sync` behind it. The grab is granted only when the compositor's `locked` (or
/// `confined`) event has come: until its answer the attempt is pending; once the sync shows the
/// compositor handled the request without granting it, the attempt is withheld
/// (``GrabRefusal/compositorWithheld``), and the request stands. When the compositor grants it
/// later, or takes it away (`unlocked`), the controller hears it after the events of that
/// dispatch are all handled, so a focus change that comes with an `unlocked` is one change of
/// state, not two.
///
/// The lock hides the cursor (`wl_pointer.set_cursor` with no surface); letting go of it, when
/// the game let go, hints the compositor to put the cursor back where the lock began
/// (`set_cursor_position_hint`), which is all Wayland lets a client say about the cursor's
/// position.
///
/// A loop that stops checking in while a constraint is asked for is stalled: the
/// ``StallWatchdog``'s thread sends the constraint's `destroy` and shows the cursor again
/// (libwayland sends requests from any thread), and the loop's thread frees the proxy when it
/// runs again; one lock (``emergency``) keeps the two threads from both ending it.
final class WaylandPointerLock: PointerLockPlatform, @unchecked Sendable {
    /// What the compositor's events and sync answers brought since the controller last heard.
    enum News: Equatable {
        /// The compositor granted the constraint asked for, or answered without granting it.
        case answered
        /// The compositor ended a constraint it had granted.
        case ended
    }

    private let constraints: OpaquePointer?
    private let display: OpaquePointer
    /// What `wl_display.sync` is sent on: the display, or its wrapper on GameInput's queue.
    private let displayProxy: OpaquePointer
    private let surface: OpaquePointer
    /// Whether the surface is GameInput's to commit (a host's surface is committed by its host:
    /// a commit of GameInput's would apply the host's half-made state).
    private let commitsSurface: Bool
    private let compositor: OpaquePointer
    /// The window, for its pointer, its last enter serial and its cursor.
    weak var window: WaylandWindow?
    /// The constraint asked for, and its kind.
    private var constraint: (kind: PointerGrabKind, object: OpaquePointer)?
    /// Whether the compositor has granted ``constraint`` (and not taken it back).
    private(set) var isGranted = false
    /// The sync sent behind the last request, until the compositor answers it.
    private var sync: OpaquePointer?
    /// The news the controller has not heard yet.
    private var news: News?
    /// Where the pointer was, in the window, when the lock was asked for.
    private var lockStart: WindowPoint?
    /// The confinement's rectangle (nil: the whole window).
    private var confinementRect: WindowRect?
    /// Frees the pointer of a stalled loop; nil when the game turned the timeout off.
    let watchdog: StallWatchdog?
    /// What the watchdog's thread needs, shared with the loop's thread under ``emergencyLock``.
    private struct Emergency {
        /// The constraint asked for, and whether its `destroy` was sent already.
        var constraint: (kind: PointerGrabKind, object: OpaquePointer)?
        var destroySent = false
        /// Where to show the cursor again: the pointer, its last enter's serial, the cursor.
        var cursor: (pointer: OpaquePointer, serial: UInt32, image: WaylandCursor)?
    }
    private var emergency = Emergency()
    private let emergencyLock = NSLock()

    /// Whether the compositor offers pointer constraints at all (without them pointer lock is
    /// unavailable: the state is nil).
    var isAvailable: Bool { constraints != nil }

    init(
        constraints: OpaquePointer?, connection: WaylandConnection, surface: OpaquePointer, commitsSurface: Bool, compositor: OpaquePointer,
        stallTimeout: Duration?
    ) {
        self.constraints = constraints
        display = connection.display
        displayProxy = connection.displayProxy
        self.surface = surface
        self.commitsSurface = commitsSurface
        self.compositor = compositor
        watchdog = constraints == nil ? nil : stallTimeout.map { StallWatchdog(timeout: $0) }
        watchdog?.release = { [unowned self] in emergencyRelease() }
    }

    /// The pointer entered the window: where the watchdog shows the cursor again.
    func noteCursorTarget(pointer: OpaquePointer, serial: UInt32, image: WaylandCursor?) {
        emergencyLock.withLock { emergency.cursor = image.map { (pointer, serial, $0) } }
    }

    /// On the watchdog's thread, the loop stalled: the constraint's `destroy` is sent (the proxy
    /// stays for the loop's thread to free) and the cursor shown.
    private func emergencyRelease() {
        emergencyLock.withLock {
            guard let constraint = emergency.constraint, !emergency.destroySent else { return }
            emergency.destroySent = true
            switch constraint.kind {
            case .lock: cwayland_locked_pointer_send_destroy(constraint.object)
            case .confinement: cwayland_confined_pointer_send_destroy(constraint.object)
            }
            if let cursor = emergency.cursor { cursor.image.show(on: cursor.pointer, serial: cursor.serial) }
            _ = wl_display_flush(display)
        }
    }

    /// The loop runs again after the watchdog ended the constraint: the proxy goes, and the
    /// grab with it.
    func watchdogReleased() {
        destroyConstraint()
    }

    /// Destroys what the lock made; nothing is sent after it (the window is closing).
    func destroy() {
        watchdog?.stop()
        destroyConstraint()
        emergencyLock.withLock { emergency = Emergency() }
        if let constraints { zwp_pointer_constraints_v1_destroy(constraints) }
    }

    // MARK: PointerLockPlatform

    func acquire(_ kind: PointerGrabKind) -> GrabOutcome {
        if let constraint, constraint.kind == kind {
            if isGranted { return .granted }
            return sync == nil ? .withheld(.compositorWithheld) : .pending(until: .now + .seconds(1))
        }
        destroyConstraint()
        guard let constraints, let window, let pointer = window.input.pointer else { return .withheld(.compositorWithheld) }
        let region = kind == .confinement ? makeRegion() : nil
        defer { if let region { wl_region_destroy(region) } }
        let lifetime = ZWP_POINTER_CONSTRAINTS_V1_LIFETIME_PERSISTENT.rawValue
        let data = Unmanaged.passUnretained(self).toOpaque()
        switch kind {
        case .lock:
            guard let locked = zwp_pointer_constraints_v1_lock_pointer(constraints, surface, pointer, nil, lifetime) else {
                return .withheld(.compositorWithheld)
            }
            zwp_locked_pointer_v1_add_listener(locked, Self.lockedListener, data)
            constraint = (.lock, locked)
            emergencyLock.withLock { emergency.constraint = (.lock, locked) }
            lockStart = window.input.pointerLocation
            window.showCursor(false)
        case .confinement:
            guard let confined = zwp_pointer_constraints_v1_confine_pointer(constraints, surface, pointer, region, lifetime) else {
                return .withheld(.compositorWithheld)
            }
            zwp_confined_pointer_v1_add_listener(confined, Self.confinedListener, data)
            constraint = (.confinement, confined)
            emergencyLock.withLock { emergency.constraint = (.confinement, confined) }
            window.showCursor(true)
        }
        askForAnswer()
        watchdog?.setArmed(true)
        return .pending(until: .now + .seconds(1))
    }

    func change(to kind: PointerGrabKind) -> GrabOutcome {
        acquire(kind)
    }

    func releaseLock(restoringPointer: Bool) {
        if restoringPointer, commitsSurface, let constraint, constraint.kind == .lock, isGranted, let lockStart {
            // Double-buffered: the hint applies with the surface's next commit, which the
            // constraint's end follows. (On a host's surface there is no hint: the cursor,
            // which the lock held still, shows where the lock began.)
            let scale = window?.pixelScale ?? 1
            zwp_locked_pointer_v1_set_cursor_position_hint(
                constraint.object, wl_fixed_from_double(lockStart.x / scale), wl_fixed_from_double(lockStart.y / scale))
            wl_surface_commit(surface)
        }
        destroyConstraint()
        window?.showCursor(true)
    }

    func setConfinementRect(_ rect: WindowRect?) {
        confinementRect = rect
        sendRegion()
    }

    /// The window's buffer scale changed: a confinement's region, in logical units, follows.
    func bufferScaleChanged() {
        if confinementRect != nil { sendRegion() }
    }

    /// The confinement's region to the compositor, where a confinement is asked for; it applies
    /// with the surface's next commit (the host's own, on a host's surface).
    private func sendRegion() {
        guard let constraint, constraint.kind == .confinement else { return }
        let region = makeRegion()
        zwp_confined_pointer_v1_set_region(constraint.object, region)
        if let region { wl_region_destroy(region) }
        if commitsSurface { wl_surface_commit(surface) }
    }

    func cancelAcquire() {
        destroyConstraint()
        window?.showCursor(true)
    }

    // MARK: News for the controller

    /// Tells `controller` what the compositor said since the last call: a grant or an answer
    /// without one lets the waiting attempt proceed (it finds the answer), an end reports the
    /// grab gone. Called once the events of a dispatch are all handled.
    func deliverNews(to controller: PointerLockController) {
        guard let news else { return }
        self.news = nil
        switch news {
        case .answered: controller.pendingGrabMayProceed()
        case .ended: controller.grabEndedBySystem()
        }
    }

    /// Whether the cursor is hidden: a lock is asked for or held. The compositor forgets a
    /// client's cursor at every enter, so the window hides it again then.
    var hidesCursor: Bool { constraint?.kind == .lock }

    /// Whether the constraint asked for is the confinement (its motion is not the lock's).
    var isConfinement: Bool { constraint?.kind == .confinement }

    // MARK: Private

    private func destroyConstraint() {
        watchdog?.setArmed(false)
        let destroySent = emergencyLock.withLock {
            defer {
                emergency.constraint = nil
                emergency.destroySent = false
            }
            return emergency.destroySent
        }
        if let constraint {
            switch (constraint.kind, destroySent) {
            case (.lock, false): zwp_locked_pointer_v1_destroy(constraint.object)
            case (.confinement, false): zwp_confined_pointer_v1_destroy(constraint.object)
            case (_, true): wl_proxy_destroy(constraint.object)
            }
        }
        if let sync { wl_callback_destroy(sync) }
        constraint = nil
        sync = nil
        isGranted = false
        news = nil
    }

    /// A `wl_display.sync` behind the request: its `done` proves the compositor handled it.
    private func askForAnswer() {
        if let sync { wl_callback_destroy(sync) }
        sync = wl_display_sync(displayProxy)
        if let sync { wl_callback_add_listener(sync, Self.syncListener, Unmanaged.passUnretained(self).toOpaque()) }
    }

    /// The confinement's rectangle as a region in the surface's logical units, clipped to the
    /// window by the compositor; nil (the whole window) without one.
    private func makeRegion() -> OpaquePointer? {
        guard let confinementRect, let region = wl_compositor_create_region(compositor) else { return nil }
        let scale = window?.pixelScale ?? 1
        let x = (confinementRect.x / scale).rounded(.down), y = (confinementRect.y / scale).rounded(.down)
        let right = ((confinementRect.x + confinementRect.width) / scale).rounded(.up),
            bottom = ((confinementRect.y + confinementRect.height) / scale).rounded(.up)
        func pixels(_ value: Double) -> Int32 { Int32(max(-32768, min(32767, value))) }
        wl_region_add(region, pixels(x), pixels(y), pixels(right - x), pixels(bottom - y))
        return region
    }

    private func granted(_ object: OpaquePointer?) {
        guard let constraint, constraint.object == object else { return }
        isGranted = true
        news = .answered
    }

    private func ended(_ object: OpaquePointer?) {
        guard let constraint, constraint.object == object, isGranted else { return }
        isGranted = false
        news = .ended
    }

    private func answered(_ callback: OpaquePointer?) {
        guard let sync, sync == callback else { return }
        wl_callback_destroy(sync)
        self.sync = nil
        if !isGranted && news == nil { news = .answered }
    }

    private static func from(_ data: UnsafeMutableRawPointer?) -> WaylandPointerLock? {
        data.map { Unmanaged<WaylandPointerLock>.fromOpaque($0).takeUnretainedValue() }
    }

    private nonisolated(unsafe) static let lockedListener: UnsafeMutablePointer<zwp_locked_pointer_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_locked_pointer_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zwp_locked_pointer_v1_listener(
                locked: { data, object in from(data)?.granted(object) },
                unlocked: { data, object in from(data)?.ended(object) }))
        return listener
    }()

    private nonisolated(unsafe) static let confinedListener: UnsafeMutablePointer<zwp_confined_pointer_v1_listener> = {
        let listener = UnsafeMutablePointer<zwp_confined_pointer_v1_listener>.allocate(capacity: 1)
        listener.initialize(
            to: zwp_confined_pointer_v1_listener(
                confined: { data, object in from(data)?.granted(object) },
                unconfined: { data, object in from(data)?.ended(object) }))
        return listener
    }()

    private nonisolated(unsafe) static let syncListener: UnsafeMutablePointer<wl_callback_listener> = {
        let listener = UnsafeMutablePointer<wl_callback_listener>.allocate(capacity: 1)
        listener.initialize(to: wl_callback_listener(done: { data, callback, _ in from(data)?.answered(callback) }))
        return listener
    }()
}
