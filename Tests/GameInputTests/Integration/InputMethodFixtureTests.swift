import CXlib
import Foundation
import TestTags
import Testing
import XServerTestSupport

/// The input method fixture itself, on a private Xvfb with no window manager: each framework
/// starts and serves with its engine on, types what a user would type into a plain Xlib XIM
/// client (``XIMClient``, C compiled here: XIM needs variadic calls Swift cannot make), and
/// `stop()`, `kill()` and `suspend()` do what they say, down to the PIDs.
@Suite(.serialized, .tags(.integration)) final class InputMethodFixtureTests {
    typealias Kind = InputMethodFixture.Kind
    let server: XServerFixture

    init() throws {
        server = try XServerFixture(windowManager: nil)
    }

    deinit { server.stop() }

    // MARK: - Starting

    /// Each framework starts and owns `@server=NAME`, answers a `LOCALES` request, and its
    /// XIM process is one of the processes it lists.
    @Test(arguments: Kind.allCases)
    func startsAndServes(_ kind: Kind) throws {
        let inputMethod = try InputMethodFixture(kind: kind, displayName: server.displayName)
        defer { inputMethod.stop() }
        print("\(kind): selection owned after \(inputMethod.timeToSelection), ready after \(inputMethod.timeToReady)")
        #expect(inputMethod.isServing())
        #expect(inputMethod.answersLocales())
        #expect(inputMethod.processIDs.contains(inputMethod.ximProcessID), "\(inputMethod.processIDs)")
        #expect(inputMethod.xmodifiers == "@im=" + kind.serverName)
        #expect(inputMethod.clientEnvironment["XMODIFIERS"] == inputMethod.xmodifiers)
        #expect((inputMethod.clientEnvironment["DBUS_SESSION_BUS_ADDRESS"] != nil) == (kind != .uim))
        let home = inputMethod.temporaryFolder + "/home"
        for pid in inputMethod.processIDs {
            #expect(Self.environment(of: pid)["HOME"] == home, "process \(pid) has the private HOME")
        }
    }

    /// uim has no pinyin engine here: a clear error before anything starts.
    @Test func uimRefusesPinyin() {
        #expect(throws: InputMethodFixture.Failure.self) {
            try InputMethodFixture(kind: .uim, displayName: server.displayName, engine: .pinyin)
        }
    }

    /// A second server of the same name on the display is refused before anything starts:
    /// readiness would otherwise be the first one's.
    @Test func aSecondServerOfTheSameNameIsRefused() throws {
        let first = try InputMethodFixture(kind: .uim, displayName: server.displayName)
        defer { first.stop() }
        #expect(throws: InputMethodFixture.Failure.self) {
            try InputMethodFixture(kind: .uim, displayName: server.displayName)
        }
        #expect(first.isServing())
    }

    // MARK: - Typing

    /// `g k s r m f` and Return in the 2-set layout type 한글 with every framework: the
    /// syllables composed in preedit (ㅎ 하 한, ㄱ 그 글), 한 committed when `r` starts the
    /// next one, 글 by Return, which then arrives as a key.
    @Test(arguments: Kind.allCases)
    func typesHangul(_ kind: Kind) throws {
        let inputMethod = try InputMethodFixture(kind: kind, displayName: server.displayName)
        defer { inputMethod.stop() }
        let client = try XIMClient(displayName: server.displayName, environment: inputMethod.clientEnvironment)
        defer { client.stop() }
        #expect(client.style == "callbacks", "on-the-spot preedit offered")
        if let chord = inputMethod.engineOnChord { server.probe.press(chord.keysym, with: chord.modifiers) }
        typeLetters("gksrmf")
        server.probe.press(UInt32(XK_Return))
        #expect(client.waitFor("key Return"), "\(client.lines)")
        #expect(client.commits == ["한", "글"], "\(client.lines)")
        #expect(client.preedits.starts(with: ["ㅎ", "하", "한"]), "\(client.preedits)")
        #expect(["ㄱ", "그", "글"].allSatisfy(client.preedits.contains), "\(client.preedits)")
    }

    /// `n i h a o` and space commit 你好 with ibus-libpinyin and fcitx5's pinyin.
    @Test(arguments: [Kind.ibus, .fcitx5])
    func typesPinyin(_ kind: Kind) throws {
        let inputMethod = try InputMethodFixture(kind: kind, displayName: server.displayName, engine: .pinyin)
        defer { inputMethod.stop() }
        print("\(kind) pinyin: ready after \(inputMethod.timeToReady)")
        let client = try XIMClient(displayName: server.displayName, environment: inputMethod.clientEnvironment)
        defer { client.stop() }
        typeLetters("nihao")
        #expect(client.waitFor { client.preedits.count >= 5 }, "a preedit per letter: \(client.lines)")
        server.probe.press(UInt32(XK_space))
        #expect(client.waitFor("commit 你好"), "\(client.lines)")
    }

    // MARK: - Stopping

    /// `stop()` ends every process the fixture started (the bus and the processes that left
    /// the tree included), the selection has no owner, and the temporary folder is gone.
    @Test(arguments: Kind.allCases)
    func stopLeavesNothingRunning(_ kind: Kind) throws {
        let inputMethod = try InputMethodFixture(kind: kind, displayName: server.displayName)
        let pids = inputMethod.processIDs
        let names = pids.map { "\($0) \(Self.name(of: $0))" }
        #expect(pids.contains(inputMethod.ximProcessID))
        #expect(pids.count >= (kind == .uim ? 1 : 2), "the bus too: \(pids)")
        let stopStarted = ContinuousClock.now
        inputMethod.stop()
        print("\(kind): stopped \(names) in \(stopStarted.duration(to: .now))")
        for pid in pids { #expect(!InputMethodFixture.isRunning(pid), "process \(pid) is gone") }
        #expect(inputMethod.processIDs.isEmpty)
        #expect(!inputMethod.isServing())
        #expect(!FileManager.default.fileExists(atPath: inputMethod.temporaryFolder))
    }

    /// `kill()` ends the XIM process at once: the selection has no owner, and a connected
    /// client hears of it through its destroy callback. `stop()` then ends the rest.
    @Test(arguments: Kind.allCases)
    func killEndsTheServerAbruptly(_ kind: Kind) throws {
        let inputMethod = try InputMethodFixture(kind: kind, displayName: server.displayName)
        defer { inputMethod.stop() }
        let client = try XIMClient(displayName: server.displayName, environment: inputMethod.clientEnvironment)
        defer { client.stop() }
        let xim = inputMethod.ximProcessID
        inputMethod.kill()
        #expect(!inputMethod.isServing())
        #expect(!InputMethodFixture.isRunning(xim))
        #expect(client.waitFor("destroyed"), "the client's XNDestroyCallback ran: \(client.lines)")
        let left = inputMethod.processIDs
        inputMethod.stop()
        for pid in left { #expect(!InputMethodFixture.isRunning(pid), "process \(pid) is gone") }
    }

    /// A suspended server keeps its selection but answers no `LOCALES` request (what a
    /// client must check before `XOpenIM`, which would block); resumed, it answers again.
    @Test(arguments: Kind.allCases)
    func aSuspendedServerKeepsItsSelectionButDoesNotAnswer(_ kind: Kind) throws {
        let inputMethod = try InputMethodFixture(kind: kind, displayName: server.displayName)
        defer { inputMethod.stop() }
        inputMethod.suspend()
        #expect(inputMethod.isServing())
        #expect(!inputMethod.answersLocales(within: .milliseconds(300)))
        inputMethod.resume()
        #expect(inputMethod.answersLocales())
    }

    // MARK: - Helpers

    /// Types `letters` (lower-case ASCII, one keysym each) through XTest.
    private func typeLetters(_ letters: String) {
        for letter in letters.unicodeScalars { server.probe.press(letter.value) }
    }

    /// The process's name (`/proc/PID/comm`), for the log.
    private static func name(of pid: Int32) -> String {
        let data = FileManager.default.contents(atPath: "/proc/\(pid)/comm") ?? Data()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The environment `pid` was started with.
    private static func environment(of pid: Int32) -> [String: String] {
        guard let data = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return [:] }
        var result: [String: String] = [:]
        for entry in data.split(separator: 0) {
            let text = String(decoding: entry, as: UTF8.self)
            guard let equals = text.firstIndex(of: "=") else { continue }
            result[String(text[..<equals])] = String(text[text.index(after: equals)...])
        }
        return result
    }
}

/// A plain Xlib XIM client, in C and compiled here with `cc`: a window with the input focus
/// and an input context on it (on-the-spot preedit callbacks when offered), printing one line
/// per thing the input method does: `ready STYLE`, `preedit TEXT` (the whole composition after
/// each draw), `preedit-start`, `preedit-done`, `commit TEXT`, `key KEYSYM`, `destroyed`.
final class XIMClient {
    private let process: ChildProcess
    /// The input style it got: `callbacks` or `nothing`.
    let style: String

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    init(displayName: String, environment: [String: String]) throws {
        let executable = try Self.compiled.get()
        var environment = environment
        environment["DISPLAY"] = displayName
        process = try ChildProcess(executable: executable, arguments: [], environment: environment)
        guard let ready = process.waitForLine(timeout: .seconds(10), where: { $0.hasPrefix("ready ") || $0.hasPrefix("error ") }),
            ready.hasPrefix("ready ")
        else {
            process.stop()
            throw Failure(description: "the XIM client did not start: \(process.lines)")
        }
        style = String(ready.dropFirst("ready ".count))
    }

    var lines: [String] { process.lines }
    var commits: [String] { lines.filter { $0.hasPrefix("commit ") }.map { String($0.dropFirst("commit ".count)) } }
    var preedits: [String] { lines.filter { $0.hasPrefix("preedit ") }.map { String($0.dropFirst("preedit ".count)) } }

    /// Whether the client printed `line` within `timeout`.
    func waitFor(_ line: String, timeout: Duration = .seconds(5)) -> Bool {
        process.waitForLine(timeout: timeout) { $0 == line } != nil
    }

    /// Whether `condition` held within `timeout`.
    func waitFor(timeout: Duration = .seconds(5), _ condition: () -> Bool) -> Bool {
        BoundedWait.until(timeout: timeout, condition)
    }

    func stop() { process.stop() }

    /// The client program, compiled once into a temporary folder shared by test runs (kept
    /// while its source is unchanged, so runs do not pile up copies). Written under
    /// per-process names and renamed into place: another test process may compile at once.
    private static let compiled: Result<String, any Error> = Result {
        let folder = NSTemporaryDirectory() + "gameinput-ximclient"
        let program = folder + "/ximclient", saved = folder + "/ximclient.c"
        if FileManager.default.isExecutableFile(atPath: program), (try? String(contentsOfFile: saved, encoding: .utf8)) == source {
            return program
        }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let ownSource = folder + "/ximclient-\(getpid()).c", ownProgram = folder + "/ximclient-\(getpid())"
        try source.write(toFile: ownSource, atomically: false, encoding: .utf8)
        let compiler = try ChildProcess(
            executable: XServerFixture.locate("cc"), arguments: ["-std=c11", "-O1", "-Wall", "-o", ownProgram, ownSource, "-lX11"])
        guard compiler.waitForExit(timeout: .seconds(60)) == 0 else {
            throw Failure(description: "cannot compile the XIM client: \(compiler.lines)")
        }
        guard rename(ownProgram, program) == 0, rename(ownSource, saved) == 0 else {
            throw Failure(description: "cannot move the XIM client into \(folder): \(String(cString: strerror(errno)))")
        }
        return program
    }

    private static let source = #"""
        #define _XOPEN_SOURCE 700
        #include <X11/Xlib.h>
        #include <X11/Xutil.h>
        #include <locale.h>
        #include <poll.h>
        #include <stdio.h>
        #include <stdlib.h>
        #include <string.h>
        #include <time.h>
        #include <wchar.h>

        static wchar_t preedit[256];
        static int preeditLength;

        static void printPreedit(void) {
            wchar_t copy[257];
            char bytes[1100];
            wmemcpy(copy, preedit, preeditLength);
            copy[preeditLength] = 0;
            size_t count = wcstombs(bytes, copy, sizeof bytes - 1);
            bytes[count == (size_t)-1 ? 0 : count] = 0;
            printf("preedit %s\n", bytes);
        }
        static int started(XIC ic, XPointer client, XPointer data) {
            preeditLength = 0;
            puts("preedit-start");
            return -1;
        }
        static void done(XIC ic, XPointer client, XPointer data) {
            preeditLength = 0;
            puts("preedit-done");
        }
        /* Splices the change into the composition, as a client drawing it must. */
        static void drawn(XIC ic, XPointer client, XPointer data) {
            XIMPreeditDrawCallbackStruct *draw = (XIMPreeditDrawCallbackStruct *)data;
            wchar_t incoming[256];
            int count = 0;
            if (draw->text && draw->text->encoding_is_wchar && draw->text->string.wide_char) {
                count = draw->text->length < 255 ? draw->text->length : 255;
                wmemcpy(incoming, draw->text->string.wide_char, count);
            } else if (draw->text && draw->text->string.multi_byte) {
                size_t converted = mbstowcs(incoming, draw->text->string.multi_byte, 255);
                count = converted == (size_t)-1 ? 0 : (int)converted;
            }
            int first = draw->chg_first, length = draw->chg_length;
            if (first < 0 || first > preeditLength) first = preeditLength;
            if (length < 0 || first + length > preeditLength) length = preeditLength - first;
            if (preeditLength - length + count > 255) return;
            wmemmove(preedit + first + count, preedit + first + length, preeditLength - first - length);
            wmemcpy(preedit + first, incoming, count);
            preeditLength += count - length;
            printPreedit();
        }
        static void caret(XIC ic, XPointer client, XPointer data) {}
        static void destroyed(XIM im, XPointer client, XPointer data) { puts("destroyed"); }

        int main(void) {
            setvbuf(stdout, NULL, _IOLBF, 0);
            if (!setlocale(LC_ALL, "")) { puts("error setlocale"); return 1; }
            Display *display = XOpenDisplay(NULL);
            if (!display) { puts("error XOpenDisplay"); return 1; }
            if (!XSetLocaleModifiers("")) { puts("error XSetLocaleModifiers"); return 1; }
            XIM im = XOpenIM(display, NULL, NULL, NULL);
            if (!im) { puts("error XOpenIM"); return 1; }
            XIMCallback destroy = {NULL, (XIMProc)destroyed};
            XSetIMValues(im, XNDestroyCallback, &destroy, NULL);
            XIMStyles *styles = NULL;
            int callbacks = 0;
            if (!XGetIMValues(im, XNQueryInputStyle, &styles, NULL) && styles) {
                for (int i = 0; i < styles->count_styles; i++)
                    if (styles->supported_styles[i] == (XIMPreeditCallbacks | XIMStatusNothing)) callbacks = 1;
                XFree(styles);
            }
            Window window = XCreateSimpleWindow(display, DefaultRootWindow(display), 0, 0, 200, 100, 0, 0, 0);
            XIC ic;
            if (callbacks) {
                XIMCallback start = {NULL, (XIMProc)started}, draw = {NULL, (XIMProc)drawn};
                XIMCallback finish = {NULL, (XIMProc)done}, move = {NULL, (XIMProc)caret};
                XVaNestedList preeditAttributes = XVaCreateNestedList(
                    0, XNPreeditStartCallback, &start, XNPreeditDrawCallback, &draw, XNPreeditDoneCallback, &finish,
                    XNPreeditCaretCallback, &move, NULL);
                ic = XCreateIC(im, XNInputStyle, XIMPreeditCallbacks | XIMStatusNothing, XNClientWindow, window,
                    XNFocusWindow, window, XNPreeditAttributes, preeditAttributes, NULL);
                XFree(preeditAttributes);
            } else {
                ic = XCreateIC(im, XNInputStyle, XIMPreeditNothing | XIMStatusNothing, XNClientWindow, window,
                    XNFocusWindow, window, NULL);
            }
            if (!ic) { puts("error XCreateIC"); return 1; }
            long filter = 0;
            XGetICValues(ic, XNFilterEvents, &filter, NULL);
            XSelectInput(display, window, KeyPressMask | KeyReleaseMask | StructureNotifyMask | FocusChangeMask | filter);
            XMapWindow(display, window);
            for (XEvent event;;) {
                XNextEvent(display, &event);
                if (event.type == MapNotify) break;
            }
            XSetInputFocus(display, window, RevertToParent, CurrentTime);
            XSetICFocus(ic);
            XSync(display, False);
            printf("ready %s\n", callbacks ? "callbacks" : "nothing");
            for (time_t end = time(NULL) + 120; time(NULL) < end;) {
                while (XPending(display)) {
                    XEvent event;
                    XNextEvent(display, &event);
                    if (XFilterEvent(&event, None) || event.type != KeyPress) continue;
                    char text[256];
                    KeySym keysym = NoSymbol;
                    Status status = 0;
                    int count = Xutf8LookupString(ic, &event.xkey, text, sizeof text - 1, &keysym, &status);
                    if (status == XBufferOverflow) continue;
                    text[count > 0 ? count : 0] = 0;
                    int chars = (status == XLookupChars || status == XLookupBoth) && count > 0;
                    if (chars && (unsigned char)text[0] >= 0x20 && text[0] != 0x7f) printf("commit %s\n", text);
                    if ((status == XLookupKeySym || status == XLookupBoth) && keysym != NoSymbol)
                        printf("key %s\n", XKeysymToString(keysym));
                }
                struct pollfd connection = {ConnectionNumber(display), POLLIN, 0};
                poll(&connection, 1, 50);
            }
            return 0;
        }
        """#
}
