/**
 * What an uploaded file is, read from its bytes: PNG, JPEG, GIF or WebP,
 * with its pixel size when the header says it. The type a browser claims is
 * never trusted (a renamed HTML or SVG file claims `image/png` as easily);
 * anything else — SVG included, which can carry script — is refused.
 */
import type { AttachmentRef } from "./attachment-ref";

/** What the bytes are. */
export type ImageType = { mediaType: AttachmentRef["mediaType"]; width?: number; height?: number };

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  if (bytes.length < at + prefix.length) return false;
  return prefix.every((value, index) => bytes[at + index] === value);
}

function ascii(text: string): number[] {
  return [...text].map((character) => character.charCodeAt(0));
}

function uint16be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
}

function uint16le(bytes: Uint8Array, at: number): number {
  return (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
}

function uint24le(bytes: Uint8Array, at: number): number {
  return uint16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
}

function uint32be(bytes: Uint8Array, at: number): number {
  return ((bytes[at] ?? 0) * 0x1000000 + (((bytes[at + 1] ?? 0) << 16) | ((bytes[at + 2] ?? 0) << 8) | (bytes[at + 3] ?? 0))) >>> 0;
}

/** A pixel size, or nothing when the header's numbers are not one. */
function size(width: number, height: number): { width?: number; height?: number } {
  return width > 0 && height > 0 && width <= 100_000 && height <= 100_000 ? { width, height } : {};
}

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** A JPEG's size from its first start-of-frame segment. */
function jpegSize(bytes: Uint8Array): { width?: number; height?: number } {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return {};
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    const length = uint16be(bytes, at + 2);
    const startOfFrame = marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
    if (startOfFrame) return size(uint16be(bytes, at + 7), uint16be(bytes, at + 5));
    if (length < 2) return {};
    at += 2 + length;
  }
  return {};
}

/** A WebP's size from its first chunk (lossy, lossless or extended). */
function webpSize(bytes: Uint8Array): { width?: number; height?: number } {
  if (startsWith(bytes, ascii("VP8 "), 12) && bytes.length >= 30) return size(uint16le(bytes, 26) & 0x3fff, uint16le(bytes, 28) & 0x3fff);
  if (startsWith(bytes, ascii("VP8L"), 12) && bytes.length >= 25) {
    const bits = (bytes[21] ?? 0) | ((bytes[22] ?? 0) << 8) | ((bytes[23] ?? 0) << 16) | ((bytes[24] ?? 0) << 24);
    return size((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1);
  }
  if (startsWith(bytes, ascii("VP8X"), 12) && bytes.length >= 30) return size(uint24le(bytes, 24) + 1, uint24le(bytes, 27) + 1);
  return {};
}

/** The image type of `bytes`, or null when they are not a PNG, JPEG, GIF or WebP image. */
export function imageTypeOf(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, PNG) && startsWith(bytes, ascii("IHDR"), 12)) {
    return { mediaType: "image/png", ...size(uint32be(bytes, 16), uint32be(bytes, 20)) };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { mediaType: "image/jpeg", ...jpegSize(bytes) };
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) {
    return { mediaType: "image/gif", ...size(uint16le(bytes, 6), uint16le(bytes, 8)) };
  }
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return { mediaType: "image/webp", ...webpSize(bytes) };
  return null;
}
