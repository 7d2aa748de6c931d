#!/usr/bin/python3
"""Take a screenshot of a headless kwin_wayland through its org.kde.KWin.ScreenShot2 D-Bus API.

Usage: /usr/bin/python3 kwin-screenshot.py BUS_ADDRESS OUTFILE [X Y WIDTH HEIGHT]
  BUS_ADDRESS is the D-Bus session bus address KWin runs in; the area defaults
  to 0 0 1280 720 (CaptureArea, in logical pixels, without the cursor). With
  KWIN_SCREENSHOT_NATIVE_RESOLUTION=1 in the environment the image has the
  output's own pixels (the area times the output's scale), not logical ones,
  and with KWIN_SCREENSHOT_INCLUDE_CURSOR=1 it shows the cursor.

Writes the pixels to OUTFILE as WIDTH*HEIGHT 32-bit words in native byte order,
0xAARRGGBB, rows top to bottom with no padding, and prints "WIDTH HEIGHT".
Exits 1 with a message on standard error when KWin refuses or the image is in
a format other than QImage's 32-bit ARGB/RGB ones.

KWin 5.27 serves ScreenShot2 from its screenshot effect, which loads only with
OpenGL compositing (KWIN_COMPOSE=O2; llvmpipe works), and answers only callers
it trusts: run kwin_wayland with KWIN_SCREENSHOT_NO_PERMISSION_CHECKS=1.
KWin replies with the metadata first and then writes the raw image into the
pipe whose write end we passed; the read end gives EOF once KWin is done, so
every copy of the write end on our side must be closed before reading.
"""
import os
import sys

from gi.repository import Gio, GLib

# QImage::Format_RGB32, Format_ARGB32, Format_ARGB32_Premultiplied: 0xAARRGGBB words.
WORD_FORMATS = (4, 5, 6)


def main():
    if len(sys.argv) not in (3, 7):
        sys.stderr.write(__doc__)
        return 2
    area = [int(v) for v in sys.argv[3:7]] if len(sys.argv) == 7 else [0, 0, 1280, 720]
    flags = (Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT
             | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION)
    bus = Gio.DBusConnection.new_for_address_sync(sys.argv[1], flags, None, None)
    options = {}
    if os.environ.get("KWIN_SCREENSHOT_NATIVE_RESOLUTION") == "1":
        options["native-resolution"] = GLib.Variant("b", True)
    if os.environ.get("KWIN_SCREENSHOT_INCLUDE_CURSOR") == "1":
        options["include-cursor"] = GLib.Variant("b", True)
    read_end, write_end = os.pipe()
    fds = Gio.UnixFDList.new()
    handle = fds.append(write_end)
    os.close(write_end)
    try:
        reply, _ = bus.call_with_unix_fd_list_sync(
            "org.kde.KWin", "/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2", "CaptureArea",
            GLib.Variant("(iiuua{sv}h)", (area[0], area[1], area[2], area[3], options, handle)),
            GLib.VariantType.new("(a{sv})"), Gio.DBusCallFlags.NONE, 10000, fds, None)
    except GLib.Error as error:
        sys.stderr.write("error %s\n" % error.message)
        return 1
    for fd in fds.steal_fds():  # the list's own copy of the write end
        os.close(fd)
    meta = reply.unpack()[0]
    data = bytearray()
    while True:
        chunk = os.read(read_end, 1 << 20)
        if not chunk:
            break
        data += chunk
    width, height, stride = meta["width"], meta["height"], meta["stride"]
    if meta.get("type") != "raw" or meta["format"] not in WORD_FORMATS or len(data) < stride * height:
        sys.stderr.write("error unexpected image %r, %d bytes\n" % (meta, len(data)))
        return 1
    with open(sys.argv[2], "wb") as out:
        for row in range(height):
            out.write(data[row * stride:row * stride + width * 4])
    print("%d %d" % (width, height))
    return 0


if __name__ == "__main__":
    sys.exit(main())
