import { describe, expect, it } from 'vitest';
import { checkUpload, UPLOAD_MAX_BYTES } from './upload-rules.ts';

const PDF = Uint8Array.from('%PDF-1.7', (c) => c.charCodeAt(0));
const TEXT = Uint8Array.from('hello', (c) => c.charCodeAt(0));

describe('checkUpload', () => {
  it('a PDF up to the limit is accepted with its sniffed type', () => {
    expect(checkUpload(UPLOAD_MAX_BYTES, PDF)).toEqual({ type: 'application/pdf' });
  });
  it('one byte over the limit is refused with the size message, whatever its type', () => {
    expect(checkUpload(UPLOAD_MAX_BYTES + 1, PDF)).toEqual({
      code: 'file_too_large',
      message: 'File size is bigger than 10MB',
    });
  });
  it('text is refused by its content, and an empty file as empty', () => {
    expect(checkUpload(5, TEXT)).toMatchObject({ code: 'unsupported_file_type' });
    expect(checkUpload(0, new Uint8Array())).toMatchObject({ code: 'empty_file' });
  });
});
