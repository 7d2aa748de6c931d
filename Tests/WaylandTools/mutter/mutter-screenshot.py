#!/usr/bin/python3
"""Take a screenshot of a headless mutter through its org.gnome.Mutter.ScreenCast API.

Usage: /usr/bin/python3 mutter-screenshot.py BUS_ADDRESS OUTFILE
  BUS_ADDRESS is the D-Bus session bus address mutter runs in.

Writes the primary monitor's pixels to OUTFILE as WIDTH*HEIGHT 32-bit words in
native byte order, 0x??RRGGBB (GStreamer's BGRx; the top byte is not alpha),
rows top to bottom, and prints "WIDTH HEIGHT". Exits 1 with a message on
standard error when it cannot.

Bare `mutter --headless` (43.8) has no screenshot call (org.gnome.Shell.Screenshot
is gnome-shell's); its only way to show the screen is a screen cast, a PipeWire
stream. So this needs, in the same XDG_RUNTIME_DIR and D-Bus session as mutter,
a PipeWire daemon and a session manager that links the stream to its reader
(`pipewire` and `wireplumber`; without wireplumber the reader waits forever),
and GStreamer's PipeWire source to read one frame (`gst-launch-1.0` from
gstreamer1.0-tools, `pipewiresrc` from gstreamer1.0-pipewire).
Steps: ScreenCast.CreateSession, Session.RecordMonitor("" = the primary
monitor, cursor hidden), Session.Start, wait for the stream's
PipeWireStreamAdded(node id), read one buffer with gst-launch, Session.Stop.
"""
import subprocess
import sys

from gi.repository import Gio, GLib

BUS_NAME = "org.gnome.Mutter.ScreenCast"
SESSION_IFACE = "org.gnome.Mutter.ScreenCast.Session"
STREAM_IFACE = "org.gnome.Mutter.ScreenCast.Stream"


def main():
    if len(sys.argv) != 3:
        sys.stderr.write(__doc__)
        return 2
    flags = (Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
             | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
    bus = Gio.DBusConnection.new_for_address_sync(sys.argv[1], flags, None, None)

    def call(path, iface, method, args=None, reply_type=None):
        return bus.call_sync(BUS_NAME, path, iface, method, args, reply_type,
                             Gio.DBusCallFlags.NONE, 5000, None)

    session = call("/org/gnome/Mutter/ScreenCast", "org.gnome.Mutter.ScreenCast", "CreateSession",
                   GLib.Variant("(a{sv})", ({},)), GLib.VariantType.new("(o)")).unpack()[0]
    stream = call(session, SESSION_IFACE, "RecordMonitor",
                  GLib.Variant("(sa{sv})", ("", {"cursor-mode": GLib.Variant("u", 0)})),
                  GLib.VariantType.new("(o)")).unpack()[0]
    loop = GLib.MainLoop()
    nodes = []

    def stream_added(connection, sender, path, iface, signal, parameters):
        nodes.append(parameters.unpack()[0])
        loop.quit()

    bus.signal_subscribe(None, STREAM_IFACE, "PipeWireStreamAdded", stream, None,
                         Gio.DBusSignalFlags.NONE, stream_added)
    try:
        call(session, SESSION_IFACE, "Start")
        GLib.timeout_add(5000, loop.quit)
        loop.run()
        if not nodes:
            sys.stderr.write("error no PipeWire stream within 5 s (is pipewire running?)\n")
            return 1
        size = call(stream, "org.freedesktop.DBus.Properties", "Get",
                    GLib.Variant("(ss)", (STREAM_IFACE, "Parameters")),
                    GLib.VariantType.new("(v)")).unpack()[0].get("size")
        try:
            reader = subprocess.run(
                ["gst-launch-1.0", "-q", "pipewiresrc", "path=%d" % nodes[0], "num-buffers=1", "!",
                 "videoconvert", "!", "video/x-raw,format=BGRx", "!", "filesink",
                 "location=" + sys.argv[2]],
                timeout=10, capture_output=True, text=True)
        except subprocess.TimeoutExpired:
            sys.stderr.write("error no frame within 10 s (is wireplumber running?)\n")
            return 1
        if reader.returncode != 0 or not size:
            sys.stderr.write("error gst-launch-1.0: %s\n" % reader.stderr.strip()[-300:])
            return 1
        print("%d %d" % (size[0], size[1]))
        return 0
    finally:
        try:
            call(session, SESSION_IFACE, "Stop")
        except GLib.Error:
            pass


if __name__ == "__main__":
    sys.exit(main())
