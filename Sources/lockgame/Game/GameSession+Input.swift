import GameInput

/// The demo's keyboard responders: the alert (while shown), then the game, then the
/// application. Each offers its key commands; the overlay (hold F1 or ?) lists those of the
/// current chain.
final class AlertResponder: KeyResponder {
    unowned let session: GameSession
    init(session: GameSession) { self.session = session }

    var nextKeyResponder: (any KeyResponder)? { session.gameResponder }

    var keyCommands: [KeyCommand] {
        [KeyCommand(title: "Dismiss the alert", input: .return) { [unowned session] in session.dismissAlert(because: "Return") }]
    }

    func pressBegan(_ event: KeyEvent) -> Bool {
        guard event.key == .keypadEnter else { return false }
        session.dismissAlert(because: "Return")
        return true
    }
}

final class GameResponder: KeyResponder {
    unowned let session: GameSession
    init(session: GameSession) { self.session = session }

    var nextKeyResponder: (any KeyResponder)? { session.applicationResponder }

    var keyCommands: [KeyCommand] {
        let session = self.session
        return [
            KeyCommand(title: "Toggle the lock preference", input: .l) { [unowned session] in
                session.setPreference(!session.screen.prefersGrab, because: "L")
            },
            KeyCommand(title: "Release the pointer", input: .escape) { [unowned session] in
                session.setPreference(false, because: "Esc")
            },
            KeyCommand(title: "Strategy camera / mouse-look", input: .c) { [unowned session] in session.toggleStrategyCamera() },
            KeyCommand(title: "Show a network alert", input: .n) { [unowned session] in session.presentAlert() },
            KeyCommand(title: "Copy the camera pose", input: .c, modifierFlags: .control) { [unowned session] in session.copyPose() },
            KeyCommand(title: "Paste a camera pose", input: .v, modifierFlags: .control) { [unowned session] in session.requestPaste() },
            KeyCommand(title: "Toggle full-screen", input: .f11) { [unowned session] in session.wantsFullScreenToggle = true },
            KeyCommand(title: "Save a screenshot", input: .f12) { [unowned session] in session.wantsScreenshot = true },
            KeyCommand(title: "Simulate a 3-second hang", input: .h) { [unowned session] in session.wantsSimulatedHang = true },
            KeyCommand(title: "Open the chat line", input: .t) { [unowned session] in session.openChat() },
        ]
    }
}

final class ApplicationResponder: KeyResponder {
    unowned let session: GameSession
    init(session: GameSession) { self.session = session }

    var keyCommands: [KeyCommand] {
        [
            KeyCommand(title: "Show these commands (hold)", input: .f1) { [unowned session] in session.showCommandOverlay() },
            KeyCommand(title: "Quit", input: .q) { [unowned session] in session.quit() },
        ]
    }

    /// `?` (Shift+/) shows the overlay too, while held.
    func pressBegan(_ event: KeyEvent) -> Bool {
        guard event.key == .slash, event.modifierFlags.contains(.shift) else { return false }
        session.showCommandOverlay()
        return true
    }

    func pressEnded(_ event: KeyEvent) -> Bool {
        guard event.key == .f1 || event.key == .slash, session.showsCommandOverlay else { return false }
        session.showsCommandOverlay = false
        session.log("overlay: hidden")
        return true
    }
}

/// The right button, or Control with the primary button where no object is under the
/// pointer (Control-click on an object toggles its selection instead): a marker where the
/// crosshair points. The filter reads the click's own button mask and modifiers.
final class MarkerClickHandler: ClickHandler {
    unowned let session: GameSession

    init(session: GameSession) {
        self.session = session
        super.init(buttonMaskRequired: nil) { [unowned session] _ in session.dropMarker() }
    }

    override func shouldReceive(_ event: InputEvent) -> Bool {
        guard case .button(let click) = event, click.phase == .down, session.alert == nil else { return false }
        if click.buttonMask == .secondary { return true }
        guard click.buttonMask == .primary, click.modifierFlags.contains(.control) else { return false }
        return session.pointerLocked || session.selectableObject(at: click.location) == nil
    }
}

extension GameSession {
    /// Lists the commands of the current responder chain and shows them while the key is held.
    func showCommandOverlay() {
        guard !showsCommandOverlay else { return }
        showsCommandOverlay = true
        log("overlay: " + KeyResponderChain.availableCommands(from: firstResponder).map(\.title).joined(separator: ", "))
    }

