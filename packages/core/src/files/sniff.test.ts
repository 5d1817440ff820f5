import { describe, expect, it } from 'vitest';
import { isImageType, sniffMediaType } from './sniff.ts';

const bytes = (...b: number[]) => Uint8Array.from(b);
/** ASCII text as bytes (the core has no TextEncoder: it type-checks without DOM or Node). */
const ascii = (text: string) => Uint8Array.from(text, (c) => c.charCodeAt(0));

describe('sniffMediaType', () => {
  it('knows a PNG, a JPEG, a GIF, a WebP and a PDF by their first bytes', () => {
    expect(sniffMediaType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffMediaType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffMediaType(ascii('GIF89a'))).toBe('image/gif');
    expect(sniffMediaType(ascii('RIFF\0\0\0\0WEBPVP8 '))).toBe('image/webp');
    expect(sniffMediaType(ascii('%PDF-1.7'))).toBe('application/pdf');
  });

  it('does not believe a name or a truncated header: text, an empty file and a RIFF that is not WebP are unknown', () => {
    expect(sniffMediaType(ascii('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeUndefined();
    expect(sniffMediaType(bytes())).toBeUndefined();
    expect(sniffMediaType(bytes(0x89, 0x50, 0x4e))).toBeUndefined();
    expect(sniffMediaType(ascii('RIFF\0\0\0\0WAVEfmt '))).toBeUndefined();
  });

  it('tells images from other accepted files', () => {
    expect(isImageType('image/png')).toBe(true);
    expect(isImageType('application/pdf')).toBe(false);
    expect(isImageType(undefined)).toBe(false);
  });
});
