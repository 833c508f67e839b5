import { Button } from '@cinema/ui';
import { useEffect, useRef, useState } from 'react';
import styles from './CheckInPage.module.css';

// The Shape Detection API is not in TypeScript's DOM library yet.
interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

/** The browser's QR reader (BarcodeDetector), or null where there is none. */
export function barcodeDetector(): BarcodeDetectorClass | null {
  const found = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  const camera =
    typeof navigator !== 'undefined' && typeof navigator.mediaDevices?.getUserMedia === 'function';
  return found && camera ? found : null;
}

/** How often a frame of the camera is read. */
const SCAN_EVERY_MS = 200;

const NO_CAMERA_SCAN =
  'This browser cannot read QR codes from the camera (Chrome or Edge on Android can). Type the code instead.';
export const CAMERA_FAILED =
  'The camera could not be started. Allow camera access for this site, or type the code.';

/**
 * The device's camera, reading QR codes with the browser's own BarcodeDetector; `onCode` gets
 * every code seen (the page ignores repeats). Off until asked; the camera stops when turned off
 * or when the screen is left.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const Detector = barcodeDetector();
  const [on, setOn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  useEffect(() => {
    if (!on || !Detector) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const detector = new Detector({ formats: ['qr_code'] });
    const scan = async () => {
      if (stopped || !video.current) return;
      try {
        const [found] = await detector.detect(video.current);
        if (found?.rawValue && !stopped) latest.current(found.rawValue);
      } catch {
        // A frame that could not be read (not ready yet): the next one may be.
      }
      timer = setTimeout(scan, SCAN_EVERY_MS);
    };
    (async () => {
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        setFailure(CAMERA_FAILED);
        setOn(false);
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      void scan();
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on, Detector]);

  if (!Detector) return <p className={styles.note}>{NO_CAMERA_SCAN}</p>;
  return (
    <div className={styles.camera}>
      <Button
        variant="secondary"
        aria-pressed={on}
        onClick={() => {
          setFailure(null);
          setOn((value) => !value);
        }}
      >
        {on ? 'Stop camera' : 'Scan with camera'}
      </Button>
      {failure && <p className={styles.note}>{failure}</p>}
      {on && (
        <video
          ref={video}
          className={styles.video}
          muted
          playsInline
          aria-label="Camera view: hold the ticket's QR code in the frame"
        />
      )}
    </div>
  );
}
