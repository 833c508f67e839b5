// What GET and PATCH onsale/{id}/ answer: a show's sale settings and whether it is on sale now.
import type { Config } from '../../config.ts';
import { lineOpensAt } from '../../onsale/line.ts';
import type { SaleSettings } from '../../onsale/sql.ts';

export function saleOf(
  show: SaleSettings,
  config: Pick<Config, 'onsaleAdmissionMinutes'>,
  now: Date,
  waitlistLength: number,
) {
  const opensAt = show.high_demand ? lineOpensAt(show) : null;
  return {
    show_id: show.id,
    sales_open_at: show.sales_open_at,
    high_demand: show.high_demand,
    sales_open: (show.sales_open_at === null || show.sales_open_at <= now) && show.starts_at > now,
    line_opens_at: opensAt && opensAt > now ? opensAt : null,
    admission_minutes: config.onsaleAdmissionMinutes,
    waitlist_length: waitlistLength,
    now,
  };
}
