import { describe, expect, it } from 'vitest';
import {
  checkLayout,
  DEFAULT_CATEGORY,
  defaultLayout,
  LAYOUT_LIMITS,
  SEAT_PRICE,
  seatsOfLayout,
} from './index.js';
import { labelOf, randomLayout, seeded } from './seating.fixtures.ts';

const STD = { name: 'Standard', price: 100 };
const seat = (category = 'Standard', kind?: string) => (kind ? { category, kind } : { category });
const row = (label: string, cells: unknown[]) => ({ label, cells });
const layoutOf = (rows: unknown[], categories: unknown[] = [STD]) => ({ categories, rows });

/** checkLayout's refusal, as [path, error]. */
function refusal(value: unknown): [string, string] {
  const result = checkLayout(value);
  if (result.ok) throw new Error(`accepted: ${JSON.stringify(value).slice(0, 200)}`);
  return [result.path, result.error];
}

describe('layout constants and the default rectangle', () => {
  it('keeps the spec price as the default category and the limits of decision 0045', () => {
    expect(DEFAULT_CATEGORY).toEqual({ name: 'Standard', price: SEAT_PRICE });
    expect(LAYOUT_LIMITS).toEqual({
      rows: 26,
      cells: 60,
      categories: 6,
      categoryName: 30,
      maxPrice: 100000,
      screenName: 40,
    });
  });

  it("gives the spec's seats A1.. of Standard at 100, as the migration draws them", () => {
    const layout = defaultLayout(8, 12);
    expect(checkLayout(layout)).toEqual({ ok: true, layout });
    const seats = seatsOfLayout(layout);
    expect(seats).toHaveLength(96);
    expect(seats[0]).toEqual({
      row: 'A',
      column: 1,
      label: 'A1',
      row_pos: 1,
      x: 1,
      kind: 'seat',
      category: 'Standard',
      price: 100,
      partner_x: null,
    });
    expect(seats.at(-1)).toMatchObject({ label: 'H12', row_pos: 8, x: 12, column: 12 });
    expect(new Set(seats.map((s) => `${s.kind}/${s.category}/${s.price}`))).toEqual(
      new Set(['seat/Standard/100']),
    );
    expect(() => defaultLayout(0, 12)).toThrow(RangeError);
    expect(() => defaultLayout(27, 12)).toThrow(RangeError);
    expect(() => defaultLayout(8, 61)).toThrow(RangeError);
    expect(() => defaultLayout(2.5, 12)).toThrow(RangeError);
    expect(seatsOfLayout(defaultLayout(26, 60))).toHaveLength(1560);
  });
});

describe('seatsOfLayout', () => {
  it('numbers seats across gaps, prices them by category and pairs spaces with companions', () => {
    const checked = checkLayout({
      categories: [STD, { name: 'Recliner', price: 350 }],
      rows: [
        row('A', [seat(), null, seat('Standard', 'wheelchair'), seat('Standard', 'companion')]),
        row('B', [
          null,
          seat('Recliner', 'blocked'),
          seat('Recliner'),
          seat('Standard', 'wheelchair'),
        ]),
      ],
    });
    if (!checked.ok) throw new Error(checked.error);
    const brief = seatsOfLayout(checked.layout).map((s) =>
      [s.label, s.row_pos, s.x, s.kind, s.category, s.price, s.partner_x].join(' '),
    );
    expect(brief).toEqual([
      'A1 1 1 seat Standard 100 ',
      'A2 1 3 wheelchair Standard 100 4',
      'A3 1 4 companion Standard 100 3',
      'B1 2 2 blocked Recliner 350 ',
      'B2 2 3 seat Recliner 350 ',
      // A space without a companion is its own partner (the seats table wants one).
      'B3 2 4 wheelchair Standard 100 4',
    ]);
  });

  it('on random layouts: a seat per cell, unique labels, pairs that point at each other', () => {
    const rand = seeded(45);
    for (let n = 0; n < 150; n++) {
      const layout = randomLayout(rand);
      expect(checkLayout(layout)).toEqual({ ok: true, layout });
      const seats = seatsOfLayout(layout);
      const cells = layout.rows.flatMap((r) => r.cells).filter((c) => c !== null);
      expect(seats).toHaveLength(cells.length);
      expect(new Set(seats.map((s) => s.label)).size).toBe(seats.length);
      const at = new Map(seats.map((s) => [`${s.row_pos}/${s.x}`, s]));
      const wrong = seats.filter((s) => {
        const partner = at.get(`${s.row_pos}/${s.partner_x}`);
        if (s.kind === 'companion') {
          return (
            partner?.kind !== 'wheelchair' ||
            Math.abs(partner.x - s.x) !== 1 ||
            partner.partner_x !== s.x
          );
        }
        if (s.kind === 'wheelchair') return !(partner === s || partner?.kind === 'companion');
        return s.partner_x !== null;
      });
      expect(wrong).toEqual([]);
    }
  });
});

