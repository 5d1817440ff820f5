import { type SniffedType, sniffMediaType } from './sniff.ts';

/**
 * The uploads screen's rule (issue #8): images and PDFs only, judged by their first bytes, up to
 * {@link UPLOAD_MAX_BYTES}. The browser checks the size before sending; the server checks both.
 */
export const UPLOAD_MAX_BYTES = 10 * 1024 * 1024;

export const UPLOAD_TEXT = {
  tooLarge: 'File size is bigger than 10MB',
  wrongType: 'Only images (PNG, JPEG, GIF, WebP) and PDF files can be uploaded',
  empty: 'The file is empty',
} as const;

export type UploadIssue = {
  code: 'file_too_large' | 'unsupported_file_type' | 'empty_file';
  message: string;
};

/** The issue with a file of `size` bytes starting with `head`, or its sniffed type. */
export function checkUpload(size: number, head: Uint8Array): UploadIssue | { type: SniffedType } {
  if (size === 0) return { code: 'empty_file', message: UPLOAD_TEXT.empty };
  if (size > UPLOAD_MAX_BYTES) return { code: 'file_too_large', message: UPLOAD_TEXT.tooLarge };
  const type = sniffMediaType(head);
  return type ? { type } : { code: 'unsupported_file_type', message: UPLOAD_TEXT.wrongType };
}
