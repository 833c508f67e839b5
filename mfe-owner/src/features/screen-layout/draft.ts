// The layout while the owner draws it. Cells point at categories by a key, not by name, so that
// renaming a category (even through a moment of two equal names) never loses its seats; prices
// stay the text typed. `toLayout` gives the JSON of decision 0045 that checkLayout and the API take.
import { checkLayout, DEFAULT_CATEGORY, LAYOUT_LIMITS, type Layout } from '@cinema/contract';

export type { Layout };

export type CellKind = 'wheelchair' | 'companion' | 'blocked';

/** What a click paints: a seat of some kind in the chosen category, or a gap (an aisle). */
export type Tool = 'seat' | 'gap' | CellKind;

export const TOOLS: readonly { tool: Tool; label: string; face: string }[] = [
  { tool: 'seat', label: 'Seat', face: '' },
  { tool: 'gap', label: 'Gap/aisle', face: '' },
  { tool: 'blocked', label: 'Blocked', face: '✕' },
  { tool: 'wheelchair', label: 'Wheelchair space', face: '♿' },
  { tool: 'companion', label: 'Companion seat', face: '+' },
];

export interface DraftCategory {
  key: number;
  name: string;
  /** As typed: whole rupees once valid. */
  price: string;
}

export interface DraftCell {
  category: number;
  kind: 'seat' | CellKind;
}

export interface DraftRow {
  key: number;
  label: string;
  cells: (DraftCell | null)[];
}

export interface Draft {
  categories: DraftCategory[];
  rows: DraftRow[];
  /** The next key for a new row or category. */
  nextKey: number;
}

/** Where a cell is: its row's index and its own index in that row (gaps counted). */
export interface CellAt {
  row: number;
  index: number;
}

export function fromLayout(layout: Layout): Draft {
  let nextKey = 1;
  const categories = layout.categories.map((category) => ({
    key: nextKey++,
    name: category.name,
    price: String(category.price),
  }));
  const keyOf = new Map(categories.map((category) => [category.name, category.key]));
  const rows = layout.rows.map(
    (row): DraftRow => ({
      key: nextKey++,
      label: row.label,
      cells: row.cells.map((cell) =>
        cell === null
          ? null
          : {
              category: keyOf.get(cell.category) ?? categories[0]?.key ?? 0,
              kind: cell.kind ?? 'seat',
            },
      ),
    }),
  );
  return { categories, rows, nextKey };
}

/** A price as typed, as a number; NaN unless it is a whole number of rupees. */
function priceOf(text: string): number {
  return /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : Number.NaN;
}

export function toLayout(draft: Draft): Layout {
  const nameOf = new Map(draft.categories.map((category) => [category.key, category.name]));
  return {
    categories: draft.categories.map((category) => ({
      name: category.name,
      price: priceOf(category.price),
    })),
    rows: draft.rows.map((row) => ({
      label: row.label,
      cells: row.cells.map((cell) => {
        if (cell === null) return null;
        const category = nameOf.get(cell.category) ?? '';
        return cell.kind === 'seat' ? { category } : { category, kind: cell.kind };
      }),
    })),
  };
}

/** What `tool` in `category` makes of a cell. */
export function paintedCell(tool: Tool, category: number): DraftCell | null {
  return tool === 'gap' ? null : { category, kind: tool };
}

/** The draft with the cell at `at` painted; the same draft when nothing changes. */
export function paint(draft: Draft, at: CellAt, tool: Tool, category: number): Draft {
  const row = draft.rows[at.row];
  if (!row || at.index >= row.cells.length) return draft;
  const before = row.cells[at.index];
  const after = paintedCell(tool, category);
  if (
    before === after ||
    (before && after && before.kind === after.kind && before.category === after.category)
  )
    return draft;
  return mapRow(draft, at.row, (cells) =>
    cells.map((cell, index) => (index === at.index ? after : cell)),
  );
}

function mapRow(
  draft: Draft,
  rowIndex: number,
  change: (cells: DraftRow['cells']) => DraftRow['cells'],
) {
  return {
    ...draft,
    rows: draft.rows.map((row, index) =>
      index === rowIndex ? { ...row, cells: change(row.cells) } : row,
    ),
  };
}

/** 'A', ..., 'Z', 'AA', 'AB', ...: the first label no row has, after the last row's. */
export function nextLabel(rows: readonly { label: string }[]): string {
  const taken = new Set(rows.map((row) => row.label));
  const labels = [];
  for (let first = 0; first <= 26; first++) {
    for (let second = 0; second < 26; second++) {
      labels.push(
        (first === 0 ? '' : String.fromCharCode(64 + first)) + String.fromCharCode(65 + second),
      );
    }
  }
  const last = rows.at(-1)?.label ?? '';
  const from = labels.indexOf(last) + 1;
  return (
    labels.slice(from).find((label) => !taken.has(label)) ??
    labels.find((label) => !taken.has(label)) ??
    'A'
  );
}

/** A new row at the back, shaped like the last one (its gaps and categories, plain seats). */
export function addRow(draft: Draft): Draft {
  const last = draft.rows.at(-1);
  const firstCategory = draft.categories[0]?.key ?? 0;
  const cells = last
    ? last.cells.map((cell) =>
        cell === null ? null : { category: cell.category, kind: 'seat' as const },
      )
    : [{ category: firstCategory, kind: 'seat' as const }];
  return {
    ...draft,
    rows: [...draft.rows, { key: draft.nextKey, label: nextLabel(draft.rows), cells }],
    nextKey: draft.nextKey + 1,
  };
}

export function removeRow(draft: Draft, rowIndex: number): Draft {
  return { ...draft, rows: draft.rows.filter((_row, index) => index !== rowIndex) };
}

