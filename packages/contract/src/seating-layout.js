/* @ts-self-types="./seating-layout.d.ts" */
// A screen's seat layout (docs/decisions/0045-screens-and-seat-layouts.md): its limits, the
// default rectangle, the one check the API runs before writing a layout and the owner's editor
// runs while drawing it, and the seats a show gets from it. Pure, no dependencies: the API
// (Deno, by relative import), the apps (@cinema/contract) and the Node scripts read this file.

/** The spec's category: what every spec-made theater's seats are, at SEAT_PRICE (index.js). */
// 100 is SEAT_PRICE: index.js re-exports this file, so importing it from there would be a cycle
// that reads SEAT_PRICE before it is set; seating.test.ts checks that the two agree.
export const DEFAULT_CATEGORY = Object.freeze({ name: 'Standard', price: 100 });

/** How big a layout may be; screenName is for the screens API (the screens table allows 40). */
export const LAYOUT_LIMITS = Object.freeze({
  rows: 26,
  cells: 60,
  categories: 6,
  categoryName: 30,
  maxPrice: 100000,
  screenName: 40,
});

/** The kinds a cell may name; a cell without one is a plain seat. */
export const SEAT_KINDS = Object.freeze(['seat', 'wheelchair', 'companion', 'blocked']);

const ROW_LABEL = /^[A-Z]{1,2}$/;
// What seats.category allows (migrations/0030_screens.sql: no quote, backslash or control
// character, since it is written into json_head as is); U+0080..U+009F and U+2028/9 are
// control characters to PostgreSQL's [:cntrl:] in a UTF-8 locale too.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters refused.
const NOT_IN_CATEGORY_NAME = /["\\\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/**
 * The rectangle of Standard seats a theater made the spec's way has: `rows` rows labelled A..,
 * `seatsPerRow` seats each, no gaps. Throws a RangeError outside 1..26 by 1..60 (a caller's bug:
 * the API validates the numbers first).
 * @param {number} rows
 * @param {number} seatsPerRow
 * @returns {import('./seating-layout.d.ts').Layout}
 */
export function defaultLayout(rows, seatsPerRow) {
  if (!isIntIn(rows, 1, LAYOUT_LIMITS.rows) || !isIntIn(seatsPerRow, 1, LAYOUT_LIMITS.cells)) {
    throw new RangeError('defaultLayout: rows must be 1 to 26 and seatsPerRow 1 to 60');
  }
  return {
    categories: [{ name: DEFAULT_CATEGORY.name, price: DEFAULT_CATEGORY.price }],
    rows: Array.from({ length: rows }, (_, r) => ({
      label: String.fromCharCode(65 + r),
      cells: Array.from({ length: seatsPerRow }, () => ({ category: DEFAULT_CATEGORY.name })),
    })),
  };
}

/**
 * Checks a layout as it came from an owner (any JSON value) against the rules of decision 0045.
 * Returns the layout normalised (only known keys, plain seats without `kind`) or the first
 * problem as an English sentence for the owner and the path of the value at fault
 * ('rows[2].cells[5]'; '' for the whole value).
 * @param {unknown} value
 * @returns {import('./seating-layout.d.ts').LayoutCheck}
 */
export function checkLayout(value) {
  if (!isObject(value)) return fail('The layout must be an object with categories and rows.', '');
  const categories = value.categories;
  if (!Array.isArray(categories) || categories.length === 0) {
    return fail('Add at least one category of seat.', 'categories');
  }
  if (categories.length > LAYOUT_LIMITS.categories) {
    return fail(
      `A screen can have at most ${LAYOUT_LIMITS.categories} categories of seat.`,
      'categories',
    );
  }
  /** @type {Map<string, number>} name -> index */
  const byName = new Map();
  const lowerNames = new Set();
  /** @type {{name: string, price: number}[]} */
  const outCategories = [];
  for (let i = 0; i < categories.length; i++) {
    const category = categories[i];
    const at = `categories[${i}]`;
    if (!isObject(category)) return fail('Each category needs a name and a price.', at);
    const { name, price } = category;
    if (typeof name !== 'string' || name.trim() === '') {
      return fail('Give every category a name.', `${at}.name`);
    }
    if (name.length > LAYOUT_LIMITS.categoryName || NOT_IN_CATEGORY_NAME.test(name)) {
      return fail(
        `Category names are 1 to ${LAYOUT_LIMITS.categoryName} characters, without quotes, backslashes or control characters.`,
        `${at}.name`,
      );
    }
    if (name !== name.trim()) {
      return fail('Category names cannot start or end with a space.', `${at}.name`);
    }
    if (lowerNames.has(name.toLowerCase())) {
      return fail(`There are two categories named ${name}.`, `${at}.name`);
    }
    if (!isIntIn(price, 0, LAYOUT_LIMITS.maxPrice)) {
      return fail(
        `The price of ${name} must be a whole number of rupees from 0 to ${LAYOUT_LIMITS.maxPrice}.`,
        `${at}.price`,
      );
    }
    lowerNames.add(name.toLowerCase());
    byName.set(name, i);
    outCategories.push({ name, price: /** @type {number} */ (price) });
  }

  const rows = value.rows;
  if (!Array.isArray(rows) || rows.length === 0)
    return fail('Add at least one row of seats.', 'rows');
  if (rows.length > LAYOUT_LIMITS.rows) {
    return fail(`A screen can have at most ${LAYOUT_LIMITS.rows} rows.`, 'rows');
  }
  const used = new Set();
  const labels = new Set();
  let sellable = 0;
  /** @type {import('./seating-layout.d.ts').LayoutRow[]} */
  const outRows = [];
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    const at = `rows[${r}]`;
    if (!isObject(row)) return fail('Each row needs a label and cells.', at);
    const { label, cells } = row;
    if (typeof label !== 'string' || !ROW_LABEL.test(label)) {
      return fail('Row labels are one or two capital letters (A to Z, AA to ZZ).', `${at}.label`);
    }
    if (labels.has(label)) return fail(`There are two rows labelled ${label}.`, `${at}.label`);
    labels.add(label);
    if (!Array.isArray(cells) || cells.length === 0) {
      return fail(`Row ${label} needs at least one cell.`, `${at}.cells`);
    }
    if (cells.length > LAYOUT_LIMITS.cells) {
      return fail(`Row ${label} has more than ${LAYOUT_LIMITS.cells} cells.`, `${at}.cells`);
    }
    /** @type {(import('./seating-layout.d.ts').LayoutCell)[]} */
    const outCells = [];
    let number = 0;
    for (let c = 0; c < cells.length; c++) {
      const cell = cells[c];
      const cellAt = `${at}.cells[${c}]`;
      if (cell === null) {
        outCells.push(null);
        continue;
      }
      if (!isObject(cell)) {
        return fail(`Each cell of row ${label} is a seat (an object) or a gap (null).`, cellAt);
      }
      number++;
      const { category, kind } = cell;
      if (typeof category !== 'string' || !byName.has(category)) {
        return fail(`Seat ${label}${number} has no category of this screen.`, `${cellAt}.category`);
      }
      if (kind !== undefined && !SEAT_KINDS.includes(/** @type {string} */ (kind))) {
        return fail(
          `Seat ${label}${number} is of an unknown kind: a cell is a seat, a wheelchair space, a companion seat or blocked.`,
          `${cellAt}.kind`,
        );
      }
      used.add(category);
      if (kind !== 'blocked') sellable++;
      outCells.push(
        kind === undefined || kind === 'seat'
          ? { category }
          : { category, kind: /** @type {'wheelchair' | 'companion' | 'blocked'} */ (kind) },
      );
    }
    const pairs = pairRow(outCells);
    if (pairs.lonely !== null) {
      const seat = `${label}${seatNumber(outCells, pairs.lonely)}`;
      const message = pairs.taken
        ? `Companion seat ${seat} is next to a wheelchair space that already has a companion seat.`
        : `Companion seat ${seat} must be next to a wheelchair space.`;
      return fail(message, `${at}.cells[${pairs.lonely}]`);
    }
    outRows.push({ label, cells: outCells });
  }
  for (let i = 0; i < outCategories.length; i++) {
    const { name } = /** @type {{name: string}} */ (outCategories[i]);
    if (!used.has(name)) {
      return fail(
        `No seat is of category ${name}: give it seats or remove it.`,
        `categories[${i}]`,
      );
    }
  }
  if (sellable === 0) return fail('A screen needs at least one seat that is not blocked.', 'rows');
  return { ok: true, layout: { categories: outCategories, rows: outRows } };
}

