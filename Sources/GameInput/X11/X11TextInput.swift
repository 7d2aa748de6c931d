/// A text-input session's state: whether one is open, where its text comes from (the input
/// method, else the compose table), where the game's caret is, and the text events waiting
/// to be delivered.
///
/// The compose table is loaded and the input method opened when the first session starts,
/// so a game that never opens one pays nothing and no input method ever sees its keys. An
/// input method that went away is looked for again when the next session starts.
struct X11TextInput {
    /// Whether a session is open.
    var isActive = false
    /// The input method, while one is open.
    var inputMethod: X11InputMethod?
    /// Dead keys and Compose sequences, where no input method is open.
    private(set) var compose: XKBCompose?
    private var composeLoaded = false
    /// The caret the game last reported, for the input method's candidate window.
    var caret: WindowRect?
    /// Keys physically down, by key code, from XInput 2: an input method forwards some presses
    /// after their key came up, and their release is then made up.
    var keysDown = [Bool](repeating: false, count: 256)
    /// Keys whose press the session consumed (a compose sequence): their release is not reported.
    var consumedKeys = [Bool](repeating: false, count: 256)
    /// Text events made outside a dispatch (a session stopped during a composition).
    var pending: [TextInputEvent] = []

    /// The open input method, if it is still there.
    var openInputMethod: X11InputMethod? { inputMethod?.isOpen == true ? inputMethod : nil }

    /// Loads the compose table of the user's locale, once.
    mutating func loadCompose() {
        guard !composeLoaded else { return }
        composeLoaded = true
        compose = XKBCompose()
    }

    /// Where text comes from now.
    var source: TextInputSource {
        if let method = openInputMethod { return .inputMethod(name: method.name) }
        if let compose { return .composeTable(locale: compose.locale) }
        return .keys
    }

    /// Whether anything waits to be delivered.
    var hasPending: Bool { !pending.isEmpty || inputMethod.map { !$0.pending.isEmpty } == true }

    /// Takes every waiting event, oldest first.
    mutating func takePending() -> [TextInputEvent] {
        var events = pending
        pending.removeAll(keepingCapacity: true)
        if let inputMethod { events += inputMethod.takePending() }
        return events
    }
}
