import {
  type FocusEvent,
  type MouseEvent,
  type PointerEvent,
  type RefObject,
  useCallback,
  useEffect,
  useRef,
  useState,
} from 'react';

/** WCAG 2.5.8's smallest target: a seat drawn smaller is not picked by a tap, the map zooms in. */
export const MIN_SEAT_PX = 24;
/** The zoom steps past the whole map; the first is a comfortable thumb's target. */
export const ZOOM_STEPS_PX = [32, 44] as const;
/** Largest a pinch makes a seat. */
const MAX_PINCH_PX = 56;
/** Smallest a seat is drawn when the whole map fits, however wide the screen. */
const MIN_FIT_PX = 6;
/** The row labels' column (1.25rem). */
export const ROW_LABEL_PX = 20;
/** Two taps closer than this in time (ms) and space (px) are a double tap. */
const DOUBLE_TAP_MS = 350;
const DOUBLE_TAP_PX = 30;
/** A focus this soon after a pointer press on the same seat came from that press (ms). */
const POINTER_FOCUS_MS = 800;

export interface SeatZoom {
  /** The seat's size in px; null until the box is measured (CSS sizes the seats then). */
  seatPx: number | null;
  /** The whole map fits only with seats smaller than a comfortable target: zoom is offered. */
  zoomable: boolean;
  /** Seats are drawn under MIN_SEAT_PX: a tap zooms in rather than picks. */
  tooSmall: boolean;
  canZoomIn: boolean;
  canZoomOut: boolean;
  zoomIn: () => void;
  zoomOut: () => void;
  /** Handlers for the scrolling box around the map. */
  box: {
    onPointerDown: (event: PointerEvent<HTMLElement>) => void;
    onClickCapture: (event: MouseEvent<HTMLElement>) => void;
    onFocus: (event: FocusEvent<HTMLElement>) => void;
  };
}

interface Tap {
  at: number;
  x: number;
  y: number;
}

const distance = (
  a: { clientX: number; clientY: number },
  b: { clientX: number; clientY: number },
) => Math.hypot(a.clientX - b.clientX, a.clientY - b.clientY);

/**
 * How big the seats of a map are drawn: at first the whole map fits its box's width; where that
 * makes them smaller than a comfortable target, it zooms by buttons, a tap (on seats too small to
 * tap), a double tap and a pinch, keeping the point under the finger where it was. A seat reached
 * by keyboard while too small zooms the map in first. Seats are sized by the map's `--seat-size`.
 */
