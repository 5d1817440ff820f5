/** Decoded pixel size of an image file, or undefined when the browser cannot decode it. */
export async function imageSize(file: Blob): Promise<{ width: number; height: number } | undefined> {
  const url = URL.createObjectURL(file);
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    return { width: img.naturalWidth, height: img.naturalHeight };
  } catch {
    return undefined;
  } finally {
    URL.revokeObjectURL(url);
  }
}
