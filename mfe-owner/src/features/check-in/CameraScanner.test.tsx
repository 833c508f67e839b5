import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CameraScanner } from './CameraScanner';
import { JSQR_FRAME_SIDE } from './frameReader';

const PASS =
  'CB1.Ab3_-x9Z.5.C7.3f0c1a528a4e4d2b9f610b7c2f1e9a10.bW9ja3NpZ25hdHVyZW1vY2tzaWduYXR1cmVtb2Nrc2lnbmF0dXJlbW9ja3NpZ25hdHVyZW1vY2s';

/** An RGBA frame of `width` x `height` with `text`'s QR code drawn dark on white in the middle. */
function frameWithQr(text: string, width: number, height: number): Uint8ClampedArray {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor((Math.min(width, height) * 0.7) / modules.size);
  const left = Math.floor((width - modules.size * scale) / 2);
  const top = Math.floor((height - modules.size * scale) / 2);
  const data = new Uint8ClampedArray(width * height * 4).fill(255);
  for (let y = 0; y < modules.size * scale; y++) {
    for (let x = 0; x < modules.size * scale; x++) {
      if (!modules.get(Math.floor(y / scale), Math.floor(x / scale))) continue;
      const at = ((top + y) * width + left + x) * 4;
      data[at] = data[at + 1] = data[at + 2] = 0;
    }
  }
  return data;
}

/** A phone camera of 640 x 480 showing `text`'s QR code. */
function fakeCamera(text: string) {
  const stop = vi.fn();
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  vi.spyOn(HTMLVideoElement.prototype, 'videoWidth', 'get').mockReturnValue(640);
  vi.spyOn(HTMLVideoElement.prototype, 'videoHeight', 'get').mockReturnValue(480);
  const drawImage = vi.fn();
  const getImageData = vi.fn((_x: number, _y: number, width: number, height: number) => ({
    data: frameWithQr(text, width, height),
    width,
    height,
  }));
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage,
    getImageData,
  } as unknown as CanvasRenderingContext2D);
  return { stop, drawImage, getImageData };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'mediaDevices');
  Reflect.deleteProperty(globalThis, 'BarcodeDetector');
});

describe('CameraScanner', () => {
  it('without BarcodeDetector (Safari, Firefox) reads the QR code with jsQR from a downscaled frame', async () => {
    const camera = fakeCamera(PASS);
    const onCode = vi.fn();
    const user = userEvent.setup();
    render(<CameraScanner onCode={onCode} />);

    await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(screen.getByLabelText(/Camera view/)).toBeVisible();
    await waitFor(() => expect(onCode).toHaveBeenCalledWith(PASS));
    // 640 x 480 read as 480 x 360: a quarter fewer pixels for a cheap phone to search.
    const side = JSQR_FRAME_SIDE;
    expect(camera.drawImage).toHaveBeenCalledWith(expect.any(HTMLVideoElement), 0, 0, side, 360);
    expect(camera.getImageData).toHaveBeenCalledWith(0, 0, side, 360);

    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
    expect(camera.stop).toHaveBeenCalled();
    const reads = camera.getImageData.mock.calls.length;
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(camera.getImageData.mock.calls.length).toBe(reads);
  });

  it('a frame with no QR code in it reads nothing', async () => {
    const camera = fakeCamera(PASS);
    camera.getImageData.mockImplementation((_x, _y, width, height) => ({
      data: new Uint8ClampedArray(width * height * 4).fill(255),
      width,
      height,
    }));
    const onCode = vi.fn();
    const user = userEvent.setup();
    render(<CameraScanner onCode={onCode} />);
    await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
    await waitFor(() => expect(camera.getImageData.mock.calls.length).toBeGreaterThan(2));
    expect(onCode).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Stop camera' }));
  });

  it('says so when the camera is refused', async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(async () => {
          throw new DOMException('Permission denied', 'NotAllowedError');
        }),
      },
    });
    Object.assign(globalThis, {
      BarcodeDetector: class {
        detect = async () => [];
      },
    });
    const user = userEvent.setup();
    render(<CameraScanner onCode={vi.fn()} />);
    await user.click(screen.getByRole('button', { name: 'Scan with camera' }));
    expect(
      await screen.findByText(
        'The camera could not be started. Allow camera access for this site, or type the code.',
      ),
    ).toBeVisible();
    expect(screen.getByRole('button', { name: 'Scan with camera' })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });
});
