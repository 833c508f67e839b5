/**
 * The top of a chart's value axis: the smallest 1, 2, 2.5 or 5 times a power of ten at or above
 * `max`, so the gridlines fall on round amounts. 0 or less gives `fallback`.
 */
export function niceCeiling(max: number, fallback = 100): number {
  if (!Number.isFinite(max) || max <= 0) return fallback;
  const power = 10 ** Math.floor(Math.log10(max));
  const step = [1, 2, 2.5, 5, 10].find((factor) => factor * power >= max) ?? 10;
  return step * power;
}
