import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// Real input methods, headless on Xvfb, typing Hangul and pinyin into the demo's chat line:
/// the game sees each step of the composition (`chat preedit:`), then the committed text, and
/// the keys the input method hands back (Return) still send the line.
@Suite(.serialized, .tags(.integration)) struct InputMethodTests {
    struct Typing: Sendable, CustomStringConvertible {
        let kind: InputMethodFixture.Kind
        let engine: InputMethodFixture.Engine
        let keys: [Int32]
        /// The key that ends the typing: Return commits the last Hangul syllable and comes back
        /// as a key (sending the line); pinyin's space picks the first candidate.
        let commitKey: Int32
        let text: String
        var description: String { "\(kind) \(engine)" }
    }

    /// 2-set Hangul on a US keymap: g k s → 한, r m f → 글; pinyin n i h a o, space → 你好.
    static let typings: [Typing] =
        InputMethodFixture.Kind.allCases.map {
            Typing(kind: $0, engine: .hangul, keys: [XK_g, XK_k, XK_s, XK_r, XK_m, XK_f], commitKey: XK_Return, text: "한글")
        }
        + [InputMethodFixture.Kind.ibus, .fcitx5].map {
            Typing(kind: $0, engine: .pinyin, keys: [XK_n, XK_i, XK_h, XK_a, XK_o], commitKey: XK_space, text: "你好")
        }

    static func isComposition(_ line: String) -> Bool { line.hasPrefix("chat preedit: ") && line != "chat preedit: ended" }

    @Test(arguments: typings)
    func anInputMethodComposesIntoTheChatLine(_ typing: Typing) throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let inputMethod = try InputMethodFixture(kind: typing.kind, displayName: server.displayName, engine: typing.engine)
        defer { inputMethod.stop() }
        let probe = server.probe
        let game = try LockgameLaunch.startLocked(on: server, environment: inputMethod.clientEnvironment)
        defer { game.stop() }

        let source = ChatLineTests.openChat(in: game, probe: probe)
        #expect(source == "chat line: text from input method \(inputMethod.serverName)", "\(game.lines)")
        if let chord = inputMethod.engineOnChord {
            probe.press(chord.keysym, with: chord.modifiers)
        }
        let seen = game.lines.count
        // Each key changes the composition; the next key goes once the game has it, or after
        // 3 s: under load ibus and fcitx5 sometimes answer a key only when the next one comes
        // (traced: nothing from the input method reached the game for 15 s after the key, and
        // both compositions came with the next). What every key made is checked, in order,
        // once the text is committed.
        for (index, keysym) in typing.keys.enumerated() {
            probe.press(UInt32(keysym))
            _ = LockgameLaunch.waitUntil(timeout: .seconds(3)) {
                game.lines.dropFirst(seen).filter(Self.isComposition).count > index
            }
            if index == 0 {
                // The composition is drawn underlined in the HUD's composing colour.
                let window = try #require(probe.waitForWindow(titled: "lockgame"))
                #expect(
                    LockgameLaunch.waitUntil(timeout: .seconds(3)) {
                        ChatLineTests.chatBandPixels(of: 0x9A_D0FF, probe: probe, window: window) > 3
                    }, "\(typing): the preedit is drawn")
            }
        }
        probe.press(UInt32(typing.commitKey))
        if typing.commitKey != XK_Return {
            // Return once the choice is committed (the composition ends with it); the line's
            // text below says whether it was.
            _ = LockgameLaunch.waitUntil(timeout: .seconds(10)) { game.lines.last == "chat preedit: ended" }
            probe.press(UInt32(XK_Return))
        }
        #expect(LockgameLaunch.waitForNewLine("chat: \(typing.text)", in: game, after: seen), "\(typing): \(game.lines)")
        let lines = Array(game.lines.dropFirst(seen))
        let composed = lines.filter(Self.isComposition)
        if typing.engine == .hangul {
            #expect(composed == ["ㅎ", "하", "한", "ㄱ", "그", "글"].map { "chat preedit: " + $0 }, "\(typing): \(lines)")
        } else {
            #expect(composed.count >= typing.keys.count, "\(typing): every key changed the composition: \(lines)")
        }
        #expect(lines.last == "chat: \(typing.text)", "the text comes after its composition: \(lines)")
        #expect(probe.pointerIsGrabbed, "the lock held through it")
    }

    /// The input method dies while the line is open: the game goes on, and the next line's
    /// text comes through the compose table.
    @Test func anInputMethodThatDiesLeavesTheComposeTable() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let inputMethod = try InputMethodFixture(kind: .uim, displayName: server.displayName)
        defer { inputMethod.stop() }
        let probe = server.probe
        let game = try LockgameLaunch.startLocked(on: server, environment: inputMethod.clientEnvironment)
        defer { game.stop() }
        #expect(ChatLineTests.openChat(in: game, probe: probe) == "chat line: text from input method uim")
        // Killed between keys, not while the game waits for its answer to a request: Xlib's
        // XIM would wait for that answer for ever (see the README's known gaps).
        Thread.sleep(forTimeInterval: 0.5)
        inputMethod.kill()
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(5)) { !inputMethod.isServing() })
        probe.press(UInt32(XK_Escape))
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(5)) { game.lines.contains("chat line: cancelled") })
        let source = ChatLineTests.openChat(in: game, probe: probe)
        #expect(source?.hasPrefix("chat line: text from compose table") == true, "\(game.lines)")
        let seen = game.lines.count
        probe.press(UInt32(XK_o))
        probe.press(UInt32(XK_k))
        probe.press(UInt32(XK_Return))
        #expect(LockgameLaunch.waitForNewLine("chat: ok", in: game, after: seen), "\(game.lines.dropFirst(seen))")
        #expect(game.isRunning)
    }

    /// The server is killed and a program, before reading its events, moves the caret, ends
    /// the session and opens another: requests Xlib would wait on for ever. They return,
    /// because the server's death is read from the connection first, and the next session's
    /// text goes through the compose table.
    @Test func requestsAfterTheServerDiedDoNotWait() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let inputMethod = try InputMethodFixture(kind: .uim, displayName: server.displayName)
        defer { inputMethod.stop() }
        var environment = inputMethod.clientEnvironment
        environment["DISPLAY"] = server.displayName
        let program = try ChildProcess(
            executable: ForeignLoopTests.executable, arguments: ["--text-requests-on-stdin"], environment: environment,
            takesInput: true)
        defer { program.stop() }
        #expect(program.waitForLine { $0.hasPrefix("text from") } == "text from input method uim", "\(program.lines)")
        program.send(line: "alive")
        #expect(program.waitForLine { $0.hasPrefix("requests returned") } == "requests returned; text from input method uim")
        inputMethod.kill()
        let seen = program.lines.count
        program.send(line: "dead")
        #expect(
            LockgameLaunch.waitUntil(timeout: .seconds(5)) {
                program.lines.dropFirst(seen).contains("requests returned; text from compose table")
            }, "the requests returned: \(program.lines)")
    }

    /// A stopped input method still owns its selection but answers nothing: the game does not
    /// wait for it (`XOpenIM` would, for ever). One started after the game is used from the
    /// next line on.
    @Test func aStoppedOrLateInputMethodIsPassedOverThenUsed() throws {
        let server = try XServerFixture()
        defer { server.stop() }
        let probe = server.probe
        let environment = try InputMethodFixture.clientLocale(for: .uim).merging(["XMODIFIERS": "@im=uim"]) { $1 }
        let game = try LockgameLaunch.startLocked(on: server, environment: environment)
        defer { game.stop() }
        var source = ChatLineTests.openChat(in: game, probe: probe)
        #expect(source?.hasPrefix("chat line: text from compose table") == true, "none runs yet: \(game.lines)")
        probe.press(UInt32(XK_Escape))

        #expect(
            Self.doctorsInputMethod(on: server, environment) == "uim named by XMODIFIERS but not running: text through the compose table")

        let inputMethod = try InputMethodFixture(kind: .uim, displayName: server.displayName)
        defer { inputMethod.stop() }
        #expect(Self.doctorsInputMethod(on: server, environment) == "uim (running)")
        inputMethod.suspend()
        let opened = ContinuousClock.now
        source = ChatLineTests.openChat(in: game, probe: probe)
        #expect(source?.hasPrefix("chat line: text from compose table") == true, "a stopped one is passed over: \(game.lines)")
        #expect(ContinuousClock.now - opened < .seconds(3), "within the probe's bound")
        probe.press(UInt32(XK_Escape))
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(5)) { game.lines.filter { $0 == "chat line: cancelled" }.count == 2 })

        // A server started now (the stopped one killed) is used from the next line on.
        inputMethod.kill()
        let restarted = try InputMethodFixture(kind: .uim, displayName: server.displayName)
        defer { restarted.stop() }
        source = ChatLineTests.openChat(in: game, probe: probe)
        #expect(source == "chat line: text from input method uim", "\(game.lines)")
        probe.press(UInt32(XK_Escape))
        #expect(LockgameLaunch.waitUntil(timeout: .seconds(5)) { game.lines.filter { $0 == "chat line: cancelled" }.count == 3 })
    }

    /// What `lockgame --doctor` says of the input method.
    static func doctorsInputMethod(on server: XServerFixture, _ environment: [String: String]) -> String? {
        var environment = environment
        environment["DISPLAY"] = server.displayName
        guard let doctor = try? ChildProcess(executable: LockgameLaunch.executable, arguments: ["--doctor"], environment: environment),
            doctor.waitForExit(timeout: .seconds(10)) == 0
        else { return nil }
        return doctor.lines.first { $0.hasPrefix("input method:   ") }.map { String($0.dropFirst("input method:   ".count)) }
    }
}
