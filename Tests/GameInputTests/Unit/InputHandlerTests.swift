import Testing

@testable import GameInput

/// Handlers, filters, and the keyboard responder chain, with constructed events.
@Suite struct InputHandlerTests {
    static func click(_ button: MouseButton, modifiers: ModifierFlags = [], at point: WindowPoint = WindowPoint(x: 5, y: 5)) -> InputEvent {
        .button(ButtonEvent(phase: .down, button: button, location: point, modifierFlags: modifiers, systemTimestamp: 0))
    }

    /// Accepts a secondary click, or a control+primary click, and nothing else.
    final class SecondaryClickHandler: ClickHandler {
        override func shouldReceive(_ event: InputEvent) -> Bool {
            guard case .button(let click) = event else { return false }
            return click.buttonMask == .secondary || (click.buttonMask == .primary && click.modifierFlags.contains(.control))
        }
    }

    @Test func aFilterSeesTheEventsOwnMaskAndModifiers() {
        var fired = 0
        let router = InputRouter()
        router.add(SecondaryClickHandler(buttonMaskRequired: nil) { _ in fired += 1 })
        #expect(router.route(Self.click(.secondary)))
        #expect(router.route(Self.click(.primary, modifiers: .control)))
        #expect(!router.route(Self.click(.primary)))
        #expect(!router.route(Self.click(.primary, modifiers: .shift)))
        #expect(!router.route(Self.click(.middle, modifiers: .control)))
        #expect(fired == 2)
    }

    @Test func buttonMaskRequiredMustMatchExactly() {
        var fired: [MouseButton] = []
        let handler = ClickHandler(buttonMaskRequired: .button(3)) { fired.append($0.button) }
        _ = handler.handle(Self.click(.middle))
        _ = handler.handle(Self.click(.primary))
        _ = handler.handle(.button(ButtonEvent(phase: .up, button: .middle, location: WindowPoint(x: 0, y: 0), systemTimestamp: 0)))
        #expect(fired == [.middle], "the middle button is UIKit's button 3; releases are not clicks")
    }

    @Test func hoverRegionsBeginChangeAndEnd() {
        var phases: [InteractionPhase] = []
        let region = HoverRegion(frame: WindowRect(x: 10, y: 10, width: 20, height: 20)) { phase, _ in phases.append(phase) }
        for (x, phase) in [(5.0, PointerEvent.Phase.entered), (15, .moved), (16, .moved), (40, .moved), (20, .moved), (20, .exited)] {
            _ = region.handle(.pointer(PointerEvent(phase: phase, location: WindowPoint(x: x, y: 15))))
        }
        #expect(phases == [.began, .changed, .ended, .began, .ended])
        #expect(!region.isHovered)
    }

    @Test func scrollHandlersSeeOnlyTheirTypes() {
        var seen: [ScrollType] = []
        let router = InputRouter()
        router.add(ScrollHandler(allowedScrollTypes: .discrete) { seen.append($0.type) })
        let wheel = InputEvent.scroll(ScrollEvent(type: .discrete, delta: PointerDelta(dx: 0, dy: 1), location: WindowPoint(x: 0, y: 0)))
        let touchpad = InputEvent.scroll(
            ScrollEvent(type: .continuous, delta: PointerDelta(dx: 0, dy: 0.2), location: WindowPoint(x: 0, y: 0)))
        #expect(router.route(wheel))
        #expect(!router.route(touchpad))
        #expect(seen == [.discrete])
        #expect(ScrollTypeMask.all.admits(.continuous) && !ScrollTypeMask.continuous.admits(.discrete))
    }

    final class Responder: KeyResponder {
        let name: String
        var next: Responder?
        var commands: [KeyCommand] = []
        var handles: Set<KeySymbol> = []
        var received: [KeySymbol] = []
        init(_ name: String) { self.name = name }
        var nextKeyResponder: (any KeyResponder)? { next }
        var keyCommands: [KeyCommand] { commands }
        func pressBegan(_ event: KeyEvent) -> Bool {
            received.append(event.key)
            return handles.contains(event.key)
        }
    }

    static func press(_ key: KeySymbol, modifiers: ModifierFlags = []) -> KeyEvent {
        KeyEvent(phase: .down, key: key, modifierFlags: modifiers, isRepeat: false, systemTimestamp: 0)
    }

    @Test func unhandledPressesGoToTheNextResponder() {
        let alert = Responder("alert"), game = Responder("game"), app = Responder("app")
        alert.next = game
        game.next = app
        alert.handles = [.return]
        game.handles = [.l]
        #expect((KeyResponderChain.send(Self.press(.l), to: alert) as? Responder)?.name == "game")
        #expect(alert.received == [.l] && game.received == [.l] && app.received.isEmpty)
        #expect(KeyResponderChain.send(Self.press(.n), to: alert) == nil, "nobody handles N")
        #expect(app.received == [.n])
    }

    @Test func keyCommandsAlongTheChainComeFirstAndNeedTheirModifiers() {
        var copied = 0, quit = 0
        let game = Responder("game"), app = Responder("app")
        game.next = app
        game.commands = [KeyCommand(title: "Copy", input: .c, modifierFlags: .control) { copied += 1 }]
        app.commands = [KeyCommand(title: "Quit", input: .q) { quit += 1 }]
        KeyResponderChain.send(Self.press(.c, modifiers: .control), to: game)
        KeyResponderChain.send(Self.press(.c), to: game)
        KeyResponderChain.send(Self.press(.q), to: game)
        #expect(copied == 1 && quit == 1)
        #expect(game.received == [.c], "plain C is no command and goes to pressBegan")
        #expect(KeyResponderChain.availableCommands(from: game).map(\.title) == ["Copy", "Quit"])
        #expect(KeyResponderChain.availableCommands(from: app).map(\.title) == ["Quit"])
        #expect(game.commands[0].shortcut == "Ctrl+C")
    }

    @Test func aChainWithACycleEnds() {
        let a = Responder("a"), b = Responder("b")
        a.next = b
        b.next = a
        defer { b.next = nil }  // the test's own cycle: broken, so the two are freed (LeakSanitizer)
        #expect(KeyResponderChain.responders(from: a).count == 2)
    }
}
