public import Foundation

/// Whether the pointer is locked to the game's window right now, and if not, why.
///
/// The counterpart of UIKit's `UIPointerLockState`. The controller holds the current value in
/// ``PointerLockController/pointerLockState`` (`nil` where pointer lock is unavailable) and
/// posts ``didChangeNotification`` each time it really changes.
public struct PointerLockState: Hashable, Sendable, CustomStringConvertible {
    /// Why the pointer is not locked; `nil` exactly when ``isLocked`` is true.
    public let reason: UnlockedReason?

    /// Whether the X server holds our pointer grab: the pointer is hidden, confined to the
    /// window and relative motion is being delivered.
    public var isLocked: Bool { reason == nil }

    /// The locked state.
    public static let locked = PointerLockState(reason: nil)

    /// An unlocked state with its reason.
    public static func unlocked(_ reason: UnlockedReason) -> PointerLockState {
        PointerLockState(reason: reason)
    }

    private init(reason: UnlockedReason?) { self.reason = reason }

    /// Posted on `NotificationCenter.default` after the state changes. The object is the
    /// ``PointerLockController``; `userInfo[PointerLockState.userInfoKey]` holds the new state.
    public static let didChangeNotification = Notification.Name("PointerLockState.didChangeNotification")

    /// The `userInfo` key under which ``didChangeNotification`` carries the new state.
    public static let userInfoKey = "PointerLockState"

    /// "locked", or "unlocked" with the reason in parentheses, as in "unlocked (unfocused)".
    public var description: String {
        guard let reason else { return "locked" }
        return "unlocked (\(reason))"
    }
}

/// Why the pointer is not locked (in ``PointerLockState``) or not confined (in
/// ``PointerConfinementState``). Listed in the order the controller checks them: the first
/// requirement that does not hold is the reason reported.
public enum UnlockedReason: Hashable, Sendable, CustomStringConvertible {
    /// Something presented over the game (an alert) prefers the pointer unlocked.
    case alertPresented
    /// The topmost object's ``PointerLockPreferring/prefersPointerLocked`` (for the
    /// confinement: ``PointerLockPreferring/prefersPointerConfined``) is false.
    case preferenceOff
    /// Locking is suspended by the environment or a safety valve; the text says which.
    case suspended(LockSuspension)
    /// The screen saver is active (blanked, or a screen locker that uses it is showing).
    case screenSaverActive
    /// Another client grabbed the keyboard (a screen locker, a system overlay, a window
    /// manager's switcher) and has held it longer than a hotkey's tap: the system outranks the
    /// game, so the pointer is free until that grab ends.
    case keyboardGrabbedElsewhere
    /// The window is not mapped and viewable (for example minimised or not yet shown).
    case notViewable
    /// The window does not have keyboard focus (the user switched to another window).
    case unfocused
    /// Full-screen is required (``PointerLockController/requiresFullScreen``) and the window is not.
    case notFullScreen
    /// Under Xwayland the pointer is not over the window: the compositor locks the pointer to
    /// an X window only when its pointer is there, so the lock engages once the pointer is seen
    /// over the window (an enter, and pointer motion since it last left).
    case pointerOutsideWindow
    /// A mouse button is held; the lock engages when every button is released.
    case buttonsHeld
    /// Only in ``PointerConfinementState``: the lock is wanted too, and it wins (a lock keeps
    /// the pointer in the window as well, hidden). The confinement follows when the lock ends
    /// for a reason of the lock's own (its preference, full screen).
    case lockPreferred
    /// The X server refused the grab; the controller retries with back-off.
    case grabRefused(GrabRefusal)
    /// Every requirement holds and the lock is asked for, but the system has not granted it
    /// yet: on X11 the lock guardian is mapping the window the grab is confined to (about a
    /// millisecond; after 100 ms the grab goes ahead without waiting for it). A lock is
    /// reported only once the system holds it.
    case notYetGranted