export function useSeatZoom(
  boxRef: RefObject<HTMLElement | null>,
  mapRef: RefObject<HTMLElement | null>,
  columns: number,
  maxSeatPx: number,
): SeatZoom {
  const [fitPx, setFitPx] = useState<number | null>(null);
  const [gapPx, setGapPx] = useState(0);
  // The size chosen by zooming; null: the whole map.
  const [chosenPx, setChosenPx] = useState<number | null>(null);
  const lastTap = useRef<Tap | null>(null);
  const lastPress = useRef<{ at: number; touch: boolean; target: EventTarget | null }>({
    at: Number.NEGATIVE_INFINITY,
    touch: false,
    target: null,
  });

  // Measure the box: the whole map's seat size follows its width (a phone turned, a window sized).
  useEffect(() => {
    const box = boxRef.current;
    if (!box || typeof ResizeObserver === 'undefined') return;
    const measure = () => {
      const row = box.querySelector('[role="row"]');
      const gap = row ? Number.parseFloat(getComputedStyle(row).columnGap) || 0 : 0;
      const room = box.clientWidth - ROW_LABEL_PX - gap * columns;
      setGapPx(gap);
      setFitPx(Math.max(MIN_FIT_PX, Math.min(maxSeatPx, Math.floor(room / columns))));
    };
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    measure();
    return () => observer.disconnect();
  }, [boxRef, columns, maxSeatPx]);

  const zoomable = fitPx !== null && fitPx < ZOOM_STEPS_PX[0];
  // A zoom chosen on a narrow screen gives way when the screen no longer needs one (turned).
  const seatPx = fitPx === null ? null : zoomable ? Math.max(fitPx, chosenPx ?? 0) : fitPx;
  const levels = fitPx === null ? [] : [fitPx, ...ZOOM_STEPS_PX.filter((px) => px > fitPx)];
  const top = levels.at(-1) ?? 0;

  /** The size now, as drawn (a pinch draws before it commits). */
  const drawnPx = useCallback(() => {
    const drawn = Number.parseFloat(mapRef.current?.style.getPropertyValue('--seat-size') ?? '');
    return Number.isFinite(drawn) ? drawn : (seatPx ?? 0);
  }, [mapRef, seatPx]);

  /** Draws the seats at `px`, the point (x, y) on screen staying over the same spot of the map. */
  const draw = useCallback(
    (px: number, point?: { x: number; y: number }) => {
      const box = boxRef.current;
      const map = mapRef.current;
      if (!box || !map) return;
      const before = drawnPx();
      const boxRect = box.getBoundingClientRect();
      const mapRect = map.getBoundingClientRect();
      const x = (point?.x ?? boxRect.left + boxRect.width / 2) - boxRect.left;
      const y = (point?.y ?? mapRect.top) - mapRect.top;
      const scale = (px + gapPx) / (before + gapPx);
      const left = box.scrollLeft + x;
      map.style.setProperty('--seat-size', `${px}px`);
      box.scrollLeft = left * scale - x;
      if (y > 0) window.scrollBy(0, y * (scale - 1));
    },
    [boxRef, mapRef, drawnPx, gapPx],
  );

  const zoomTo = useCallback(
    (px: number, point?: { x: number; y: number }) => {
      if (fitPx === null) return;
      draw(px, point);
      setChosenPx(px <= fitPx ? null : px);
    },
    [draw, fitPx],
  );

  const current = seatPx ?? 0;
  const nextUp = levels.find((px) => px > current + 0.5);
  const nextDown = levels.findLast((px) => px < current - 0.5);

  // A pinch: two fingers on the map resize it live, and the size is kept when they lift. Touch
  // events, not pointer events: the browser would cancel the pointers once it starts panning.
  useEffect(() => {
    const box = boxRef.current;
    if (!box || !zoomable || fitPx === null) return;
    let start: { distance: number; px: number } | null = null;
    const pair = (event: TouchEvent) => {
      const [a, b] = [event.touches[0], event.touches[1]];
      return a && b ? { a, b } : null;
    };
    const onStart = (event: TouchEvent) => {
      const fingers = pair(event);
      if (fingers) start = { distance: distance(fingers.a, fingers.b), px: drawnPx() };
    };
    const onMove = (event: TouchEvent) => {
      const fingers = pair(event);
      if (!start || !fingers) return;
      event.preventDefault();
      const px = Math.min(
        MAX_PINCH_PX,
        Math.max(fitPx, (start.px * distance(fingers.a, fingers.b)) / start.distance),
      );
      draw(px, {
        x: (fingers.a.clientX + fingers.b.clientX) / 2,
        y: (fingers.a.clientY + fingers.b.clientY) / 2,
      });
    };
    const onEnd = (event: TouchEvent) => {
      if (!start || event.touches.length >= 2) return;
      start = null;
      const px = drawnPx();
      if (px <= fitPx + 0.5) draw(fitPx);
      setChosenPx(px <= fitPx + 0.5 ? null : px);
      // The lifted fingers' taps are not a double tap.
      lastTap.current = null;
    };
    box.addEventListener('touchstart', onStart, { passive: true });
    box.addEventListener('touchmove', onMove, { passive: false });
    box.addEventListener('touchend', onEnd);
    box.addEventListener('touchcancel', onEnd);
    return () => {
      box.removeEventListener('touchstart', onStart);
      box.removeEventListener('touchmove', onMove);
      box.removeEventListener('touchend', onEnd);
      box.removeEventListener('touchcancel', onEnd);
    };
  }, [boxRef, zoomable, fitPx, draw, drawnPx]);

  return {
    seatPx,
    zoomable,
    tooSmall: seatPx !== null && seatPx < MIN_SEAT_PX,
    canZoomIn: zoomable && nextUp !== undefined,
    canZoomOut: zoomable && nextDown !== undefined,
    zoomIn: () => {
      if (nextUp !== undefined) zoomTo(nextUp);
    },
    zoomOut: () => {
      if (nextDown !== undefined) zoomTo(nextDown);
    },
    box: {
      onPointerDown: (event) => {
        lastPress.current = {
          at: performance.now(),
          touch: event.pointerType === 'touch',
          target: event.target,
        };
      },
      onClickCapture: (event) => {
        // Only a finger's tap: a mouse picks even a small seat, and a key's click (detail 0) is
        // the keyboard's.
        if (!zoomable || !lastPress.current.touch || event.detail === 0) return;
        const tap = { at: performance.now(), x: event.clientX, y: event.clientY };
        const previous = lastTap.current;
        const onSeat = (event.target as Element).closest('button') !== null;
        const double =
          previous !== null &&
          tap.at - previous.at < DOUBLE_TAP_MS &&
          Math.hypot(tap.x - previous.x, tap.y - previous.y) < DOUBLE_TAP_PX;
        lastTap.current = double ? null : tap;
        const point = { x: tap.x, y: tap.y };
        if (double) {
          // The second tap of two zooms (from the largest step, back to the whole map); it
          // never picks the seat the first tap zoomed onto.
          event.preventDefault();
          event.stopPropagation();
          zoomTo(nextUp ?? levels[0] ?? current, point);
        } else if (current < MIN_SEAT_PX) {
          // Seats too small to tap one: the tap zooms in where it landed.
          event.preventDefault();
          event.stopPropagation();
          zoomTo(nextUp ?? top, point);
        } else if (onSeat) {
          // A seat picked: a quick second tap on it is not a zoom.
          lastTap.current = null;
        }
      },
      onFocus: (event) => {
        const seat = event.target;
        if (!(seat instanceof HTMLElement) || current >= MIN_SEAT_PX || nextUp === undefined)
          return;
        const press = lastPress.current;
        const pressed = press.target instanceof Node && seat.contains(press.target);
        if (pressed && performance.now() - press.at < POINTER_FOCUS_MS) return;
        // Reached by keyboard while too small to see: zoomed in around it, then brought into view.
        const rect = seat.getBoundingClientRect();
        zoomTo(nextUp, { x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
        seat.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
      },
    },
  };
}
