#!/usr/bin/env python3
"""Writes the binary seeds of the fuzz corpus (raw-motion, xinput-events and the made-up PNGs).

The layouts are the ones the targets' doc comments describe (Fuzz/Targets/*.swift); rerun
this after changing a layout: python3 Fuzz/Corpus/make-seeds.py
"""
import os
import struct
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


def write(target, name, data):
    with open(os.path.join(HERE, target, name), "wb") as f:
        f.write(data)


def any_double(value):
    """FuzzInput.anyDouble: selector 1 (mod 4 == 1) then the bit pattern."""
    return bytes([1]) + struct.pack("<d", value)


def small_double(eighths):
    """FuzzInput.anyDouble: selector 2 then an Int16 count of eighths."""
    return bytes([2]) + struct.pack("<h", eighths)


def edge_double(index):
    """FuzzInput.anyDouble: selector 0 picks edgeDoubles[index]."""
    return bytes([index * 4])


def raw_event(op, device, mask, values):
    out = bytes([op, device, len(mask)]) + bytes(mask)
    for accelerated, raw in values:
        out += accelerated + raw
    return out


# raw-motion: a mouse (relative 0/1), a tablet (absolute 0/1 on device 9), scroll axes.
# No pointer axes set (conventional 0/1); device 6 scrolls vertically on valuator 2, 15 a step.
mouse = bytes([0]) + bytes([1, 6, 1, 2, 1]) + small_double(120)
mouse += raw_event(0x01, 6, [0x03], [(small_double(16), small_double(8)), (small_double(-24), small_double(-12))])
mouse += raw_event(0x02, 6, [0x07], [(small_double(1), small_double(1)), (small_double(2), small_double(2)), (small_double(80), small_double(80))])
mouse += raw_event(0x03, 6, [0x07], [(small_double(1), small_double(1)), (small_double(2), small_double(2)), (small_double(200), small_double(200))])
write("raw-motion", "mouse-and-wheel", mouse)

tablet = bytes([1, 9, 4, 5, 1])  # device 9: axes 0, 1 absolute
tablet += bytes([0])
tablet += raw_event(0x01, 9, [0x03], [(small_double(800), small_double(800)), (small_double(400), small_double(400))])
tablet += raw_event(0x01, 9, [0x03], [(small_double(840), small_double(840)), (small_double(380), small_double(380))])
tablet += raw_event(0x01, 9, [0x01], [(small_double(900), small_double(900))])
write("raw-motion", "tablet", tablet)

hostile = bytes([1, 7, 9, 7, 0, 0])  # device 7: x on valuator 5, y on 3, relative
hostile += raw_event(0x01, 7, [0x28], [(edge_double(0), small_double(1)), (edge_double(3), edge_double(12))])
hostile += raw_event(0x21, 7, [0xFF, 0xFF], [(any_double(1e300), any_double(-1e300))])  # lying: 1 of 16 values
hostile += bytes([0x11]) + struct.pack("<h", -20) + bytes([1, 0x03])  # device -20, values cut off
write("raw-motion", "hostile-values", hostile)


# xinput-events: see EventFields in xinput-events.swift.
def fp1616(value):
    return struct.pack("<i", int(value * 65536))


def fp3232(value):
    integral = int(value // 1)
    fraction = int((value - integral) * 4294967296)
    return struct.pack("<iI", integral, fraction)


def x_event(kind, detail=0, flags=0, source=6, time=1234, mods=0, x=10.5, y=20.25, buttons=b"", mask=b"", values=(),
            raw_values=None, scale=1.0, angle=0.0, dx=0.0, dy=0.0):
    out = bytes([kind]) + struct.pack("<iibIi", detail, flags, source, time, mods) + fp1616(x) + fp1616(y)
    out += bytes([len(buttons)]) + buttons + bytes([len(mask)]) + mask
    out += b"".join(fp3232(v) for v in values)
    if raw_values is not None:
        out += b"".join(fp3232(v) for v in raw_values)
    out += fp1616(scale) + fp1616(angle) + fp1616(dx) + fp1616(dy)
    return out


setup = bytes([2, 6, 0, 2, 2, 1]) + fp3232(120.0) + bytes([3, 0]) + fp3232(-15.0)  # device 6: smooth scroll
setup += bytes([11, 3, 0])  # device 11: touchscreen and gestures, no scroll axes
session = setup
session += x_event(8, detail=54, flags=1 << 16, mods=4)  # key press, repeat flag, control
session += x_event(0, detail=54)  # key release
session += x_event(9, detail=1, buttons=bytes([0, 0, 0, 0]))  # primary press
session += x_event(9, detail=3, buttons=bytes([0x02, 0, 0, 0]))  # secondary with primary held
session += x_event(9, detail=4)  # wheel up
session += x_event(9, detail=5, flags=1 << 16)  # emulated wheel down
session += x_event(11, source=6, mask=bytes([0x0C]), values=(240.0, 30.0))  # enter
session += x_event(10, source=6, mask=bytes([0x0F]), values=(1.0, 2.0, 360.0, 15.0))  # motion + smooth scroll
session += x_event(12, source=11, detail=2, scale=1.5, angle=12.0)  # pinch
session += x_event(13, source=11, detail=3, dx=4.0, dy=-2.0)  # swipe
session += x_event(6, source=6, mask=bytes([0x03]), values=(3.0, -1.5), raw_values=(2.0, -1.0))  # raw motion
session += x_event(7)  # lock transition
write("xinput-events", "session", session)

odd = bytes([0])
odd += x_event(9, detail=40, buttons=bytes([0xFF] * 15))  # a button past 31, every bit held
odd += x_event(10, source=-1, mask=bytes([0xFF] * 15), values=[float(i) for i in range(120)])
odd += x_event(6, source=-128, mask=bytes([0x80, 0x01]), values=(2147483647.0, -2147483648.0),
               raw_values=(0.5, -0.5))
write("xinput-events", "edges", odd)


# PNG: small files in the colour types and bit depths libpng converts.
def chunk(kind, data):
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)


def png(width, height, bit_depth, color_type, rows, interlace=0, extra=b""):
    raw = b"".join(b"\x00" + row for row in rows)
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, interlace)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra + chunk(b"IDAT", zlib.compress(raw))
            + chunk(b"IEND", b""))


write("png", "rgba-2x2.png", png(2, 2, 8, 6, [bytes([255, 0, 0, 255, 0, 255, 0, 128]), bytes([0, 0, 255, 0, 9, 9, 9, 255])]))
write("png", "gray-1bit-9x2.png", png(9, 2, 1, 0, [bytes([0b10101010, 0b10000000]), bytes([0xFF, 0x00])]))
write("png", "gray16-alpha.png", png(1, 1, 16, 4, [bytes([0x12, 0x34, 0xFF, 0xFF])]))
palette = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([255, 0]))
write("png", "palette-trns.png", png(4, 1, 2, 3, [bytes([0b00011011])], extra=palette))
write("png", "gamma-rgb16.png", png(1, 1, 16, 2, [bytes(6)], extra=chunk(b"gAMA", struct.pack(">I", 100000))))
write("png", "interlaced-1x1.png", png(1, 1, 8, 2, [bytes([10, 20, 30])], interlace=1))
write("png", "too-wide.png", png(5000, 1, 8, 0, [bytes(5000)]))
whole = png(3, 3, 8, 2, [bytes(9)] * 3)
write("png", "truncated.png", whole[: len(whole) - 20])
write("png", "signature-only.png", b"\x89PNG\r\n\x1a\n")
