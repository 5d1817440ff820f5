import { BARCODE_NOT_FOUND_TOAST_MS } from '@rostra/core/shell/constants';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { useRef } from 'react';
import { scanBarcodeImage } from '../lib/barcode.ts';
import { searchStore } from '../lib/search.ts';
import { notify } from '../lib/toast.ts';

/**
 * The barcode-image scan (spec §2, §5): the person picks a photo; a barcode found in it fills the
 * search box, otherwise 'No barcode detected in the image' for 2 s. Returns the hidden input to
 * render and a function that opens the file chooser.
 */
export function useBarcodeScan() {
  const inputRef = useRef<HTMLInputElement>(null);
  const scan = async (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    const code = file ? await scanBarcodeImage(file) : undefined;
    if (code) searchStore.set(code);
    else notify.info(ALERT_TEXT.noBarcode, BARCODE_NOT_FOUND_TOAST_MS);
  };
  const input = (
    <input
      ref={inputRef}
      type="file"
      accept="image/*"
      hidden
      data-testid="barcode-file"
      onChange={(e) => void scan(e.target.files?.[0])}
    />
  );
  return { input, open: () => inputRef.current?.click() };
}
