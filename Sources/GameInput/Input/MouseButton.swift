/// A pointer button, named by its role, the same on every backend.
///
/// Numbered as UIKit numbers buttons in `UIEvent.ButtonMask`: 1 the primary button, 2 the
/// secondary, 3 the middle one, 4 back, 5 forward, and further buttons on from 6. Wheel
/// steps are not buttons: they come as ``InputEvent/scroll(_:)``.
public struct MouseButton: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The button's number, 1...30 (its bit in ``ButtonMask`` is `number` − 1).
    public let number: Int

    /// Button `number` (1...30), or nil outside that range.
    public init?(number: Int) {
        guard (1...30).contains(number) else { return nil }
        self.number = number
    }

    private init(checked number: Int) { self.number = number }

    /// The primary (usually left) button.
    public static let primary = MouseButton(checked: 1)
    /// The secondary (usually right) button.
    public static let secondary = MouseButton(checked: 2)
    /// The middle button (usually pressing the wheel).
    public static let middle = MouseButton(checked: 3)
    /// The side button that browsers take as "back" (the thumb button nearer the wrist).
    public static let back = MouseButton(checked: 4)
    /// The side button that browsers take as "forward".
    public static let forward = MouseButton(checked: 5)

    /// Orders buttons by number.
    public static func < (lhs: MouseButton, rhs: MouseButton) -> Bool { lhs.number < rhs.number }

    /// "primary", "secondary", "middle", "back", "forward", else "button" and the number.
    public var description: String {
        switch number {
        case 1: "primary"
        case 2: "secondary"
        case 3: "middle"
        case 4: "back"
        case 5: "forward"
        default: "button \(number)"
        }
    }
}
