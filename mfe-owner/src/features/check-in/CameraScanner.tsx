import { Button } from '@cinema/ui';
import { useEffect, useRef, useState } from 'react';
import styles from './CheckInPage.module.css';
import {
  barcodeDetector,
  type FrameReader,
  hasCamera,
  JSQR_EVERY_MS,
  jsqrReader,
  NATIVE_EVERY_MS,
  nativeReader,
  preloadJsqr,
} from './frameReader';

const NO_CAMERA = 'This browser cannot use a camera here. Type the code instead.';
export const CAMERA_FAILED =
  'The camera could not be started. Allow camera access for this site, or type the code.';
export const READER_FAILED =
  'The QR reader could not be loaded. Type the code, or connect to the network and try again.';

/**
 * The device's camera, reading QR codes with the browser's BarcodeDetector or, where there is
 * none, with jsQR (frameReader.ts); `onCode` gets every code seen (the page ignores repeats).
 * Off until asked; the camera stops when turned off or when the screen is left.
 */
export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const camera = hasCamera();
  const [on, setOn] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const latest = useRef(onCode);
  latest.current = onCode;

  // No reader of its own: fetch jsQR now, while the network is surely there.
  useEffect(() => {
    if (camera && !barcodeDetector()) preloadJsqr();
  }, [camera]);

  useEffect(() => {
    if (!on) return;
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const Detector = barcodeDetector();
    const every = Detector ? NATIVE_EVERY_MS : JSQR_EVERY_MS;
    const scan = async (read: FrameReader) => {
      if (stopped || !video.current) return;
      // A phone in a pocket with the screen off reads nothing; it resumes when shown again.
      if (document.visibilityState !== 'hidden') {
        try {
          const found = await read(video.current);
          if (found && !stopped) latest.current(found);
        } catch {
          // A frame that could not be read (not ready yet): the next one may be.
        }
      }
      timer = setTimeout(() => void scan(read), every);
    };
    (async () => {
      let read: FrameReader;
      try {
        read = Detector ? nativeReader(Detector) : await jsqrReader();
      } catch {
        if (!stopped) {
          setFailure(READER_FAILED);
          setOn(false);
        }
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: 'environment' },
          audio: false,
        });
      } catch {
        if (!stopped) {
          setFailure(CAMERA_FAILED);
          setOn(false);
        }
        return;
      }
      if (stopped || !video.current) {
        for (const track of stream.getTracks()) track.stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => {});
      void scan(read);
    })();
    return () => {
      stopped = true;
      clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };
  }, [on]);

  if (!camera) return <p className={styles.note}>{NO_CAMERA}</p>;
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
