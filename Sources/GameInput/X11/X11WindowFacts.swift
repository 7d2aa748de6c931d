/// What the server's events say about the window that the lock needs: whether it is
/// viewable, whether the pointer is over it, which buttons are held, and whether another
/// client holds the keyboard. The first three reach ``PointerLockController`` the moment they
/// change.
///
/// A class: each fact is its own access, so code the lock calls while one changes (the game's
/// handlers among it) may read the others.
final class X11WindowFacts {
    /// The lock the facts are for.
    private let pointerLock: PointerLockController
    /// Mapped, minimised or hidden, as the server and the window manager last said.
    var visibility = X11Window.Visibility() {
        didSet { if visibility != oldValue { pointerLock.setViewable(visibility.isViewable) } }
    }
    /// Whether the pointer is over the window, for Xwayland, where the lock needs it.
    var pointerWhereabouts = X11Window.PointerWhereabouts() {
        didSet {
            if pointerWhereabouts.isOverWindow != oldValue.isOverWindow {
                pointerLock.setPointerOverWindow(pointerWhereabouts.isOverWindow)
            }
        }
    }
    /// The primary buttons held, as the server last said (bit n = button n): the lock waits
    /// for them, whoever's presses they are.
    private(set) var serverHeldButtons: UInt32 = 0
    /// Another client's keyboard grab, seen through our focus events.
    var foreignKeyboardGrab = ForeignKeyboardGrab()

    /// Facts for `pointerLock`, nothing known yet.
    init(pointerLock: PointerLockController) {
        self.pointerLock = pointerLock
    }

    /// Takes the server's word for which buttons are held, for the lock (never a count of our
    /// own events: a release made outside the window, after an unlock, never comes here).
    func setHeldButtons(_ held: UInt32) {
        guard held != serverHeldButtons else { return }
        serverHeldButtons = held
        pointerLock.setButtonsHeld(held != 0)
    }
}
