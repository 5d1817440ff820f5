import { describe, expect, it } from 'vitest';
import { imageDimensions } from './image-size.ts';

const bytes = (...parts: (number[] | string)[]) =>
  new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)));

describe('image dimensions from the first bytes', () => {
  it('reads a PNG header', () => {
    const png = bytes(
      [0x89],
      'PNG',
      [0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13],
      'IHDR',
      [0, 0, 1, 0x64, 0, 0, 0, 0xd2],
    );
    expect(imageDimensions(png)).toEqual({ width: 356, height: 210 });
  });
  it('reads a GIF header', () => {
    expect(imageDimensions(bytes('GIF89a', [0x40, 0x01, 0xc8, 0x00]))).toEqual({ width: 320, height: 200 });
  });
  it('reads a JPEG start-of-frame after other segments', () => {
    const jpeg = bytes(
      [0xff, 0xd8],
      [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00],
      [0xff, 0xc0, 0x00, 0x11, 0x08, 0x00, 0x64, 0x01, 0x2c, 0x03, 0, 0, 0, 0, 0, 0],
    );
    expect(imageDimensions(jpeg)).toEqual({ width: 300, height: 100 });
  });
  it('reads a WebP extended header', () => {
    const webp = bytes(
      'RIFF',
      [0, 0, 0, 0],
      'WEBP',
      'VP8X',
      [10, 0, 0, 0, 0, 0, 0, 0],
      [0x3f, 0x01, 0x00],
      [0xc7, 0x00, 0x00],
    );
    expect(imageDimensions(webp)).toEqual({ width: 320, height: 200 });
  });
  it('gives nothing for other or cut-short bytes', () => {
    expect(imageDimensions(bytes('%PDF-1.7 ...'))).toBeUndefined();
    expect(imageDimensions(bytes([0x89], 'PNG'))).toBeUndefined();
    expect(imageDimensions(new Uint8Array())).toBeUndefined();
  });
});
