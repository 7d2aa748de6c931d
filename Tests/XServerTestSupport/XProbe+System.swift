import CXlib
import Foundation

/// The probe acting as the system: a screen locker, a global hotkey, the screen saver.
extension XProbe {
    /// Does what a screen locker (slock, i3lock, xsecurelock) does: maps an override-redirect
    /// window over the screen, grabs the keyboard, then retries `XGrabPointer` (confined to
    /// the root window) every 10 ms for up to `patience`. Returns how long the pointer took
    /// from the keyboard grab, or nil if it never came. Both grabs stay held until
    /// ``stopActingAsScreenLocker()``.
    public func actAsScreenLocker(patience: Duration = .seconds(1)) -> Duration? {
        var attributes = XSetWindowAttributes()
        attributes.override_redirect = 1
        attributes.background_pixel = 0
        let width = UInt32(XDisplayWidth(display, XDefaultScreen(display)))
        let height = UInt32(XDisplayHeight(display, XDefaultScreen(display)))
        lockerWindow = XCreateWindow(
            display, root, 0, 0, width, height, 0, Int32(CopyFromParent), UInt32(InputOutput), nil,
            UInt(CWOverrideRedirect | CWBackPixel), &attributes)
        XMapRaised(display, lockerWindow)
        XSync(display, 0)
        let keyboardDeadline = ContinuousClock.now + .seconds(1)
        while XGrabKeyboard(display, lockerWindow, 1, GrabModeAsync, GrabModeAsync, UInt(CurrentTime)) != GrabSuccess {
            guard ContinuousClock.now < keyboardDeadline else { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
        XSync(display, 0)
        let grabbedKeyboard = ContinuousClock.now
        while ContinuousClock.now - grabbedKeyboard < patience {
            let status = XGrabPointer(
                display, lockerWindow, 0, UInt32(ButtonPressMask), GrabModeAsync, GrabModeAsync,
                root, 0, UInt(CurrentTime))
            XSync(display, 0)
            if status == GrabSuccess { return ContinuousClock.now - grabbedKeyboard }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    /// The locker lets go: ungrabs both devices and removes its window.
    public func stopActingAsScreenLocker() {
        XUngrabPointer(display, UInt(CurrentTime))
        XUngrabKeyboard(display, UInt(CurrentTime))
        if lockerWindow != 0 { XDestroyWindow(display, lockerWindow) }
        lockerWindow = 0
        XSync(display, 0)
    }

    /// Registers a global hotkey on `keysym` (a passive `XGrabKey` on the root window, any
    /// modifiers), as a desktop's volume or launcher keys are.
    public func registerHotkey(_ keysym: UInt32) {
        let code = Int32(XKeysymToKeycode(display, KeySym(keysym)))
        XGrabKey(display, code, UInt32(AnyModifier), root, 1, GrabModeAsync, GrabModeAsync)
        XSync(display, 0)
    }

    /// Removes the hotkey set by ``registerHotkey(_:)``.
    public func unregisterHotkey(_ keysym: UInt32) {
        let code = Int32(XKeysymToKeycode(display, KeySym(keysym)))
        XUngrabKey(display, code, UInt32(AnyModifier), root)
        XSync(display, 0)
    }

    /// Turns the screen saver on (`XForceScreenSaver(ScreenSaverActive)`, what `xset s
    /// activate` does) or off again (`ScreenSaverReset`).
    public func forceScreenSaver(on: Bool) {
        XForceScreenSaver(display, on ? ScreenSaverActive : ScreenSaverReset)
        XSync(display, 0)
    }
}

/// What the user sees of the pointer: the cursor image (XFixes) and the pointer's place.
extension XProbe {
    /// The name of the cursor the server shows now (`XFixesSetCursorName`), if it has one.
    public var cursorName: String? {
        guard let image = XFixesGetCursorImage(display) else { return nil }
        defer { XFree(image) }
        return image.pointee.name.map { String(cString: $0) }
    }

    /// Whether the cursor the server shows now is fully transparent (`XFixesGetCursorImage`:
    /// every pixel's alpha is 0); nil when XFixes gives no image.
    public var cursorIsInvisible: Bool? {
        guard let image = XFixesGetCursorImage(display) else { return nil }
        defer { XFree(image) }
        let count = Int(image.pointee.width) * Int(image.pointee.height)
        guard let pixels = image.pointee.pixels, count > 0 else { return true }
        for index in 0..<count where (pixels[index] >> 24) & 0xFF != 0 { return false }
        return true
    }

    /// The cursor the server shows now, as XFixes reads it back.
    public struct CursorPicture: Equatable, Sendable {
        public var width: Int, height: Int, hotSpotX: Int, hotSpotY: Int
        /// Premultiplied ARGB, row by row.
        public var pixels: [UInt32]

        public init(width: Int, height: Int, hotSpotX: Int, hotSpotY: Int, pixels: [UInt32]) {
            self.width = width
            self.height = height
            self.hotSpotX = hotSpotX
            self.hotSpotY = hotSpotY
            self.pixels = pixels
        }
    }

    /// The picture of the cursor the server shows now (`XFixesGetCursorImage`).
    public var cursorPicture: CursorPicture? {
        guard let image = XFixesGetCursorImage(display) else { return nil }
        defer { XFree(image) }
        let width = Int(image.pointee.width), height = Int(image.pointee.height)
        let pixels = (0..<width * height).map { UInt32(truncatingIfNeeded: image.pointee.pixels?[$0] ?? 0) }
        return CursorPicture(
            width: width, height: height, hotSpotX: Int(image.pointee.xhot), hotSpotY: Int(image.pointee.yhot), pixels: pixels)
    }
}
