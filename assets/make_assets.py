#!/usr/bin/env python3
"""Regenerates the demo room's meshes (OBJ) and textures (PNG, via ImageMagick `convert`).

Run from anywhere: python3 assets/make_assets.py. The outputs are committed; this script only
documents how they were made. Conventions: metres, Y up, faces counter-clockwise seen from the
front, OBJ texture v pointing up.
"""
import os
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, text):
    with open(os.path.join(HERE, name), "w") as f:
        f.write(text)


def box_faces(x0, y0, z0, x1, y1, z1, uv_per_metre=None):
    """Quads (4 corners, CCW from outside) with UVs for an axis-aligned box."""
    faces = []
    def quad(a, b, c, d, w, h):
        if uv_per_metre is None:
            uw, uh = 1.0, 1.0
        else:
            uw, uh = w * uv_per_metre, h * uv_per_metre
        faces.append([(a, (0, 0)), (b, (uw, 0)), (c, (uw, uh)), (d, (0, uh))])
    dx, dy, dz = x1 - x0, y1 - y0, z1 - z0
    quad((x0, y0, z1), (x1, y0, z1), (x1, y1, z1), (x0, y1, z1), dx, dy)  # +Z
    quad((x1, y0, z0), (x0, y0, z0), (x0, y1, z0), (x1, y1, z0), dx, dy)  # -Z
    quad((x1, y0, z1), (x1, y0, z0), (x1, y1, z0), (x1, y1, z1), dz, dy)  # +X
    quad((x0, y0, z0), (x0, y0, z1), (x0, y1, z1), (x0, y1, z0), dz, dy)  # -X
    quad((x0, y1, z1), (x1, y1, z1), (x1, y1, z0), (x0, y1, z0), dx, dz)  # +Y
    quad((x0, y0, z0), (x1, y0, z0), (x1, y0, z1), (x0, y0, z1), dx, dz)  # -Y
    return faces


def obj(header, faces, relative=False):
    """OBJ text with one v/vt pair per corner; quads stay quads (the loader fans them)."""
    lines = ["# " + l for l in header.splitlines()]
    for face in faces:
        for (p, t) in face:
            lines.append("v %g %g %g" % p)
            lines.append("vt %g %g" % t)
        n = len(face)
        if relative:
            lines.append("f " + " ".join("%d/%d" % (k - n, k - n) for k in range(n)))
        else:
            base = len([l for l in lines if l.startswith("v ")]) - n + 1
            lines.append("f " + " ".join("%d/%d" % (base + k, base + k) for k in range(n)))
    return "\n".join(lines) + "\n"


write("floor.obj", obj("Floor: 12 x 12 m at y = 0, facing up; texture repeats every 2 m.",
                       [[((-6, 0, 6), (0, 0)), ((6, 0, 6), (6, 0)), ((6, 0, -6), (6, 6)), ((-6, 0, -6), (0, 6))]]))
write("wall.obj", obj("Wall: 12 m wide, 4 m high, in the z = 0 plane facing +Z; texture every 2 m.\n"
                      "Placed and turned by scene.txt (rotate turns +Z towards +X).",
                      [[((-6, 0, 0), (0, 0)), ((6, 0, 0), (6, 0)), ((6, 4, 0), (6, 2)), ((-6, 4, 0), (0, 2))]]))
write("cube.obj", obj("Unit cube standing on y = 0 (x, z in -0.5...0.5, y in 0...1), outward faces.\n"
                      "Uses negative (relative) indices.", box_faces(-0.5, 0, -0.5, 0.5, 1, 0.5), relative=True))
arch = (box_faces(-1.6, 0, -0.3, -1.0, 3.2, 0.3, 1) + box_faces(1.0, 0, -0.3, 1.6, 3.2, 0.3, 1)
        + box_faces(-1.9, 3.2, -0.35, 1.9, 3.8, 0.35, 1))
write("arch.obj", obj("Marker arch: two posts and a lintel, 3.8 m high, centred on x = 0, z = 0.", arch))


def convert(*args):
    subprocess.run(["convert", *args], check=True)


def bricks(name, mortar, brick, dark):
    draw = []
    for row in range(4):
        y0 = row * 16
        off = 0 if row % 2 == 0 else 16
        for col in range(-1, 3):
            x0 = col * 32 + off
            draw.append("fill %s rectangle %d,%d %d,%d" % (brick, x0 + 1, y0 + 1, x0 + 30, y0 + 14))
            draw.append("fill %s rectangle %d,%d %d,%d" % (dark, x0 + 1, y0 + 12, x0 + 30, y0 + 14))
    convert("-size", "64x64", "xc:" + mortar, "-draw", " ".join(draw),
            "-attenuate", "0.25", "+noise", "Uniform", "-strip", os.path.join(HERE, name))


bricks("wall_north.png", "#d8cfc0", "#b8402e", "#8e2f22")   # red: the wall with the arch
bricks("wall_south.png", "#d8cfc0", "#3f66b0", "#2d4b86")   # blue: behind the spawn point
bricks("wall_east.png", "#d8cfc0", "#3f9a4e", "#2c7238")    # green: to the right at spawn
bricks("wall_west.png", "#d8cfc0", "#d6a83a", "#a8802a")    # yellow: to the left at spawn
convert("-size", "64x64", "xc:#9a9288", "-draw",
        "fill #c9c1b5 rectangle 1,1 30,30 rectangle 33,33 62,62 fill #7d766e rectangle 33,1 62,30 rectangle 1,33 30,62",
        "-attenuate", "0.15", "+noise", "Uniform", "-strip", os.path.join(HERE, "floor.png"))
convert("-size", "64x64", "xc:#8a5a2b", "-draw",
        "fill #a8733c rectangle 6,6 57,57 stroke #6b4420 stroke-width 5 line 6,6 57,57 line 57,6 6,57 "
        "fill none stroke #5a3818 stroke-width 3 rectangle 2,2 61,61",
        "-strip", os.path.join(HERE, "crate.png"))
convert("-size", "64x64", "xc:#b9b4ac", "-draw",
        "fill #a29d95 rectangle 0,0 7,63 rectangle 16,0 23,63 rectangle 32,0 39,63 rectangle 48,0 55,63",
        "-attenuate", "0.2", "+noise", "Uniform", "-strip", os.path.join(HERE, "pillar.png"))
convert("-size", "64x64", "xc:#ff8c1a", "-draw",
        "fill #fff1c2 rectangle 0,0 63,7 rectangle 0,32 63,39",
        "-strip", os.path.join(HERE, "marker.png"))
