"""Writes the PNG files the card export's tests draw, by hand with zlib and struct.

Usage: make_test_pngs.py DIRECTORY

Every image is 64 x 48 pixels (13 x 7 for the low-depth palette one). Rows cycle through the
five PNG filter types, so both PDF's predictors and bbfan's own decoder meet each of them.
The left half of the "halves" images is black and the right half white, for checks that the
pixels land where they belong.
"""

import os
import struct
import sys
import zlib

WIDTH, HEIGHT = 64, 48
ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    if pa <= pb and pa <= pc:
        return a
    return b if pb <= pc else c


def filtered(rows, step):
    """Each row (bytes) filtered with filter type row-number mod 5, with its type byte."""
    out = b""
    previous = bytes(len(rows[0])) if rows else b""
    for number, row in enumerate(rows):
        kind = number % 5
        line = bytearray()
        for i, x in enumerate(row):
            a = row[i - step] if i >= step else 0
            b = previous[i]
            c = previous[i - step] if i >= step else 0
            predictor = [0, a, b, (a + b) // 2, paeth(a, b, c)][kind]
            line.append((x - predictor) & 0xFF)
        out += bytes([kind]) + bytes(line)
        previous = row
    return out


def pack(samples, depth):
    """A row of sample values packed at depth bits (1, 2, 4, 8 or 16)."""
    if depth == 16:
        return b"".join(struct.pack(">H", s) for s in samples)
    if depth == 8:
        return bytes(samples)
    out, bits, count = bytearray(), 0, 0
    for s in samples:
        bits = (bits << depth) | s
        count += depth
        if count == 8:
            out.append(bits)
            bits, count = 0, 0
    if count:
        out.append(bits << (8 - count))
    return bytes(out)


def png(path, width, height, color_type, depth, pixel, palette=None, trns=None, interlaced=False):
    """pixel(x, y) gives the pixel's samples as a tuple."""
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    step = max(1, channels * depth // 8)
    grids = ADAM7 if interlaced else [(0, 0, 1, 1)]
    data = b""
    for x0, y0, dx, dy in grids:
        rows = []
        for y in range(y0, height, dy):
            samples = [s for x in range(x0, width, dx) for s in pixel(x, y)]
            if samples:
                rows.append(pack(samples, depth))
        if rows:
            data += filtered(rows, step)
    body = chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, color_type, 0, 0, int(interlaced)))
    if palette:
        body += chunk(b"PLTE", bytes(c for rgb in palette for c in rgb))
    if trns is not None:
        body += chunk(b"tRNS", trns)
    # Two IDAT chunks, to check that they are joined.
    stream = zlib.compress(data, 9)
    half = len(stream) // 2
    body += chunk(b"IDAT", stream[:half]) + chunk(b"IDAT", stream[half:]) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + body)


def gradient(x, y):
    return ((x * 4) % 256, (y * 5) % 256, ((x + y) * 3) % 256)


def halves(x, y):
    return 0 if x < WIDTH // 2 else 255


def main(directory):
    os.makedirs(directory, exist_ok=True)
    out = lambda name: os.path.join(directory, name)
    stripes = [(200, 30, 30), (30, 160, 60), (40, 60, 200), (240, 220, 40)]
    # A palette image under a name that says JPEG: the type comes from the bytes.
    png(out("palette.jpg"), WIDTH, HEIGHT, 3, 8, lambda x, y: ((x // 8 + y // 8) % 4,), stripes)
    png(out("palette-2bit.png"), 13, 7, 3, 2, lambda x, y: ((x + y) % 4,), stripes)
    png(out("palette-alpha.png"), WIDTH, HEIGHT, 3, 8, lambda x, y: ((x // 8) % 4,), stripes,
        trns=bytes([255, 128, 0]))
    png(out("palette-key.png"), WIDTH, HEIGHT, 3, 8, lambda x, y: ((x // 8) % 4,), stripes,
        trns=bytes([255, 0]))
    png(out("rgb.png"), WIDTH, HEIGHT, 2, 8, gradient)
    png(out("rgb-halves.png"), WIDTH, HEIGHT, 2, 8, lambda x, y: (halves(x, y),) * 3)
    png(out("rgb-halves-interlaced.png"), WIDTH, HEIGHT, 2, 8, lambda x, y: (halves(x, y),) * 3,
        interlaced=True)
    png(out("rgb16.png"), WIDTH, HEIGHT, 2, 16, lambda x, y: tuple(v * 257 for v in gradient(x, y)))
    png(out("gray.png"), WIDTH, HEIGHT, 0, 8, lambda x, y: ((x * 4) % 256,))
    png(out("gray16-interlaced.png"), WIDTH, HEIGHT, 0, 16, lambda x, y: ((x * 1000) % 65536,),
        interlaced=True)
    png(out("gray-alpha.png"), WIDTH, HEIGHT, 4, 8, lambda x, y: ((x * 4) % 256, (y * 5) % 256))
    png(out("rgba.png"), WIDTH, HEIGHT, 6, 8, lambda x, y: gradient(x, y) + ((x * 4) % 256,))
    png(out("rgb-key.png"), WIDTH, HEIGHT, 2, 8, gradient, trns=struct.pack(">HHH", 0, 0, 0))


if __name__ == "__main__":
    main(sys.argv[1])
