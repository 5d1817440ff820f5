import { BARCODE_NOT_FOUND_TOAST_MS } from '@rostra/core/shell/constants';
import { ALERT_TEXT } from '@rostra/core/shell/messages';
import { scanBarcodeImage } from '../lib/barcode.ts';
import { searchStore } from '../lib/search-store.ts';
import { notify } from '../lib/toast.ts';
import { useFilePicker } from '../ui/file-picker.tsx';

/**
 * The barcode-image scan (spec §2, §5): the person picks a photo; a barcode found in it fills the
 * search box, otherwise 'No barcode detected in the image' for 2 s. Returns the hidden input to
 * render and a function that opens the file chooser.
 */
export function useBarcodeScan() {
  const scan = async (file: File | undefined) => {
    const code = file ? await scanBarcodeImage(file) : undefined;
    if (code) searchStore.set(code);
    else notify.info(ALERT_TEXT.noBarcode, BARCODE_NOT_FOUND_TOAST_MS);
  };
  return useFilePicker({ accept: 'image/*', testId: 'barcode-file', onPick: (files) => void scan(files[0]) });
}
