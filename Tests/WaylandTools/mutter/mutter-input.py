#!/usr/bin/python3
"""Inject pointer and keyboard input into a headless mutter (GNOME) compositor.

Test fixture helper: lockgame runs under Xwayland inside
`mutter --headless --wayland`, and this tool drives mutter's
org.gnome.Mutter.RemoteDesktop D-Bus API so that the input travels through
the compositor exactly like real device input (relative motion reaches
pointer-locked / grabbing X clients).

Usage: /usr/bin/python3 mutter-input.py BUS_ADDRESS
  BUS_ADDRESS is the D-Bus session bus address of the dbus-run-session mutter
  runs in (e.g. "unix:path=/tmp/dbus-XXXX,guid=...").

Protocol: prints "ready" once the RemoteDesktop session is started, then reads
one command per line from stdin and answers "ok" after the D-Bus call has
returned, or "error MESSAGE":
  motion DX DY        relative pointer motion (floats)
  button CODE 1|0     evdev button code (272 left, 273 right, 274 middle)
  keysym KEYSYM 1|0   X keysym number (decimal)
  key CODE 1|0        evdev key code (17 = KEY_W), typed in mutter's keymap
  quit                stop the session and exit
On stdin EOF the session is stopped and the tool exits 0. The session dies
with the D-Bus connection, so keep this process alive for the whole test.
There is no absolute motion (that needs a screen-cast stream): park the
cursor with a large negative relative move, then move it in.
"""
import sys

from gi.repository import Gio, GLib

BUS_NAME = "org.gnome.Mutter.RemoteDesktop"
RD_PATH = "/org/gnome/Mutter/RemoteDesktop"
RD_IFACE = "org.gnome.Mutter.RemoteDesktop"
SESSION_IFACE = "org.gnome.Mutter.RemoteDesktop.Session"


def reply(line):
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


def main():
    if len(sys.argv) != 2:
        sys.stderr.write(__doc__)
        return 2
    flags = (Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
             | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
    bus = Gio.DBusConnection.new_for_address_sync(sys.argv[1], flags, None, None)

    def call(path, iface, method, args=None, reply_type=None):
        return bus.call_sync(BUS_NAME, path, iface, method, args,
                             reply_type, Gio.DBusCallFlags.NONE, 5000, None)

    session = call(RD_PATH, RD_IFACE, "CreateSession", None,
                   GLib.VariantType.new("(o)")).unpack()[0]
    call(session, SESSION_IFACE, "Start")
    reply("ready")

    cmd = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, args = words[0], words[1:]
        try:
            if cmd == "quit":
                break
            elif cmd == "motion" and len(args) == 2:
                call(session, SESSION_IFACE, "NotifyPointerMotionRelative",
                     GLib.Variant("(dd)", (float(args[0]), float(args[1]))))
            elif cmd == "button" and len(args) == 2:
                call(session, SESSION_IFACE, "NotifyPointerButton",
                     GLib.Variant("(ib)", (int(args[0]), args[1] == "1")))
            elif cmd == "keysym" and len(args) == 2:
                call(session, SESSION_IFACE, "NotifyKeyboardKeysym",
                     GLib.Variant("(ub)", (int(args[0]), args[1] == "1")))
            elif cmd == "key" and len(args) == 2:
                call(session, SESSION_IFACE, "NotifyKeyboardKeycode",
                     GLib.Variant("(ub)", (int(args[0]), args[1] == "1")))
            else:
                reply("error unknown command: " + line.strip())
                continue
            reply("ok")
        except (GLib.Error, ValueError) as e:
            reply("error " + str(e).replace("\n", " "))

    try:
        call(session, SESSION_IFACE, "Stop")
    except GLib.Error:
        pass
    if cmd == "quit":
        reply("ok")
    return 0


if __name__ == "__main__":
    sys.exit(main())
