/**
 * The mark that tells a seat's category on the map beyond its name: a border of its own under
 * (or over) the seat, by the category's place in the price order (priciest first). The legend
 * shows the same marks. A layout has at most six categories (LAYOUT_LIMITS in
 * packages/contract/src/seating-layout.js).
 */
export const CATEGORY_MARKS: readonly string[] = [
  'mark0',
  'mark1',
  'mark2',
  'mark3',
  'mark4',
  'mark5',
];
