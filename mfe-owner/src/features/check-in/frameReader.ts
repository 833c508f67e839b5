// Reading QR codes from camera frames: the browser's BarcodeDetector where there is one (Chrome,
// Edge on Android), else jsQR on a downscaled canvas (Safari, Firefox, iPhones). jsQR is loaded
// by dynamic import, so only this screen, and only on such a browser, downloads it
// (docs/decisions/0043-offline-first-door-scanner.md).

/** Reads one frame of the video: the QR code's text, or null when none was read. */
export type FrameReader = (video: HTMLVideoElement) => Promise<string | null>;

// The Shape Detection API is not in TypeScript's DOM library yet.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
export type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's QR reader (BarcodeDetector), or null where there is none. */
export function barcodeDetector(): BarcodeDetectorClass | null {
  return (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector ?? null;
}

/** Whether the page may ask for a camera at all. */
export function hasCamera(): boolean {
  return (
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function'
  );
}

/** How often a frame is read: the native reader is cheap; jsQR at 8 frames a second keeps a cheap phone responsive. */
export const NATIVE_EVERY_MS = 200;
export const JSQR_EVERY_MS = 125;
/** The longer side of the frame jsQR reads: enough for a ticket's QR held 10 to 30 cm away. */
export const JSQR_FRAME_SIDE = 480;

export function nativeReader(Detector: BarcodeDetectorClass): FrameReader {
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => {
    const [found] = await detector.detect(video);
    return found?.rawValue || null;
  };
}

/** Starts the jsQR download early (while online), so the camera works later offline too. */
export function preloadJsqr(): void {
  void import('jsqr').catch(() => undefined);
}

export async function jsqrReader(): Promise<FrameReader> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) throw new Error('No canvas to read camera frames with.');
  return async (video) => {
    const { videoWidth, videoHeight } = video;
    if (!videoWidth || !videoHeight) return null;
    const scale = Math.min(1, JSQR_FRAME_SIDE / Math.max(videoWidth, videoHeight));
    const width = Math.round(videoWidth * scale);
    const height = Math.round(videoHeight * scale);
    if (canvas.width !== width) canvas.width = width;
    if (canvas.height !== height) canvas.height = height;
    context.drawImage(video, 0, 0, width, height);
    const frame = context.getImageData(0, 0, width, height);
    // Printed and on-screen tickets are dark on light: one pass, not two.
    return jsQR(frame.data, width, height, { inversionAttempts: 'dontInvert' })?.data || null;
  };
}