    /// The pointer handlers, most specific first.
    func installHandlers() {
        // The alert's OK button; while the alert shows, it takes every primary click.
        router.add(AlertClickHandler(session: self))
        // HUD buttons, only while the pointer is free.
        for button in HUDButton.allCases {
            let click = HUDButtonClickHandler(session: self, button: button)
            router.add(click)
            let region = HoverRegion(frame: button.frame(frameWidth: frameWidth, scale: hudScale)) { [unowned self] phase, pointer in
                switch phase {
                case .began, .changed:
                    hoveredButton = button
                    hoverWithAlternate = pointer.modifierFlags.contains(.alternate) || input.isPressed(.keyboardLeftAlt)
                case .ended, .cancelled:
                    if hoveredButton == button { hoveredButton = nil }
                }
            }
            hoverRegions[button] = region
            router.add(region)
        }
        router.add(MarkerClickHandler(session: self))
        router.add(ClickHandler(buttonMaskRequired: .middle) { [unowned self] _ in toggleFlashlight() })
        router.add(SelectionClickHandler(session: self))
        router.add(
            ClickHandler(buttonMaskRequired: .primary) { [unowned self] _ in
                if !screen.prefersGrab { setPreference(true, because: "click") }
            })
        router.add(
            ScrollHandler(allowedScrollTypes: .all) { [unowned self] scroll in
                fieldOfViewDegrees += scroll.delta.dy * Self.fieldOfViewStep
                log(
                    "scroll: \(scroll.type == .discrete ? "discrete" : "continuous") \(scroll.delta.dy) -> fov \(Int(fieldOfViewDegrees.rounded()))"
                )
            })
        router.add(
            TransformHandler { [unowned self] transform in
                switch transform.phase {
                case .began: fieldOfViewAtPinchStart = fieldOfViewDegrees
                case .changed:
                    if let start = fieldOfViewAtPinchStart, transform.scale > 0 { fieldOfViewDegrees = start / transform.scale }
                case .ended, .cancelled: fieldOfViewAtPinchStart = nil
                }
            })
    }

    /// Keeps the HUD buttons' hover rectangles where the HUD draws them.
    func layoutHoverRegions() {
        for (button, region) in hoverRegions { region.frame = button.frame(frameWidth: frameWidth, scale: hudScale) }
    }
}

/// While the alert shows: OK dismisses it, every other primary click is swallowed.
final class AlertClickHandler: ClickHandler {
    unowned let session: GameSession

    init(session: GameSession) {
        self.session = session
        super.init(buttonMaskRequired: .primary) { [unowned session] click in
            let layout = AlertLayout(frameWidth: session.frameWidth, frameHeight: session.frameHeight, scale: session.hudScale)
            if layout.buttonContains(x: click.location.x, y: click.location.y) { session.dismissAlert(because: "OK") }
        }
    }

    override func shouldReceive(_ event: InputEvent) -> Bool { session.alert != nil }
}

/// A HUD button's click, while the pointer is free.
final class HUDButtonClickHandler: ClickHandler {
    unowned let session: GameSession
    let button: HUDButton

    init(session: GameSession, button: HUDButton) {
        self.session = session
        self.button = button
        super.init(buttonMaskRequired: .primary) { [unowned session] _ in
            switch button {
            case .lock: session.setPreference(true, because: "HUD button")
            case .flashlight: session.toggleFlashlight()
            case .alert: session.presentAlert()
            }
        }
    }

    override func shouldReceive(_ event: InputEvent) -> Bool {
        guard !session.pointerLocked, case .button(let click) = event else { return false }
        return button.frame(frameWidth: session.frameWidth, scale: session.hudScale).contains(click.location)
    }
}

/// Clicking scene objects while the pointer is free selects them: a click selects one,
/// Shift+click adds to the selection, Control+click toggles one.
final class SelectionClickHandler: ClickHandler {
    unowned let session: GameSession

    init(session: GameSession) {
        self.session = session
        super.init(buttonMaskRequired: .primary) { [unowned session] click in
            guard let object = session.selectableObject(at: click.location) else { return }
            if click.modifierFlags.contains(.control) {
                if session.selection.contains(object) { session.selection.remove(object) } else { session.selection.insert(object) }
            } else if click.modifierFlags.contains(.shift) {
                session.selection.insert(object)
            } else {
                session.selection = [object]
            }
            session.log("selection: \(session.selection.sorted().map(String.init).joined(separator: " "))")
        }
    }

    override func shouldReceive(_ event: InputEvent) -> Bool {
        guard !session.pointerLocked, case .button(let click) = event, click.phase == .down else { return false }
        return session.selectableObject(at: click.location) != nil
    }
}