/** Labels are capital letters; what is typed is upper-cased, anything else dropped. */
export function renameRow(draft: Draft, rowIndex: number, label: string): Draft {
  const clean = label
    .toUpperCase()
    .replace(/[^A-Z]/g, '')
    .slice(0, 2);
  return {
    ...draft,
    rows: draft.rows.map((row, index) => (index === rowIndex ? { ...row, label: clean } : row)),
  };
}

/** A seat of `category` at the end of the row. */
export function addCell(draft: Draft, rowIndex: number, category: number): Draft {
  return mapRow(draft, rowIndex, (cells) => [...cells, { category, kind: 'seat' }]);
}

export function removeCell(draft: Draft, rowIndex: number): Draft {
  return mapRow(draft, rowIndex, (cells) => cells.slice(0, -1));
}

export function addCategory(draft: Draft): Draft {
  const names = new Set(draft.categories.map((category) => category.name));
  let number = draft.categories.length + 1;
  while (names.has(`Category ${number}`)) number++;
  return {
    ...draft,
    categories: [
      ...draft.categories,
      { key: draft.nextKey, name: `Category ${number}`, price: String(DEFAULT_CATEGORY.price) },
    ],
    nextKey: draft.nextKey + 1,
  };
}

/** Removes a category; its seats go to the first category left. */
export function removeCategory(draft: Draft, key: number): Draft {
  const categories = draft.categories.filter((category) => category.key !== key);
  const fallback = categories[0];
  if (!fallback) return draft;
  return {
    ...draft,
    categories,
    rows: draft.rows.map((row) => ({
      ...row,
      cells: row.cells.map((cell) =>
        cell && cell.category === key ? { ...cell, category: fallback.key } : cell,
      ),
    })),
  };
}

export function changeCategory(
  draft: Draft,
  key: number,
  change: Partial<Pick<DraftCategory, 'name' | 'price'>>,
): Draft {
  return {
    ...draft,
    categories: draft.categories.map((category) =>
      category.key === key ? { ...category, ...change } : category,
    ),
  };
}

/** 'Recliner seat', 'Standard wheelchair space', 'Gap', ...: what a cell is, for its name. */
export function describeCell(draft: Draft, cell: DraftCell | null): string {
  if (cell === null) return 'Gap';
  const category = draft.categories.find((entry) => entry.key === cell.category)?.name ?? '';
  switch (cell.kind) {
    case 'wheelchair':
      return `${category} wheelchair space`;
    case 'companion':
      return `${category} companion seat`;
    case 'blocked':
      return `${category} seat, blocked`;
    default:
      return `${category} seat`;
  }
}

export function rowName(draft: Draft, rowIndex: number): string {
  const label = draft.rows[rowIndex]?.label;
  return label ? `Row ${label}` : `Row ${rowIndex + 1} (no label)`;
}

/** 'Row C, position 5: Recliner seat': how the grid announces a cell. */
export function cellName(draft: Draft, at: CellAt): string {
  const cell = draft.rows[at.row]?.cells[at.index] ?? null;
  return `${rowName(draft, at.row)}, position ${at.index + 1}: ${describeCell(draft, cell)}`;
}

/** The first thing to fix, where it is in words, and the cell or category to go to. */
export interface LayoutProblem {
  message: string;
  where: string | null;
  cell: CellAt | null;
  category: number | null;
}

/** checkLayout's path ('rows[2].cells[5]', 'categories[1].price') in the owner's words. */
export function placeOf(draft: Draft, path: string): Omit<LayoutProblem, 'message'> {
  const cellMatch = /^rows\[(\d+)\]\.cells\[(\d+)\]/.exec(path);
  if (cellMatch) {
    const at = { row: Number(cellMatch[1]), index: Number(cellMatch[2]) };
    return {
      where: `${rowName(draft, at.row)}, position ${at.index + 1}`,
      cell: at,
      category: null,
    };
  }
  const rowMatch = /^rows\[(\d+)\]/.exec(path);
  if (rowMatch) {
    const row = Number(rowMatch[1]);
    return {
      where: rowName(draft, row),
      cell: draft.rows[row]?.cells.length ? { row, index: 0 } : null,
      category: null,
    };
  }
  const categoryMatch = /^categories\[(\d+)\]/.exec(path);
  if (categoryMatch) {
    const category = draft.categories[Number(categoryMatch[1])];
    if (category)
      return {
        where: `Category ${category.name || Number(categoryMatch[1]) + 1}`,
        cell: null,
        category: category.key,
      };
  }
  return { where: null, cell: null, category: null };
}

/** What the owner must fix before saving, or null; checkLayout's rules, plus prices as typed. */
export function layoutProblem(draft: Draft): LayoutProblem | null {
  const badPrice = draft.categories.find((category) => {
    const price = priceOf(category.price);
    return Number.isNaN(price) || price > LAYOUT_LIMITS.maxPrice;
  });
  if (badPrice) {
    return {
      message: `The price of ${badPrice.name || 'a category'} must be a whole number of rupees from 0 to ${LAYOUT_LIMITS.maxPrice}.`,
      where: `Category ${badPrice.name}`,
      cell: null,
      category: badPrice.key,
    };
  }
  const result = checkLayout(toLayout(draft));
  if (result.ok) return null;
  return { message: result.error, ...placeOf(draft, result.path) };
}

/** Seats that can be sold: every seat that is not blocked. */
export function sellableSeats(draft: Draft): number {
  return draft.rows.reduce(
    (sum, row) => sum + row.cells.filter((cell) => cell !== null && cell.kind !== 'blocked').length,
    0,
  );
}
