import CXlib
import Testing

@testable import GameInput

/// The window's own state without a server: the checks on icons and size limits, and the
/// property data they become (`_NET_WM_ICON`, `WM_NORMAL_HINTS`, `WM_NAME`).
@Suite struct WindowStateTests {
    @Test func anIconPictureIsCheckedWhenItIsMade() throws {
        let icon = try WindowIcon(width: 2, height: 1, pixels: [0xFF00_00FF, 0x80FF_FFFF])
        #expect(icon.width == 2 && icon.height == 1)
        #expect(icon.pixels == [0xFF00_00FF, 0x80FF_FFFF], "colours brighter than their alpha are fine: not premultiplied")
        #expect(try WindowIcon(width: 1024, height: 1, pixels: [UInt32](repeating: 0, count: 1024)).width == 1024)
        #expect(throws: WindowIcon.Invalid.sizeOutOfRange(width: 0, height: 4)) {
            try WindowIcon(width: 0, height: 4, pixels: [])
        }
        #expect(throws: WindowIcon.Invalid.sizeOutOfRange(width: 1025, height: 1)) {
            try WindowIcon(width: 1025, height: 1, pixels: [UInt32](repeating: 0, count: 1025))
        }
        #expect(throws: WindowIcon.Invalid.sizeOutOfRange(width: 3, height: -3)) {
            try WindowIcon(width: 3, height: -3, pixels: [])
        }
        #expect(throws: WindowIcon.Invalid.pixelCountMismatch(expected: 4, got: 5)) {
            try WindowIcon(width: 2, height: 2, pixels: [0, 0, 0, 0, 0])
        }
    }

    @Test func iconsPackAsWidthHeightAndPixelsOneLongEach() throws {
        let small = try WindowIcon(width: 1, height: 2, pixels: [0xFFFF_FFFF, 0x0012_3456])
        let wide = try WindowIcon(width: 3, height: 1, pixels: [1, 2, 0x8000_0000])
        let values = X11IconProperty.values(of: [small, wide])
        #expect(values == [1, 2, 0xFFFF_FFFF, 0x0012_3456, 3, 1, 1, 2, 0x8000_0000], "in order, never sign-extended")
        #expect(X11IconProperty.valueCount(of: [small, wide]) == values.count)
        #expect(X11IconProperty.values(of: []).isEmpty)
    }

    @Test func sizeLimitsRefuseWhatNoWindowCanHave() throws {
        let small = WindowSize(width: 320, height: 240), large = WindowSize(width: 800, height: 600)
        let limits = try WindowSizeLimits(
            minimumSize: small, maximumSize: large, aspectRatio: WindowAspectRatio(width: 16, height: 9))
        #expect(limits.minimumSize == small && limits.maximumSize == large)
        #expect(limits.aspectRatio == WindowAspectRatio(width: 16, height: 9))
        #expect(try WindowSizeLimits(minimumSize: small, maximumSize: small).maximumSize == small, "a fixed size")
        #expect(WindowSizeLimits.none == (try WindowSizeLimits()))
        #expect(WindowSizeLimits.none.minimumSize == nil && WindowSizeLimits.none.aspectRatio == nil)

        #expect(throws: WindowStateError.minimumExceedsMaximum(minimum: large, maximum: small)) {
            try WindowSizeLimits(minimumSize: large, maximumSize: small)
        }
        let wideMinimum = WindowSize(width: 900, height: 100)
        #expect(throws: WindowStateError.minimumExceedsMaximum(minimum: wideMinimum, maximum: large), "one side is enough") {
            try WindowSizeLimits(minimumSize: wideMinimum, maximumSize: large)
        }
        #expect(throws: WindowStateError.invalidSize(width: 0, height: 240)) {
            try WindowSizeLimits(minimumSize: WindowSize(width: 0, height: 240))
        }
        #expect(throws: WindowStateError.invalidSize(width: 800, height: 16385)) {
            try WindowSizeLimits(maximumSize: WindowSize(width: 800, height: 16385))
        }
        #expect(throws: WindowStateError.invalidSize(width: -1, height: -1)) {
            try WindowSizeLimits(maximumSize: WindowSize(width: -1, height: -1))
        }
        #expect(throws: WindowStateError.invalidAspectRatio(width: 16, height: 0)) {
            try WindowSizeLimits(aspectRatio: WindowAspectRatio(width: 16, height: 0))
        }
        #expect(throws: WindowStateError.invalidAspectRatio(width: -4, height: 3)) {
            try WindowSizeLimits(aspectRatio: WindowAspectRatio(width: -4, height: 3))
        }
    }

    @Test func normalHintsCarryOnlyWhatIsSet() throws {
        #expect(X11NormalHints().sizeHints.flags == 0, "no limits, no position: an empty property")

        var hints = X11NormalHints()
        hints.limits = try WindowSizeLimits(
            minimumSize: WindowSize(width: 320, height: 240), maximumSize: WindowSize(width: 1920, height: 1080),
            aspectRatio: WindowAspectRatio(width: 16, height: 9))
        var packed = hints.sizeHints
        #expect(packed.flags == PMinSize | PMaxSize | PAspect)
        #expect(packed.min_width == 320 && packed.min_height == 240)
        #expect(packed.max_width == 1920 && packed.max_height == 1080)
        #expect(packed.min_aspect.x == 16 && packed.min_aspect.y == 9, "the ratio is fixed: minimum and maximum are one")
        #expect(packed.max_aspect.x == 16 && packed.max_aspect.y == 9)

        hints.limits = try WindowSizeLimits(maximumSize: WindowSize(width: 640, height: 480))
        hints.position = ScreenPoint(x: -20, y: 300)
        packed = hints.sizeHints
        #expect(packed.flags == PMaxSize | USPosition | PPosition | PWinGravity)
        #expect(packed.x == -20 && packed.y == 300)
        #expect(packed.win_gravity == StaticGravity, "the position is the window's own top-left pixel")
        #expect(packed.min_width == 0 && packed.min_aspect.x == 0, "what is not set stays zero")
    }

    @Test func wmNameIsLatin1WhenTheTitleFitsIt() {
        #expect(X11Window.latin1Bytes(of: "Größe") == [0x47, 0x72, 0xF6, 0xDF, 0x65])
        #expect(X11Window.latin1Bytes(of: "lockgame") == Array("lockgame".utf8))
        #expect(X11Window.latin1Bytes(of: "") == [])
        #expect(X11Window.latin1Bytes(of: "Spiel – Größe") == nil, "the en dash is not Latin-1")
        #expect(X11Window.latin1Bytes(of: "🎮") == nil)
    }

    @Test func errorsSayWhatWasRefused() {
        #expect(
            WindowStateError.invalidSize(width: 0, height: 10).description
                == "invalid window size 0x10: each side must be 1…16384 pixels")
        #expect(
            GameWindowError.invalidSize(width: 0, height: 10).description == WindowStateError.invalidSize(width: 0, height: 10).description)
        #expect(
            WindowStateError.minimumExceedsMaximum(
                minimum: WindowSize(width: 800, height: 600), maximum: WindowSize(width: 640, height: 480)
            )
            .description == "the minimum window size 800x600 exceeds the maximum 640x480")
        #expect(WindowStateError.invalidAspectRatio(width: 16, height: 0).description.contains("16:0"))
        #expect(WindowStateError.invalidPosition(x: 40000, y: 0).description.contains("(40000, 0)"))
    }
}
