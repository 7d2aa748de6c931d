import Foundation

/// X's socket folder, `/tmp/.X11-unix`, as a desktop system keeps it (systemd-tmpfiles'
/// `x11.conf`): root's, sticky and writable by all. An X server or compositor creates it when it
/// is missing, each its own way: sway, which the fixtures run as nobody, leaves it nobody's with
/// mode 755, and mutter then refuses to start Xwayland ("Wrong ownership"), as it refuses a
/// folder of root's that others cannot write. Whichever suite runs first on a fresh machine
/// decides, so every fixture that starts Xwayland makes it right first (the tests run as root).
public enum X11SocketFolder {
    public static let path = "/tmp/.X11-unix"

    /// Creates the folder, or gives an existing one root's ownership and mode 1777; the sockets
    /// already in it stay as they are.
    public static func prepare() {
        _ = mkdir(path, 0o1777)
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return }
        if status.st_uid != 0 || status.st_gid != 0 { _ = chown(path, 0, 0) }
        if status.st_mode & 0o7777 != 0o1777 { _ = chmod(path, 0o1777) }
    }
}
