import { defaultLayout } from '@cinema/contract';
import { describe, expect, it } from 'vitest';
import * as edit from './draft';

const rectangle = () => edit.fromLayout(defaultLayout(3, 4));
const standard = (draft: edit.Draft) => draft.categories[0]?.key ?? 0;

describe('the layout draft', () => {
  it('gives back the layout it was made from', () => {
    const layout = {
      categories: [
        { name: 'Standard', price: 100 },
        { name: 'Recliner', price: 350 },
      ],
      rows: [
        {
          label: 'A',
          cells: [
            { category: 'Standard', kind: 'wheelchair' as const },
            { category: 'Standard', kind: 'companion' as const },
            null,
            { category: 'Recliner' },
          ],
        },
      ],
    };
    expect(edit.toLayout(edit.fromLayout(layout))).toEqual(layout);
  });

  it('paints a gap, a kind and a category, and names each cell as the grid says it', () => {
    let draft = edit.addCategory(rectangle());
    draft = edit.changeCategory(draft, draft.categories[1]?.key ?? 0, { name: 'Recliner' });
    const recliner = draft.categories[1]?.key ?? 0;
    draft = edit.paint(draft, { row: 0, index: 1 }, 'gap', recliner);
    draft = edit.paint(draft, { row: 2, index: 3 }, 'seat', recliner);
    draft = edit.paint(draft, { row: 1, index: 0 }, 'wheelchair', standard(draft));

    expect(edit.cellName(draft, { row: 0, index: 1 })).toBe('Row A, position 2: Gap');
    expect(edit.cellName(draft, { row: 2, index: 3 })).toBe('Row C, position 4: Recliner seat');
    expect(edit.cellName(draft, { row: 1, index: 0 })).toBe(
      'Row B, position 1: Standard wheelchair space',
    );
    expect(edit.toLayout(draft).rows[0]?.cells[1]).toBeNull();
    // Painting what is there already changes nothing.
    expect(edit.paint(draft, { row: 2, index: 3 }, 'seat', recliner)).toBe(draft);
  });

  it('renames a category without losing its seats', () => {
    let draft = rectangle();
    draft = edit.changeCategory(draft, standard(draft), { name: 'Regular', price: '120' });
    const layout = edit.toLayout(draft);
    expect(layout.categories).toEqual([{ name: 'Regular', price: 120 }]);
    expect(layout.rows[0]?.cells[0]).toEqual({ category: 'Regular' });
    expect(edit.layoutProblem(draft)).toBeNull();
  });

  it('gives the seats of a removed category to the first one left', () => {
    let draft = edit.addCategory(rectangle());
    const second = draft.categories[1]?.key ?? 0;
    draft = edit.paint(draft, { row: 0, index: 0 }, 'seat', second);
    draft = edit.removeCategory(draft, second);
    expect(draft.categories).toHaveLength(1);
    expect(edit.toLayout(draft).rows[0]?.cells[0]).toEqual({ category: 'Standard' });
    // The last category stays.
    expect(edit.removeCategory(draft, standard(draft))).toBe(draft);
  });

  it('adds rows at the back shaped like the last one, with the next free label', () => {
    let draft = edit.paint(rectangle(), { row: 2, index: 1 }, 'gap', 0);
    draft = edit.addRow(draft);
    expect(draft.rows.map((row) => row.label)).toEqual(['A', 'B', 'C', 'D']);
    expect(edit.toLayout(draft).rows[3]?.cells[1]).toBeNull();
    expect(edit.nextLabel([{ label: 'Z' }])).toBe('AA');
    draft = edit.removeRow(draft, 1);
    expect(draft.rows.map((row) => row.label)).toEqual(['A', 'C', 'D']);
    expect(edit.renameRow(draft, 0, 'b1!').rows[0]?.label).toBe('B');
  });

  it('adds and removes cells at the end of a row', () => {
    let draft = edit.addCell(rectangle(), 1, standard(rectangle()));
    expect(draft.rows[1]?.cells).toHaveLength(5);
    draft = edit.removeCell(edit.removeCell(draft, 1), 1);
    expect(draft.rows[1]?.cells).toHaveLength(3);
  });

  it("says checkLayout's first complaint and where it is in the owner's words", () => {
    const lonely = edit.paint(rectangle(), { row: 1, index: 3 }, 'companion', 1);
    expect(edit.layoutProblem(lonely)).toEqual({
      message: 'Companion seat B4 must be next to a wheelchair space.',
      where: 'Row B, position 4',
      cell: { row: 1, index: 3 },
      category: null,
    });
    const unused = edit.addCategory(rectangle());
    expect(edit.layoutProblem(unused)).toMatchObject({
      message: 'No seat is of category Category 2: give it seats or remove it.',
      where: 'Category Category 2',
      cell: null,
    });
    const twoA = edit.renameRow(rectangle(), 1, 'A');
    expect(edit.layoutProblem(twoA)).toMatchObject({
      message: 'There are two rows labelled A.',
      where: 'Row A',
    });
  });

  it('refuses a price that is not whole rupees before asking checkLayout', () => {
    const draft = rectangle();
    for (const price of ['', '12.5', '-1', 'ten', '100001']) {
      const problem = edit.layoutProblem(edit.changeCategory(draft, standard(draft), { price }));
      expect(problem?.message).toBe(
        'The price of Standard must be a whole number of rupees from 0 to 100000.',
      );
    }
  });

  it('counts the seats for sale: blocked seats and gaps are not', () => {
    let draft = edit.paint(rectangle(), { row: 0, index: 0 }, 'blocked', 1);
    draft = edit.paint(draft, { row: 0, index: 1 }, 'gap', 1);
    expect(edit.sellableSeats(draft)).toBe(10);
  });
});
