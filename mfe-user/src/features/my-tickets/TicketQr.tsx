import QRCode from 'qrcode';
import { useMemo } from 'react';
import styles from './TicketQr.module.css';

/** The modules of the QR code of `text` as one SVG path, one unit per module. */
export function qrPath(text: string): { size: number; d: string } {
  // L: the same error correction as the emailed PNG (api/src/tickets/qr.ts), so both read alike
  // at the door: the fewest, largest modules for a cheap camera
  // (docs/decisions/0041-signed-ticket-passes.md).
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'L' });
  let d = '';
  for (let y = 0; y < modules.size; y++) {
    for (let x = 0; x < modules.size; x++) {
      if (modules.get(y, x)) d += `M${x} ${y}h1v1h-1z`;
    }
  }
  return { size: modules.size, d };
}

/** The quiet zone around the code, in modules (the QR standard asks for 4). */
const MARGIN = 4;

export interface TicketQrProps {
  /** What the code carries: the ticket's signed pass (or, without one, its code). */
  text: string;
  /** Its accessible name, e.g. 'QR code of your ticket for seat A5'. */
  label: string;
}

/**
 * A ticket's QR code drawn in the browser as SVG (no image request, crisp at any size), dark on
 * white whatever the theme, so a scanner at the door reads it as it reads the emailed one.
 */
export function TicketQr({ text, label }: TicketQrProps) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  const box = size + 2 * MARGIN;
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${box} ${box}`}
      className={styles.qr}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#ffffff" />
      <path d={d} fill="#000000" transform={`translate(${MARGIN} ${MARGIN})`} />
    </svg>
  );
}
