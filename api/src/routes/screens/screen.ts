// A stored screen as the API shows it (schemas.ts ScreenSchema): with its sellable seats and
// each category's price and seats, counted from its layout.
import { layoutSummary } from '../../screens/layout.ts';
import type { ScreenRow } from './sql.ts';

export function screenBody(row: ScreenRow) {
  const { seat_count, categories } = layoutSummary(row.layout);
  return {
    id: row.id,
    theater: row.theater,
    theater_name: row.theater_name,
    name: row.name,
    layout: row.layout,
    accessible_release_minutes: row.accessible_release_minutes,
    seat_count,
    categories,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}
