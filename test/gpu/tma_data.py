"""The data of sample 张量载入 (test/exec/test_exec_hopper.sh on the CPU, test/gpu/tma_device.sh on
the H200): a 96 x 80 f16 tensor, element (r, c) = (80r + c) mod 2048 (exact in f16), and what the
kernel writes: two 64 x 64 boxes, at (0, 0) and at (64, 32) (rows >= 96 and columns >= 80 read as
zero), in logical order as f32.
    python3 tma_data.py TENSOR.bin EXPECT.bin"""
import struct
import sys

ROWS, COLS = 96, 80


def value(r, c):
    return float((r * COLS + c) % 2048) if r < ROWS and c < COLS else 0.0


def main(tensor_path, expect_path):
    tensor = [value(r, c) for r in range(ROWS) for c in range(COLS)]
    with open(tensor_path, "wb") as f:
        f.write(struct.pack("<%de" % len(tensor), *tensor))
    expect = []
    for i in range(8192):
        box, e = divmod(i, 4096)
        r, c = divmod(e, 64)
        expect.append(value(r, c) if box == 0 else value(64 + r, 32 + c))
    with open(expect_path, "wb") as f:
        f.write(struct.pack("<%df" % len(expect), *expect))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2])
