import { describe, expect, it } from "vitest";
import { imageTypeOf } from "./image-type";
import { solidPng } from "./testing/solid-png";

const bytes = (...values: number[]) => new Uint8Array(values);
const text = (value: string) => new TextEncoder().encode(value);

describe("imageTypeOf", () => {
  it("reads a PNG and its size from its header", () => {
    expect(imageTypeOf(solidPng(7, 3))).toEqual({ mediaType: "image/png", width: 7, height: 3 });
  });

  it("reads a JPEG's size from its start-of-frame segment, past the segments before it", () => {
    // SOI, an APP0 segment of 16 bytes, then SOF0: precision 8, height 0x0102, width 0x0304.
    const app0 = [0xff, 0xe0, 0x00, 0x10, ...new Array(14).fill(0)];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x02, 0x03, 0x04, 0x03, ...new Array(9).fill(0)];
    expect(imageTypeOf(bytes(0xff, 0xd8, ...app0, ...sof0))).toEqual({ mediaType: "image/jpeg", width: 0x0304, height: 0x0102 });
    // A JPEG cut before its frame is still a JPEG, of unknown size.
    expect(imageTypeOf(bytes(0xff, 0xd8, 0xff, 0xe0))).toEqual({ mediaType: "image/jpeg" });
  });

  it("reads GIF and WebP", () => {
    expect(imageTypeOf(new Uint8Array([...text("GIF89a"), 0x0a, 0x00, 0x14, 0x00, 0]))).toEqual({ mediaType: "image/gif", width: 10, height: 20 });
    const vp8x = new Uint8Array(30);
    vp8x.set(text("RIFF"), 0);
    vp8x.set(text("WEBPVP8X"), 8);
    vp8x.set([99, 0, 0, 49, 0, 0], 24); // width-1 = 99, height-1 = 49, 24-bit little-endian
    expect(imageTypeOf(vp8x)).toEqual({ mediaType: "image/webp", width: 100, height: 50 });
  });

  it("refuses what is not one of the four, whatever its name would claim", () => {
    expect(imageTypeOf(text("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"))).toBeNull();
    expect(imageTypeOf(text("<!doctype html><img src=x onerror=alert(1)>"))).toBeNull();
    expect(imageTypeOf(text("%PDF-1.7"))).toBeNull();
    expect(imageTypeOf(new Uint8Array())).toBeNull();
    // A PNG signature without its IHDR chunk is not a PNG.
    expect(imageTypeOf(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0))).toBeNull();
  });
});
