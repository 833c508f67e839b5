// A theater's screens and their seat layouts (docs/decisions/0045-screens-and-seat-layouts.md):
// the owner's Screens page and layout editor, and the add-show form's Screen select. Types only:
// the calls are the owner app's own (api.get...), so a new owner app runs under an older shell,
// whose shared api-client has no screen functions.
import type { RequestBodyOf, ResponseOf } from './apiTypes';

/** A screen: its name, layout, hold-back of accessible seats, and its seats counted per category. */
export type Screen = ResponseOf<'/api/screens/{id}', 'get'>;
/** Rows of cells (null: a gap) and the categories with their prices, as checkLayout takes it. */
export type ScreenLayout = Screen['layout'];
export type NewScreen = RequestBodyOf<'/api/screens', 'post'>;
export type ScreenChanges = RequestBodyOf<'/api/screens/{id}', 'put'>;
/** A saved screen with how many upcoming shows were redrawn and how many kept their seats. */
export type SavedScreen = ResponseOf<'/api/screens/{id}', 'put'>;
