internal import CLibdecor
import Foundation

/// libdecor's functions, loaded at run time (`dlopen` of `libdecor-0.so.0`) the first time a
/// window needs a frame the compositor does not draw, as SDL and GLFW 3.4 load it: linked, a
/// missing libdecor would keep every GameInput program from starting, even on X11, where it is
/// never used. Without it a native window on a compositor that draws no frames (mutter) has none.
struct Libdecor: Sendable {
    typealias Frame = OpaquePointer
    let new: @convention(c) (OpaquePointer?, UnsafeMutablePointer<libdecor_interface>?) -> OpaquePointer?
    let unref: @convention(c) (OpaquePointer?) -> Void
    let decorate:
        @convention(c) (OpaquePointer?, OpaquePointer?, UnsafeMutablePointer<libdecor_frame_interface>?, UnsafeMutableRawPointer?) ->
            OpaquePointer?
    let frameUnref: @convention(c) (Frame?) -> Void
    let frameSetTitle: @convention(c) (Frame?, UnsafePointer<CChar>?) -> Void
    let frameSetAppID: @convention(c) (Frame?, UnsafePointer<CChar>?) -> Void
    let frameSetMinContentSize: @convention(c) (Frame?, Int32, Int32) -> Void
    let frameSetMaxContentSize: @convention(c) (Frame?, Int32, Int32) -> Void
    let frameSetFullScreen: @convention(c) (Frame?, OpaquePointer?) -> Void
    let frameUnsetFullScreen: @convention(c) (Frame?) -> Void
    let frameMap: @convention(c) (Frame?) -> Void
    let frameCommit: @convention(c) (Frame?, OpaquePointer?, OpaquePointer?) -> Void
    let stateNew: @convention(c) (Int32, Int32) -> OpaquePointer?
    let stateFree: @convention(c) (OpaquePointer?) -> Void
    let configurationContentSize:
        @convention(c) (OpaquePointer?, Frame?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?) -> Bool
    let configurationWindowState: @convention(c) (OpaquePointer?, UnsafeMutablePointer<libdecor_window_state>?) -> Bool

    /// The library's file name, as its package installs it (Debian `libdecor-0-0`).
    static let libraryName = "libdecor-0.so.0"

    /// libdecor loaded once per process, or why it could not be: the library is missing or
    /// lacks a function GameInput calls.
    static let loaded: Result<Libdecor, Posix.LibraryError> = load()

    private static func load() -> Result<Libdecor, Posix.LibraryError> {
        let library: Posix.Library
        switch Posix.openLibrary(libraryName) {
        case .success(let opened): library = opened
        case .failure(let error): return .failure(error)
        }
        do {
            return .success(
                Libdecor(
                    new: try library.function("libdecor_new"), unref: try library.function("libdecor_unref"),
                    decorate: try library.function("libdecor_decorate"), frameUnref: try library.function("libdecor_frame_unref"),
                    frameSetTitle: try library.function("libdecor_frame_set_title"),
                    frameSetAppID: try library.function("libdecor_frame_set_app_id"),
                    frameSetMinContentSize: try library.function("libdecor_frame_set_min_content_size"),
                    frameSetMaxContentSize: try library.function("libdecor_frame_set_max_content_size"),
                    frameSetFullScreen: try library.function("libdecor_frame_set_fullscreen"),
                    frameUnsetFullScreen: try library.function("libdecor_frame_unset_fullscreen"),
                    frameMap: try library.function("libdecor_frame_map"), frameCommit: try library.function("libdecor_frame_commit"),
                    stateNew: try library.function("libdecor_state_new"), stateFree: try library.function("libdecor_state_free"),
                    configurationContentSize: try library.function("libdecor_configuration_get_content_size"),
                    configurationWindowState: try library.function("libdecor_configuration_get_window_state")))
        } catch {
            return .failure(error)
        }
    }
}
