/**
 * Structural checks of an image file before any decoder sees it: the container must end where its
 * own structure says it ends. A file with anything after that (a ZIP, a script, a second format)
 * is a polyglot and is refused, even though a decoder would happily ignore the tail.
 */

export type ImageMime = 'image/jpeg' | 'image/png' | 'image/webp';

/** Whether the whole buffer is one image of `mime` with nothing appended. */
export function isWholeImage(mime: ImageMime, data: Uint8Array): boolean {
  switch (mime) {
    case 'image/png':
      return pngEnd(data) === data.length;
    case 'image/webp':
      return webpEnd(data) === data.length;
    case 'image/jpeg':
      return jpegIsWhole(data);
  }
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function u32(data: Uint8Array, at: number): number {
  return ((data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!) >>> 0;
}

/** The offset just after the IEND chunk, or null when the chunks do not chain up to one. */
export function pngEnd(data: Uint8Array): number | null {
  if (data.length < 8 || PNG_SIGNATURE.some((byte, i) => data[i] !== byte)) return null;
  let at = 8;
  while (at + 12 <= data.length) {
    const length = u32(data, at);
    if (length > 0x7fffffff) return null;
    const type = String.fromCharCode(data[at + 4]!, data[at + 5]!, data[at + 6]!, data[at + 7]!);
    at += 12 + length;
    if (at > data.length) return null;
    if (type === 'IEND') return at;
  }
  return null;
}

/** The offset where the RIFF container says the WebP file ends, or null. */
export function webpEnd(data: Uint8Array): number | null {
  if (data.length < 12) return null;
  const riff = String.fromCharCode(data[0]!, data[1]!, data[2]!, data[3]!);
  const webp = String.fromCharCode(data[8]!, data[9]!, data[10]!, data[11]!);
  if (riff !== 'RIFF' || webp !== 'WEBP') return null;
  const size = (data[4]! | (data[5]! << 8) | (data[6]! << 16) | (data[7]! << 24)) >>> 0;
  return 8 + size + (size % 2);
}

/**
 * The offset just after the EOI marker of the JPEG stream starting at `start`, or null. Walks the
 * marker segments and, after each start of scan, the entropy-coded data (where 0xFF is followed by
 * a stuffed 0x00, a restart marker or fill bytes).
 */
export function jpegEnd(data: Uint8Array, start = 0): number | null {
  if (data[start] !== 0xff || data[start + 1] !== 0xd8) return null;
  let at = start + 2;
  while (at < data.length) {
    if (data[at] !== 0xff) return null;
    while (data[at] === 0xff) at += 1;
    if (at >= data.length) return null;
    const marker = data[at]!;
    at += 1;
    if (marker === 0xd9) return at;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) continue;
    if (at + 2 > data.length) return null;
    const length = (data[at]! << 8) | data[at + 1]!;
    if (length < 2) return null;
    at += length;
    if (at > data.length) return null;
    if (marker !== 0xda) continue;
    // Entropy-coded data up to the next real marker.
    while (at < data.length) {
      if (data[at] !== 0xff) {
        at += 1;
        continue;
      }
      const next = data[at + 1];
      if (next === undefined) return null;
      if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) at += 2;
      else if (next === 0xff) at += 1;
      else break;
    }
  }
  return null;
}

/**
 * One JPEG stream, optionally followed by more whole JPEG streams (the multi-picture format that
 * phones use for previews and gain maps) and zero padding; nothing else.
 */
function jpegIsWhole(data: Uint8Array): boolean {
  let end = jpegEnd(data, 0);
  if (end === null) return false;
  for (let streams = 1; end < data.length && streams < 8; streams += 1) {
    if (data[end] === 0xff) {
      const next = jpegEnd(data, end);
      if (next === null) return false;
      end = next;
    } else {
      return data.subarray(end).every((byte) => byte === 0);
    }
  }
  return end === data.length;
}
