type DetectedBarcode = { rawValue: string };
type BarcodeDetectorLike = { detect: (image: ImageBitmapSource) => Promise<DetectedBarcode[]> };
type BarcodeDetectorConstructor = new () => BarcodeDetectorLike;

/**
 * Reads the first barcode in an image with the browser's BarcodeDetector (Chromium on Android,
 * macOS and ChromeOS have it). Undefined when there is none, the image does not decode, or the
 * browser has no detector: the caller shows 'No barcode detected in the image' in every case.
 */
export async function scanBarcodeImage(file: Blob): Promise<string | undefined> {
  const Detector = (globalThis as { BarcodeDetector?: BarcodeDetectorConstructor }).BarcodeDetector;
  if (!Detector) return undefined;
  try {
    const bitmap = await createImageBitmap(file);
    try {
      const found = await new Detector().detect(bitmap);
      const value = found.find((b) => b.rawValue.trim() !== '')?.rawValue;
      return value?.trim();
    } finally {
      bitmap.close();
    }
  } catch {
    return undefined;
  }
}
