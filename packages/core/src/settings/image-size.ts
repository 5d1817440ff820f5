/**
 * Pixel dimensions of an image from its first bytes (PNG, GIF, JPEG, WebP), so the server can
 * apply the logo's width-to-height rule (shell spec §5) to what it received, not to what the
 * browser claimed. Undefined when the bytes are not one of these or are cut short.
 */
export function imageDimensions(bytes: Uint8Array): { width: number; height: number } | undefined {
  const at = (i: number) => bytes[i] ?? 0;
  const u16be = (i: number) => (at(i) << 8) | at(i + 1);
  const u16le = (i: number) => at(i) | (at(i + 1) << 8);
  const u32be = (i: number) => ((at(i) << 24) >>> 0) + (at(i + 1) << 16) + (at(i + 2) << 8) + at(i + 3);
  const u24le = (i: number) => at(i) | (at(i + 1) << 8) | (at(i + 2) << 16);
  const ascii = (i: number, n: number) => String.fromCharCode(...bytes.subarray(i, i + n));
  const ok = (width: number, height: number) => (width > 0 && height > 0 ? { width, height } : undefined);

  // PNG: signature, then the IHDR chunk's width and height (big-endian).
  if (bytes.length >= 24 && at(0) === 0x89 && ascii(1, 3) === 'PNG' && ascii(12, 4) === 'IHDR') {
    return ok(u32be(16), u32be(20));
  }
  // GIF: logical screen width and height (little-endian).
  if (bytes.length >= 10 && ascii(0, 4) === 'GIF8') return ok(u16le(6), u16le(8));
  // WebP: lossy (VP8), lossless (VP8L) or extended (VP8X) header.
  if (bytes.length >= 30 && ascii(0, 4) === 'RIFF' && ascii(8, 4) === 'WEBP') {
    const kind = ascii(12, 4);
    if (kind === 'VP8 ') return ok(u16le(26) & 0x3fff, u16le(28) & 0x3fff);
    if (kind === 'VP8L') {
      const b = (i: number) => at(21 + i);
      return ok(
        1 + (((b(1) & 0x3f) << 8) | b(0)),
        1 + (((b(3) & 0x0f) << 10) | (b(2) << 2) | ((b(1) & 0xc0) >> 6)),
      );
    }
    if (kind === 'VP8X') return ok(1 + u24le(24), 1 + u24le(27));
    return undefined;
  }
  // JPEG: walk the segments to the first start-of-frame marker.
  if (at(0) === 0xff && at(1) === 0xd8) {
    let i = 2;
    while (i + 9 < bytes.length) {
      if (at(i) !== 0xff) return undefined;
      const marker = at(i + 1);
      if (marker === 0xff) {
        i += 1;
        continue;
      }
      const isFrame =
        marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc;
      if (isFrame) return ok(u16be(i + 7), u16be(i + 5));
      i += 2 + u16be(i + 2);
    }
  }
  return undefined;
}
