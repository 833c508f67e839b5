const LOCALE = 'en-IN';

const countFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });

/** 123456 -> '1,23,456' (Indian grouping). */
export function formatCount(value: number): string {
  return countFormat.format(value);
}

const percentFormat = new Intl.NumberFormat(LOCALE, {
  style: 'percent',
  maximumFractionDigits: 1,
});

/** A share from 0 to 1 as a percentage: 0.425 -> '42.5%'. */
export function formatPercent(share: number): string {
  return percentFormat.format(Number.isFinite(share) ? share : 0);
}

const compactRupees = new Intl.NumberFormat(LOCALE, {
  style: 'currency',
  currency: 'INR',
  notation: 'compact',
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});

/** Short amounts for chart axes: 2500 -> '₹2.5K', 100000 -> '₹1L', 10000000 -> '₹1Cr'. */
export function formatRupeesCompact(amount: number): string {
  return compactRupees.format(amount);
}

/**
 * '3 results', '1 result', '1,250 results'; a count the API stopped at (`exact` false: it counts
 * a long list only so far, and then one past it) reads 'More than 1,000 results'.
 */
export function formatResultCount(count: number, exact = true): string {
  if (!exact) return `More than ${formatCount(count - 1)} results`;
  return `${formatCount(count)} ${count === 1 ? 'result' : 'results'}`;
}

/** An ISO instant as a date and time of day, as on every screen: 'Sat, 21 Nov 2026 · 14:30'. */
export { formatDateTime } from '@cinema/ui';