    /// The reason in a few words, for logs and overlays: "preference off", "unfocused",
    /// "grab refused: window not viewable".
    public var description: String {
        switch self {
        case .alertPresented: "alert presented"
        case .preferenceOff: "preference off"
        case .suspended(let suspension): "suspended: \(suspension)"
        case .screenSaverActive: "screen saver active"
        case .keyboardGrabbedElsewhere: "keyboard grabbed by another client"
        case .notViewable: "not viewable"
        case .unfocused: "unfocused"
        case .notFullScreen: "not full-screen"
        case .pointerOutsideWindow: "pointer outside the window"
        case .buttonsHeld: "button held"
        case .lockPreferred: "lock preferred"
        case .grabRefused(let refusal): "grab refused: \(refusal)"
        case .notYetGranted: "not yet granted"
        }
    }
}

/// Whether the pointer is confined to the game's window right now, its cursor visible, and if
/// not, why.
///
/// The confinement is the lock's sibling for strategy games, editors and menus (GLFW's
/// `GLFW_CURSOR_CAPTURED`, SDL's `SDL_SetWindowMouseGrab`, winit's `CursorGrabMode::Confined`,
/// Wayland's `zwp_confined_pointer_v1`). The controller holds the current value in
/// ``PointerLockController/pointerConfinementState`` (`nil` where grabbing is unavailable) and
/// posts ``didChangeNotification`` each time it really changes.
public struct PointerConfinementState: Hashable, Sendable, CustomStringConvertible {
    /// Why the pointer is not confined; `nil` exactly when ``isConfined`` is true.
    public let reason: UnlockedReason?

    /// Whether the X server holds our confining grab: the cursor is visible and kept inside
    /// the window (or ``PointerLockController/confinementRect``), and pointer events come with
    /// their positions.
    public var isConfined: Bool { reason == nil }

    /// The confined state.
    public static let confined = PointerConfinementState(reason: nil)

    /// An unconfined state with its reason.
    public static func unconfined(_ reason: UnlockedReason) -> PointerConfinementState {
        PointerConfinementState(reason: reason)
    }

    private init(reason: UnlockedReason?) { self.reason = reason }

    /// Posted on `NotificationCenter.default` after the state changes. The object is the
    /// ``PointerLockController``; `userInfo[PointerConfinementState.userInfoKey]` holds the
    /// new state.
    public static let didChangeNotification = Notification.Name("PointerConfinementState.didChangeNotification")

    /// The `userInfo` key under which ``didChangeNotification`` carries the new state.
    public static let userInfoKey = "PointerConfinementState"

    /// "confined", or "unconfined" with the reason in parentheses, as in
    /// "unconfined (lock preferred)".
    public var description: String {
        guard let reason else { return "confined" }
        return "unconfined (\(reason))"
    }
}

/// A reason locking is switched off regardless of the preference.
public enum LockSuspension: Hashable, Sendable, CustomStringConvertible {
    /// The main loop stopped handling events while locked, so a watchdog released the pointer.
    case mainLoopStalled
    /// Grabbing is disabled by the `GAMEINPUT_NO_GRAB` environment variable.
    case disabledByEnvironment
    /// A debugger is attached (a grabbed pointer would make it unusable).
    case debuggerAttached
    /// The process was stopped (SIGSTOP, Ctrl+Z in a terminal) while locked, so the lock
    /// guardian freed the pointer.
    case processStopped
    /// The lock guardian process exited while the pointer was locked; its end freed the grab.
    case guardianExited

    /// The suspension in a few words: "main loop stalled", "disabled by GAMEINPUT_NO_GRAB",
    /// "debugger attached".
    public var description: String {
        switch self {
        case .mainLoopStalled: "main loop stalled"
        case .disabledByEnvironment: "disabled by GAMEINPUT_NO_GRAB"
        case .debuggerAttached: "debugger attached"
        case .processStopped: "process stopped"
        case .guardianExited: "lock guardian exited"
        }
    }
}