/**
 * The seats a show gets from a layout that passed checkLayout: front row first, left to right.
 * `column` numbers the seats of a row (gaps have no number), `x` is the cell (1-based, gaps
 * counted), `row_pos` the row (1 = front); `partner_x` is, for a wheelchair space, its companion
 * seat's x (its own x when it has none: the seats table wants one), for a companion seat its
 * space's x, else null.
 * @param {import('./seating-layout.d.ts').Layout} layout
 * @returns {import('./seating-layout.d.ts').LayoutSeat[]}
 */
export function seatsOfLayout(layout) {
  const prices = new Map(layout.categories.map((c) => [c.name, c.price]));
  /** @type {import('./seating-layout.d.ts').LayoutSeat[]} */
  const seats = [];
  layout.rows.forEach((row, r) => {
    const { partner } = pairRow(row.cells);
    let column = 0;
    row.cells.forEach((cell, c) => {
      if (cell === null) return;
      column++;
      const kind = cell.kind ?? 'seat';
      const pair = partner[c];
      seats.push({
        row: row.label,
        column,
        label: `${row.label}${column}`,
        row_pos: r + 1,
        x: c + 1,
        kind,
        category: cell.category,
        price: prices.get(cell.category) ?? 0,
        partner_x: kind === 'wheelchair' || kind === 'companion' ? (pair ?? c) + 1 : null,
      });
    });
  });
  return seats;
}

