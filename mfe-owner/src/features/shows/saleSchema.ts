import { z } from 'zod';
import { localInstant, SALES_OPEN_AFTER_START, SALES_OPEN_IN_PAST } from './schema';

/** An instant as a datetime-local value in the device's time ('2030-01-15T10:00'); '' for null. */
export function localInputValue(iso: string | null): string {
  if (iso === null) return '';
  const at = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

export const SALE_FORM_VALUES = {
  sales_open_at: '',
  /** 'yes' when ticked. */
  high_demand: '',
};

export type SaleFormValues = typeof SALE_FORM_VALUES;

/**
 * Sale settings of an existing show, checked as the API does (api/src/onsale/settings.ts): a
 * changed opening time must be ahead of now and before the show starts; an unchanged one may have
 * passed, and is not sent. Empty: on sale at once.
 */
export function saleSchema(initial: SaleFormValues, startsAt: Date) {
  return z
    .object({ sales_open_at: z.string(), high_demand: z.string() })
    .superRefine(({ sales_open_at: value }, ctx) => {
      if (value === '' || value === initial.sales_open_at) return;
      const at = localInstant(value);
      if (!at || at.getTime() <= Date.now()) {
        ctx.addIssue({ code: 'custom', path: ['sales_open_at'], message: SALES_OPEN_IN_PAST });
      } else if (at >= startsAt) {
        ctx.addIssue({ code: 'custom', path: ['sales_open_at'], message: SALES_OPEN_AFTER_START });
      }
    })
    .transform(({ sales_open_at, high_demand }) => ({
      ...(sales_open_at === initial.sales_open_at
        ? {}
        : { sales_open_at: localInstant(sales_open_at)?.toISOString() ?? null }),
      ...((high_demand === 'yes') === (initial.high_demand === 'yes')
        ? {}
        : { high_demand: high_demand === 'yes' }),
    }));
}
