import { onCLS, onINP, onLCP } from 'web-vitals';
import { type HealthReporter, healthReporter } from '../../lib/releases/health';

// The late half of health reporting, one chunk loaded once the page has settled
// (areaHealth.ts): the batching reporter and web-vitals.

export type VitalKind = 'lcp' | 'inp' | 'cls';

/**
 * Starts this page view's reporter and Core Web Vitals, which web-vitals reads from what the
 * browser buffered since the page began, so starting late loses nothing of a page still open.
 */
export function startHealthReporting(
  onVital: (kind: VitalKind, value: number) => void,
): HealthReporter {
  onLCP(({ value }) => onVital('lcp', value));
  onINP(({ value }) => onVital('inp', value));
  onCLS(({ value }) => onVital('cls', value));
  return healthReporter();
}
