import CXlib
import Foundation

/// The probe reading a window's own state as a window manager does: text properties with
/// their type, `WM_NORMAL_HINTS`, and the frame the window manager put the window in.
extension XProbe {
    /// An 8-bit property: its type's name (`STRING`, `UTF8_STRING`) and its bytes.
    public struct TextProperty: Equatable, Sendable, CustomStringConvertible {
        public var type: String
        public var bytes: [UInt8]
        public init(type: String, bytes: [UInt8]) {
            self.type = type
            self.bytes = bytes
        }
        public var description: String { "\(type) \(bytes)" }
    }

    /// The 8-bit property `name` of `window` with its type, or nil when it is not set.
    public func textProperty(_ name: String, of window: UInt) -> TextProperty? {
        var actualType: UInt = 0
        var format: Int32 = 0
        var count: UInt = 0, after: UInt = 0
        var data: UnsafeMutablePointer<UInt8>?
        guard
            XGetWindowProperty(
                display, window, XInternAtom(display, name, 0), 0, 1024, 0, UInt(AnyPropertyType),
                &actualType, &format, &count, &after, &data) == Success, let data
        else { return nil }
        defer { XFree(data) }
        guard format == 8, let typeName = XGetAtomName(display, actualType) else { return nil }
        defer { XFree(typeName) }
        return TextProperty(type: String(cString: typeName), bytes: Array(UnsafeBufferPointer(start: data, count: Int(count))))
    }

    /// What `WM_NORMAL_HINTS` says, as `XGetWMNormalHints` reads it: each field only when its
    /// flag is set.
    public struct NormalHints: Equatable, Sendable, CustomStringConvertible {
        public var minimum: Size?
        public var maximum: Size?
        /// The minimum and maximum aspect ratio, as width and height.
        public var aspect: (minimum: Size, maximum: Size)?
        /// `USPosition` and `PPosition`.
        public var userPosition: Bool
        public var programPosition: Bool
        /// `win_gravity` when `PWinGravity` is set.
        public var gravity: Int32?

        public init(
            minimum: Size?, maximum: Size?, aspect: (minimum: Size, maximum: Size)?, userPosition: Bool, programPosition: Bool,
            gravity: Int32?
        ) {
            self.minimum = minimum
            self.maximum = maximum
            self.aspect = aspect
            self.userPosition = userPosition
            self.programPosition = programPosition
            self.gravity = gravity
        }

        public struct Size: Equatable, Sendable, CustomStringConvertible {
            public var width: Int32
            public var height: Int32
            public init(_ width: Int32, _ height: Int32) {
                self.width = width
                self.height = height
            }
            public var description: String { "\(width)x\(height)" }
        }

        public static func == (lhs: NormalHints, rhs: NormalHints) -> Bool {
            lhs.minimum == rhs.minimum && lhs.maximum == rhs.maximum && lhs.aspect?.minimum == rhs.aspect?.minimum
                && lhs.aspect?.maximum == rhs.aspect?.maximum && lhs.userPosition == rhs.userPosition
                && lhs.programPosition == rhs.programPosition && lhs.gravity == rhs.gravity
        }

        public var description: String {
            let aspectText = aspect.map { "\($0.minimum)-\($0.maximum)" } ?? "nil"
            return "min \(minimum.map(\.description) ?? "nil") max \(maximum.map(\.description) ?? "nil") aspect \(aspectText) "
                + "USPosition \(userPosition) PPosition \(programPosition) gravity \(gravity.map(String.init) ?? "nil")"
        }
    }

    /// `window`'s `WM_NORMAL_HINTS`, or nil when it has none.
    public func normalHints(of window: UInt) -> NormalHints? {
        var hints = XSizeHints()
        var supplied = 0
        guard XGetWMNormalHints(display, window, &hints, &supplied) != 0 else { return nil }
        let flags = hints.flags
        typealias Size = NormalHints.Size
        return NormalHints(
            minimum: flags & PMinSize != 0 ? Size(hints.min_width, hints.min_height) : nil,
            maximum: flags & PMaxSize != 0 ? Size(hints.max_width, hints.max_height) : nil,
            aspect: flags & PAspect != 0
                ? (Size(hints.min_aspect.x, hints.min_aspect.y), Size(hints.max_aspect.x, hints.max_aspect.y)) : nil,
            userPosition: flags & USPosition != 0, programPosition: flags & PPosition != 0,
            gravity: flags & PWinGravity != 0 ? hints.win_gravity : nil)
    }

    /// The window's outermost ancestor below the root (the window manager's frame, or the
    /// window itself without one): its position and size in root coordinates, border included.
    public func outerFrame(of window: UInt) -> (origin: Point, width: Int32, height: Int32) {
        var outer = window
        while true {
            var rootReturn: UInt = 0, parent: UInt = 0
            var children: UnsafeMutablePointer<UInt>?
            var count: UInt32 = 0
            guard XQueryTree(display, outer, &rootReturn, &parent, &children, &count) != 0 else { break }
            if let children { XFree(children) }
            if parent == root || parent == 0 { break }
            outer = parent
        }
        var attributes = XWindowAttributes()
        XGetWindowAttributes(display, outer, &attributes)
        let border = attributes.border_width
        return (Point(x: attributes.x, y: attributes.y), attributes.width + 2 * border, attributes.height + 2 * border)
    }
}
