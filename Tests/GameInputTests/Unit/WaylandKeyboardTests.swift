import CXKBCommon
import Foundation
import Testing

@testable import GameInput

/// The keyboard as a Wayland compositor hands it over: a keymap in shared memory, the physical
/// keys from its key names, and key repeat, which Wayland leaves to the client.
@Suite struct WaylandKeyboardTests {
    /// A keymap as a compositor sends it: XKB text in a memfd, NUL-terminated.
    static func keymapDescriptor(layout: String) throws -> (descriptor: Int32, size: Int) {
        let context = try #require(xkb_context_new(XKB_CONTEXT_NO_FLAGS))
        defer { xkb_context_unref(context) }
        var names = xkb_rule_names()
        let text: String = try layout.withCString { layoutName in
            names.layout = layoutName
            let keymap = try #require(xkb_keymap_new_from_names(context, &names, XKB_KEYMAP_COMPILE_NO_FLAGS))
            defer { xkb_keymap_unref(keymap) }
            let string = try #require(xkb_keymap_get_as_string(keymap, XKB_KEYMAP_FORMAT_TEXT_V1))
            defer { free(string) }
            return String(cString: string)
        }
        let bytes = Array(text.utf8) + [0]
        guard case .success(let shared) = Posix.sharedMemory(name: "keymap-test", size: bytes.count) else {
            throw CocoaError(.fileWriteUnknown)
        }
        bytes.withUnsafeBytes { shared.memory.copyMemory(from: $0.baseAddress!, byteCount: bytes.count) }
        Posix.unmap(shared.memory, size: bytes.count)
        return (shared.descriptor, bytes.count)
    }

    @Test func theCompositorsLayoutNamesTheKeys() throws {
        let keyboard = WaylandKeyboard()
        // Evdev KEY_W is 17: X key code 25, the key at QWERTY's W on every layout.
        #expect(keyboard.usage(of: 25) == .keyboardW)
        #expect(keyboard.meaning(of: 25).characters == "w", "a US layout until the compositor sends one")
        let french = try Self.keymapDescriptor(layout: "fr")
        #expect(keyboard.loadKeymap(descriptor: french.descriptor, size: french.size))
        #expect(keyboard.usage(of: 25) == .keyboardW, "the place does not change")
        #expect(keyboard.meaning(of: 25).characters == "z", "AZERTY types z there")
        #expect(keyboard.meaning(of: 24).characters == "a", "and A where QWERTY has Q")
        keyboard.modifiers = KeyboardModifierState(baseModifiers: 1)  // Shift
        #expect(keyboard.meaning(of: 25).characters == "Z")
    }

    @Test func aKeymapThatIsNotTextIsRefusedAndTheOldOneKept() throws {
        let keyboard = WaylandKeyboard()
        let junk = Array("not a keymap".utf8)  // no NUL within the size
        guard case .success(let shared) = Posix.sharedMemory(name: "junk", size: junk.count) else { return }
        junk.withUnsafeBytes { shared.memory.copyMemory(from: $0.baseAddress!, byteCount: junk.count) }
        Posix.unmap(shared.memory, size: junk.count)
        #expect(!keyboard.loadKeymap(descriptor: shared.descriptor, size: junk.count))
        #expect(keyboard.meaning(of: 25).characters == "w")
    }

    @Test func aHeldKeyRepeatsAtTheCompositorsRateAndStopsWhenReleased() {
        let keyboard = WaylandKeyboard()
        let start = ContinuousClock.now
        keyboard.setRepeat(rate: 25, delay: 600)
        keyboard.pressed(25, at: start)
        #expect(keyboard.takeDueRepeat(at: start + .milliseconds(599)) == nil)
        #expect(keyboard.takeDueRepeat(at: start + .milliseconds(600)) == 25)
        #expect(keyboard.takeDueRepeat(at: start + .milliseconds(630)) == nil)
        #expect(keyboard.takeDueRepeat(at: start + .milliseconds(640)) == 25, "every 40 ms at 25 Hz")
        // A loop that slept a second gets one repeat, not 25.
        #expect(keyboard.takeDueRepeat(at: start + .milliseconds(1640)) == 25)
        #expect(keyboard.takeDueRepeat(at: start + .milliseconds(1641)) == nil)
        keyboard.released(25)
        #expect(keyboard.takeDueRepeat(at: start + .seconds(5)) == nil)
        // Modifiers never repeat; a rate of 0 turns repeat off.
        keyboard.pressed(50, at: start)  // Left Shift
        #expect(keyboard.repeating == nil)
        keyboard.setRepeat(rate: 0, delay: 600)
        keyboard.pressed(25, at: start)
        #expect(keyboard.repeating == nil)
    }

    /// A button means the same on both backends: evdev's codes and X's numbers name the
    /// same buttons.
    @Test func evdevAndXButtonsNameTheSameButtons() {
        let pairs: [(evdev: UInt32, x: Int, button: MouseButton)] = [
            (0x110, 1, .primary), (0x111, 3, .secondary), (0x112, 2, .middle), (0x113, 8, .back), (0x114, 9, .forward),
        ]
        for pair in pairs {
            #expect(MouseButton(evdev: pair.evdev) == pair.button && MouseButton(xButton: pair.x) == pair.button, "\(pair)")
        }
        #expect(MouseButton(evdev: 0x115)?.number == 6 && MouseButton(xButton: 10)?.number == 6)
        #expect(MouseButton(evdev: 0x11F)?.number == 16 && MouseButton(xButton: 20)?.number == 16)
        #expect(MouseButton(evdev: 0x100) == nil && MouseButton(evdev: 0x120) == nil)
        #expect((4...7).allSatisfy { MouseButton(xButton: $0) == nil } && MouseButton(xButton: 0) == nil && MouseButton(xButton: 35) == nil)
        #expect(MouseButton(xButton: 34)?.number == 30 && MouseButton(number: 31) == nil && MouseButton(number: 0) == nil)
        #expect(ButtonMask([.primary, .middle]).buttons == [.primary, .middle] && ButtonMask(.back).description == "back")
        #expect(ButtonMask(rawValue: 0b10_0001).description == "primary+button 6" && ButtonMask().description == "none")
    }
}
