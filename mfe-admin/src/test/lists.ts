import { screen, within } from '@testing-library/react';

/**
 * The fake-API route of one page of a list: `listRoute('theaters/', 2)` ->
 * 'GET theaters/?page=2&page_size=20'; `listRoute('signup/?role=user', 1, 'asha')` ->
 * 'GET signup/?role=user&page=1&page_size=20&q=asha'.
 */
export function listRoute(endpoint: string, page: number, q?: string): string {
  const search = new URLSearchParams({ page: String(page), page_size: '20' });
  if (q !== undefined) search.set('q', q);
  return `GET ${endpoint}${endpoint.includes('?') ? '&' : '?'}${search.toString()}`;
}

/** The table row holding `text` in one of its cells. */
export function rowWith(tableName: string, text: string): HTMLElement {
  const table = screen.getByRole('table', { name: tableName });
  const cell = within(table).getByRole('cell', { name: text });
  return cell.closest('tr') as HTMLElement;
}

/** The texts of a row's cells, in order. */
export function cellsOf(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

/** The text of a row's cell under `header`. */
export function cellUnder(tableName: string, rowText: string, header: string): string {
  const table = screen.getByRole('table', { name: tableName });
  const headers = within(table)
    .getAllByRole('columnheader')
    .map((th) => th.textContent);
  return cellsOf(rowWith(tableName, rowText))[headers.indexOf(header)] ?? '';
}
