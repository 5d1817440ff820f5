import { useRef } from 'react';

/**
 * A hidden file input opened from a button or a menu entry: `input` is rendered somewhere, `open`
 * shows the browser's file chooser. The input is emptied after each pick, so the same file can be
 * picked again.
 */
export function useFilePicker({
  accept,
  testId,
  onPick,
}: {
  accept: string;
  testId: string;
  onPick: (files: File[]) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  const input = (
    <input
      ref={ref}
      type="file"
      accept={accept}
      hidden
      data-testid={testId}
      onChange={(e) => {
        const files = [...(e.target.files ?? [])];
        e.target.value = '';
        onPick(files);
      }}
    />
  );
  return { input, open: () => ref.current?.click() };
}
