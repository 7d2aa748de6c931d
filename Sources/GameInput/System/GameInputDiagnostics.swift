import Foundation
import Synchronization

/// Where GameInput's diagnostics go: the few lines a developer should see that no call returns
/// (the window fell back to X11, the X server refused a request of GameInput's own). By
/// default each is one line on standard error; a game sends them to its own log with
/// ``setHandler(_:)``.
public enum GameInputDiagnostics {
    /// One diagnostic.
    public struct Message: Sendable, Hashable, CustomStringConvertible {
        /// What a diagnostic is about.
        public enum Kind: Sendable, Hashable {
            /// The window runs on X11 although a Wayland compositor was asked for or found.
            case backendFallback
            /// The X server refused a request of GameInput's own (a protocol error).
            case protocolError
        }

        /// What it is about.
        public var kind: Kind
        /// The line, without GameInput's prefix.
        public var text: String
        /// The line as standard error gets it: "GameInput: " and the text.
        public var description: String { "GameInput: \(text)" }
    }

    /// Sends every later diagnostic to `handler`, on whichever thread it arises (an X protocol
    /// error arises in Xlib's error handler: the handler must not call Xlib). nil sends them to
    /// standard error again.
    public static func setHandler(_ handler: (@Sendable (Message) -> Void)?) {
        current.withLock { $0 = handler }
    }

    /// Hands a diagnostic to the game's handler, or writes it to standard error.
    static func report(_ kind: Message.Kind, _ text: String) {
        let message = Message(kind: kind, text: text)
        if let handler = current.withLock({ $0 }) {
            handler(message)
        } else {
            FileHandle.standardError.write(Data("\(message)\n".utf8))
        }
    }

    private static let current = Mutex<(@Sendable (Message) -> Void)?>(nil)
}
