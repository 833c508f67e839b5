// What the screens tests share: a small drawn layout (docs/decisions/0045-screens-and-seat-layouts.md).

/**
 * Row A: a Recliner, an aisle, a wheelchair space with its companion seat, a blocked seat; row B:
 * two Standard seats. Five sellable seats at 150 and 400 rupees.
 */
export const LAYOUT = {
  categories: [
    { name: 'Standard', price: 150 },
    { name: 'Recliner', price: 400 },
  ],
  rows: [
    {
      label: 'A',
      cells: [
        { category: 'Recliner' },
        null,
        { category: 'Standard', kind: 'wheelchair' },
        { category: 'Standard', kind: 'companion' },
        { category: 'Standard', kind: 'blocked' },
      ],
    },
    { label: 'B', cells: [{ category: 'Standard' }, { category: 'Standard' }] },
  ],
};
