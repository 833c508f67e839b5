// What the screens tests share: a small drawn layout (docs/decisions/0045-screens-and-seat-layouts.md).
import { drawnLayout } from '../../testing/layouts.ts';

/** Five sellable seats at 150 and 400 rupees (row B: two Standard seats). */
export const LAYOUT = drawnLayout(2);
