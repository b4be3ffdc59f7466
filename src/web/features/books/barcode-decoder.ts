import { BarcodeDetector as ZXingBarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
// The decoder's WebAssembly ships with the app (vite emits it under /assets) and is fetched
// from our own server only: the package's default would fetch it from a public CDN (D30:
// nothing is sent anywhere, and the scanner works offline).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

// This module is imported only when the scanner opens (isbn-scanner.tsx), so neither the
// decoder nor its .wasm is part of the upload page's first load.

prepareZXingModule({
  overrides: {
    locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path),
  },
});

export interface Ean13Detector {
  detect(source: HTMLVideoElement): Promise<Array<{ rawValue: string }>>;
}

type NativeDetectorClass = {
  new (options: { formats: string[] }): Ean13Detector;
  getSupportedFormats(): Promise<string[]>;
};

/** The browser's own detector where it reads EAN-13, ZXing's WebAssembly otherwise. */
export async function createEan13Detector(): Promise<Ean13Detector> {
  const Native = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (Native && (await Native.getSupportedFormats().catch((): string[] => [])).includes('ean_13')) {
    return new Native({ formats: ['ean_13'] });
  }
  return new ZXingBarcodeDetector({ formats: ['ean_13'] });
}

/** A book's barcode: an EAN-13 in the ISBN ranges (Bookland 978 and 979). */
export const isBooklandEan = (value: string) => /^97[89]\d{10}$/.test(value);