/**
 * Pairs each companion seat of a row with a wheelchair space beside it: left to right, each
 * takes its left neighbour if that is a space still alone, else its right one. On a row (a path)
 * this greedy finds a pairing whenever one exists. `lonely` is the first companion left without
 * a space (`taken`: it touched one, already paired).
 * @param {ReadonlyArray<import('./seating-layout.d.ts').LayoutCell>} cells
 */
function pairRow(cells) {
  /** @type {(number | undefined)[]} cell index -> its partner's cell index */
  const partner = [];
  /** @type {number | null} */
  let lonely = null;
  let taken = false;
  const isSpace = (/** @type {number} */ i) => cells[i]?.kind === 'wheelchair';
  for (let c = 0; c < cells.length; c++) {
    if (cells[c]?.kind !== 'companion') continue;
    const side = [c - 1, c + 1].find((i) => isSpace(i) && partner[i] === undefined);
    if (side === undefined) {
      if (lonely === null) {
        lonely = c;
        taken = isSpace(c - 1) || isSpace(c + 1);
      }
      continue;
    }
    partner[c] = side;
    partner[side] = c;
  }
  return { partner, lonely, taken };
}

/**
 * The seat number of cell `index` in its row (non-null cells counted from 1).
 * @param {ReadonlyArray<unknown>} cells
 * @param {number} index
 */
function seatNumber(cells, index) {
  let number = 0;
  for (let c = 0; c <= index; c++) if (cells[c] !== null) number++;
  return number;
}

/**
 * @param {unknown} value
 * @returns {value is Record<string, unknown>}
 */
function isObject(value) {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * @param {unknown} value
 * @param {number} min
 * @param {number} max
 * @returns {value is number}
 */
function isIntIn(value, min, max) {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;
}

/**
 * @param {string} error
 * @param {string} path
 * @returns {{ok: false, error: string, path: string}}
 */
function fail(error, path) {
  return { ok: false, error, path };
}
