#!/usr/bin/env python3
"""png-check.py SVG.png HTML_A.png HTML_B.png — checks the browser screenshots.

Standard library only: PNGs are decoded with zlib (8-bit RGB/RGBA/grey,
non-interlaced, as Chromium writes them).
 - every screenshot is not blank: many pixels differ from the background and
   there are several distinct colours;
 - the two HTML screenshots (the replay at two scrubber positions) differ in
   the phone mock's area, so the mock moved.
Exit status 1 with a message on the first failed check.
"""
import struct
import sys
import zlib


def decode(path):
    with open(path, "rb") as f:
        data = f.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError(f"{path}: not a PNG")
    pos, idat, header = 8, b"", None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat += body
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, colour, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}.get(colour)
    if depth != 8 or channels is None or interlace:
        raise ValueError(f"{path}: unsupported PNG (depth {depth}, colour type {colour}, interlace {interlace})")
    raw = zlib.decompress(idat)
    stride = width * channels
    rows, previous = [], bytearray(stride)
    for y in range(height):
        kind = raw[y * (stride + 1)]
        line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - channels] if i >= channels else 0
            b = previous[i]
            c = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + a) & 0xFF
            elif kind == 2:
                line[i] = (line[i] + b) & 0xFF
            elif kind == 3:
                line[i] = (line[i] + (a + b) // 2) & 0xFF
            elif kind == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                pred = a if pa <= pb and pa <= pc else (b if pb <= pc else c)
                line[i] = (line[i] + pred) & 0xFF
        rows.append(bytes(line))
        previous = line
    pixels = [[tuple(row[x * channels:x * channels + min(channels, 3)]) for x in range(width)] for row in rows]
    return width, height, pixels


def fail(message):
    print(f"png-check: FAIL: {message}", file=sys.stderr)
    sys.exit(1)


def check_not_blank(path, pixels):
    counts = {}
    for row in pixels:
        for p in row:
            counts[p] = counts.get(p, 0) + 1
    total = sum(counts.values())
    background, most = max(counts.items(), key=lambda kv: kv[1])
    other = total - most
    if len(counts) < 8 or other < total * 0.02:
        fail(f"{path} looks blank: {len(counts)} colours, {other} of {total} pixels differ from {background}")
    print(f"png-check: {path}: {len(counts)} colours, {100.0 * other / total:.1f}% non-background pixels")


def main():
    if len(sys.argv) != 4:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    svg_path, a_path, b_path = sys.argv[1:]
    images = {}
    for path in (svg_path, a_path, b_path):
        w, h, pixels = decode(path)
        check_not_blank(path, pixels)
        images[path] = (w, h, pixels)
    (wa, ha, pa), (wb, hb, pb) = images[a_path], images[b_path]
    if (wa, ha) != (wb, hb):
        fail("the two replay screenshots differ in size")
    # The phone mock is the left part of the page (its screen is at most
    # 390 x 640 px plus the bezel, from 20 px in).
    x0, x1, y0, y1 = 20, min(wa, 20 + 460), 20, min(ha, 20 + 700)
    changed = sum(1 for y in range(y0, y1) for x in range(x0, x1) if pa[y][x] != pb[y][x])
    area = (x1 - x0) * (y1 - y0)
    if changed < area * 0.01:
        fail(f"the phone mock did not move between the two scrubber positions ({changed} of {area} pixels changed)")
    print(f"png-check: the mock moved: {changed} of {area} pixels changed between the scrubber positions")


if __name__ == "__main__":
    main()
