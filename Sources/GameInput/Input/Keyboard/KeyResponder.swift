/// An object in the keyboard responder chain, like a `UIResponder`: it may handle key presses,
/// offer key commands, and names the next responder to try.
///
/// A press goes first to the chain's key commands (the first responder's, then the next's…);
/// if none matches, `pressBegan` is offered to each responder in turn until one handles it.
public protocol KeyResponder: AnyObject {
    /// The responder that gets what this one does not handle.
    var nextKeyResponder: (any KeyResponder)? { get }
    /// The key commands this responder offers now.
    var keyCommands: [KeyCommand] { get }
    /// A key went down; return whether it was handled.
    func pressBegan(_ event: KeyEvent) -> Bool
    /// A key went up; return whether it was handled.
    func pressEnded(_ event: KeyEvent) -> Bool
}

extension KeyResponder {
    /// By default there is no next responder: the chain ends here.
    public var nextKeyResponder: (any KeyResponder)? { nil }
    /// By default a responder offers no key commands.
    public var keyCommands: [KeyCommand] { [] }
    /// By default a responder leaves presses to the next one (returns false).
    public func pressBegan(_ event: KeyEvent) -> Bool { false }
    /// By default a responder leaves releases to the next one (returns false).
    public func pressEnded(_ event: KeyEvent) -> Bool { false }
}

/// A keyboard shortcut offered by a responder, like `UIKeyCommand`: a key and modifiers, a
/// title for the discoverability overlay, and what it does.
public struct KeyCommand {
    /// What the discoverability overlay calls the command (UIKit's `UIKeyCommand.title`).
    public var title: String
    /// The key, as the layout names it (UIKit's `UIKeyCommand.input`); compared with
    /// ``KeyEvent/key``.
    public var input: KeySymbol
    /// The modifiers that must be held, exactly (UIKit's `UIKeyCommand.modifierFlags`).
    public var modifierFlags: ModifierFlags
    /// What the command does; ``KeyResponderChain/send(_:to:)`` runs it for a matching press.
    public var action: () -> Void

    /// A command that runs `action` when `input` is pressed with exactly `modifierFlags`,
    /// listed as `title`.
    public init(title: String, input: KeySymbol, modifierFlags: ModifierFlags = [], action: @escaping () -> Void) {
        self.title = title
        self.input = input
        self.modifierFlags = modifierFlags
        self.action = action
    }

    /// Whether a key press triggers the command: the same key, and the same modifiers
    /// (Caps Lock and the keypad flag do not count).
    public func matches(_ event: KeyEvent) -> Bool {
        event.key == input && event.modifierFlags.subtracting([.capsLock, .numericPad]) == modifierFlags
    }

    /// How the overlay shows the keys: "Ctrl+C", "F1", "Esc".
    public var shortcut: String {
        var parts: [String] = []
        if modifierFlags.contains(.control) { parts.append("Ctrl") }
        if modifierFlags.contains(.alternate) { parts.append("Alt") }
        if modifierFlags.contains(.shift) { parts.append("Shift") }
        if modifierFlags.contains(.command) { parts.append("Super") }
        parts.append(input.shortcutName)
        return parts.joined(separator: "+")
    }
}

/// Delivering key events along a responder chain.
public enum KeyResponderChain {
    /// The chain from `first`, following `nextKeyResponder` (stopping at a cycle).
    public static func responders(from first: any KeyResponder) -> [any KeyResponder] {
        var chain: [any KeyResponder] = []
        var current: (any KeyResponder)? = first
        while let responder = current, !chain.contains(where: { $0 === responder }) {
            chain.append(responder)
            current = responder.nextKeyResponder
        }
        return chain
    }

    /// Every key command available from `first`, nearest responder first.
    public static func availableCommands(from first: any KeyResponder) -> [KeyCommand] {
        responders(from: first).flatMap(\.keyCommands)
    }

    /// Delivers `event`: a press runs the first matching key command (repeats too), or else
    /// goes to `pressBegan` along the chain; a release goes to `pressEnded` along the chain.
    /// Returns the responder that handled it, or nil when none did.
    @discardableResult
    public static func send(_ event: KeyEvent, to first: any KeyResponder) -> (any KeyResponder)? {
        let chain = responders(from: first)
        if event.phase == .down {
            for responder in chain {
                if let command = responder.keyCommands.first(where: { $0.matches(event) }) {
                    command.action()
                    return responder
                }
            }
            return chain.first { $0.pressBegan(event) }
        }
        return chain.first { $0.pressEnded(event) }
    }
}