describe('checkLayout', () => {
  it('accepts the largest layout: 26 rows of 60 cells, 6 categories, two-letter labels', () => {
    const categories = Array.from({ length: 6 }, (_, i) => ({ name: `C${i}`, price: i * 20000 }));
    const rows = Array.from({ length: 26 }, (_, r) =>
      row(
        labelOf(r + 10),
        Array.from({ length: 60 }, (_, c) => seat(`C${(r + c) % 6}`)),
      ),
    );
    const checked = checkLayout(layoutOf(rows, categories));
    expect(checked.ok).toBe(true);
    expect(rows.map((r) => r.label)).toContain('AJ');
  });

  it('normalises: unknown keys dropped, plain seats without kind', () => {
    const checked = checkLayout({
      categories: [{ name: 'Standard', price: 100, colour: 'red' }],
      rows: [
        {
          label: 'A',
          note: 'x'.repeat(100),
          cells: [
            { category: 'Standard', kind: 'seat', glow: true },
            null,
            { category: 'Standard', kind: 'blocked', id: 7 },
          ],
        },
      ],
      owner: 'me',
      constructor: 'nope',
    });
    expect(checked).toEqual({
      ok: true,
      layout: {
        categories: [{ name: 'Standard', price: 100 }],
        rows: [
          {
            label: 'A',
            cells: [{ category: 'Standard' }, null, { category: 'Standard', kind: 'blocked' }],
          },
        ],
      },
    });
    if (checked.ok) expect(Object.keys(checked.layout)).toEqual(['categories', 'rows']);
  });

  it('refuses what is not a layout at all', () => {
    for (const value of [null, undefined, 'layout', 42, [], [{ categories: [] }]]) {
      expect(refusal(value)).toEqual([
        '',
        'The layout must be an object with categories and rows.',
      ]);
    }
  });

  it('refuses each broken category rule at its path', () => {
    const one = (category: unknown, cells = [seat()]) => layoutOf([row('A', cells)], [category]);
    expect(refusal(layoutOf([row('A', [seat()])], []))).toEqual([
      'categories',
      'Add at least one category of seat.',
    ]);
    expect(refusal({ rows: [row('A', [seat()])] })[0]).toBe('categories');
    const seven = Array.from({ length: 7 }, (_, i) => ({ name: `C${i}`, price: 1 }));
    expect(refusal(layoutOf([row('A', [seat('C0')])], seven))).toEqual([
      'categories',
      'A screen can have at most 6 categories of seat.',
    ]);
    expect(refusal(layoutOf([row('A', [seat()])], [STD, 'Premium']))[0]).toBe('categories[1]');
    expect(refusal(one({ name: '', price: 1 }))).toEqual([
      'categories[0].name',
      'Give every category a name.',
    ]);
    expect(refusal(one({ name: '   ', price: 1 }))[0]).toBe('categories[0].name');
    expect(refusal(one({ price: 1 }))[0]).toBe('categories[0].name');
    const bad =
      'Category names are 1 to 30 characters, without quotes, backslashes or control characters.';
    for (const name of [
      'Std\u0000',
      'Std"',
      'Std\\',
      'Std\n',
      'Std\u0085',
      'x'.repeat(31),
      'x'.repeat(1_000_000),
    ]) {
      expect(refusal(one({ name, price: 1 }, [seat(name)]))).toEqual(['categories[0].name', bad]);
    }
    expect(checkLayout(one({ name: 'x'.repeat(30), price: 1 }, [seat('x'.repeat(30))])).ok).toBe(
      true,
    );
    expect(refusal(one({ name: ' Gold', price: 1 }, [seat(' Gold')]))).toEqual([
      'categories[0].name',
      'Category names cannot start or end with a space.',
    ]);
    const twins = layoutOf(
      [row('A', [seat(), seat('standard')])],
      [STD, { name: 'standard', price: 5 }],
    );
    expect(refusal(twins)).toEqual([
      'categories[1].name',
      'There are two categories named standard.',
    ]);
    for (const price of [
      1e9,
      100000.5,
      99.5,
      -1,
      '100',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
    ]) {
      expect(refusal(one({ name: 'Standard', price }))).toEqual([
        'categories[0].price',
        'The price of Standard must be a whole number of rupees from 0 to 100000.',
      ]);
    }
    expect(checkLayout(one({ name: 'Standard', price: 100000 })).ok).toBe(true);
    expect(checkLayout(one({ name: 'Standard', price: 0 })).ok).toBe(true);
    const unused = layoutOf([row('A', [seat()])], [STD, { name: 'Gold', price: 500 }]);
    expect(refusal(unused)).toEqual([
      'categories[1]',
      'No seat is of category Gold: give it seats or remove it.',
    ]);
  });

  it('refuses each broken row rule at its path', () => {
    expect(refusal(layoutOf([]))).toEqual(['rows', 'Add at least one row of seats.']);
    expect(refusal({ categories: [STD], rows: 'A' })[0]).toBe('rows');
    const many = Array.from({ length: 27 }, (_, r) => row(labelOf(r), [seat()]));
    expect(refusal(layoutOf(many))).toEqual(['rows', 'A screen can have at most 26 rows.']);
    expect(refusal(layoutOf([row('A', [seat()]), null]))).toEqual([
      'rows[1]',
      'Each row needs a label and cells.',
    ]);
    const labels = 'Row labels are one or two capital letters (A to Z, AA to ZZ).';
    for (const label of ['a', 'ABC', '', 'A\u0000', 'A ', 'Á', 1, 'Z'.repeat(100_000)]) {
      expect(refusal(layoutOf([row(label as string, [seat()])]))).toEqual([
        'rows[0].label',
        labels,
      ]);
    }
    expect(refusal(layoutOf([row('A', [seat()]), row('A', [seat()])]))).toEqual([
      'rows[1].label',
      'There are two rows labelled A.',
    ]);
    expect(refusal(layoutOf([row('A', [])]))).toEqual([
      'rows[0].cells',
      'Row A needs at least one cell.',
    ]);
    expect(refusal(layoutOf([{ label: 'A' }]))[0]).toBe('rows[0].cells');
    const wide = Array.from({ length: 61 }, () => seat());
    expect(refusal(layoutOf([row('B', wide)]))).toEqual([
      'rows[0].cells',
      'Row B has more than 60 cells.',
    ]);
    expect(checkLayout(layoutOf([row('B', wide.slice(1))])).ok).toBe(true);
    expect(refusal(layoutOf([row('A', [seat()]), row('B', [seat(), 7])]))).toEqual([
      'rows[1].cells[1]',
      'Each cell of row B is a seat (an object) or a gap (null).',
    ]);
    // A hole in a sparse array is not a gap: gaps are null.
    // biome-ignore lint/suspicious/noSparseArray: the hole is what is tested
    expect(refusal(layoutOf([row('A', [seat(), , seat()])]))[0]).toBe('rows[0].cells[1]');
  });

  it('refuses each broken seat rule at its path', () => {
    expect(refusal(layoutOf([row('A', [seat(), null, seat('Gold')])]))).toEqual([
      'rows[0].cells[2].category',
      'Seat A2 has no category of this screen.',
    ]);
    expect(refusal(layoutOf([row('A', [{ kind: 'blocked' }])]))[0]).toBe(
      'rows[0].cells[0].category',
    );
    expect(refusal(layoutOf([row('A', [seat('Standard', 'vip')])]))).toEqual([
      'rows[0].cells[0].kind',
      'Seat A1 is of an unknown kind: a cell is a seat, a wheelchair space, a companion seat or blocked.',
    ]);
    expect(refusal(layoutOf([row('A', [seat(), null, seat('Standard', 'companion')])]))).toEqual([
      'rows[0].cells[2]',
      'Companion seat A2 must be next to a wheelchair space.',
    ]);
    // A companion touches its space in its row: one in front or behind does not count.
    const stacked = layoutOf([
      row('A', [seat('Standard', 'wheelchair')]),
      row('B', [seat('Standard', 'companion')]),
    ]);
    expect(refusal(stacked)[0]).toBe('rows[1].cells[0]');
    const crowd = [
      seat('Standard', 'companion'),
      seat('Standard', 'wheelchair'),
      seat('Standard', 'companion'),
    ];
    expect(refusal(layoutOf([row('A', crowd)]))).toEqual([
      'rows[0].cells[2]',
      'Companion seat A3 is next to a wheelchair space that already has a companion seat.',
    ]);
    // Two spaces, two companions between and around them: each space gets one.
    const shared = [
      seat('Standard', 'companion'),
      seat('Standard', 'wheelchair'),
      seat('Standard', 'companion'),
      seat('Standard', 'wheelchair'),
    ];
    expect(checkLayout(layoutOf([row('A', shared)])).ok).toBe(true);
    const allBlocked = layoutOf([row('A', [seat('Standard', 'blocked'), null]), row('B', [null])]);
    expect(refusal(allBlocked)).toEqual([
      'rows',
      'A screen needs at least one seat that is not blocked.',
    ]);
  });
});
