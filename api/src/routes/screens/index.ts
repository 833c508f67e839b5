// The screens resource, mounted at /api/screens: a theater's screens and their seat layouts
// (docs/decisions/0045-screens-and-seat-layouts.md).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { getScreen } from './get-screen.ts';
import { getScreens } from './get-screens.ts';
import { postScreen } from './post-screen.ts';
import { putScreen } from './put-screen.ts';

export const screensRoutes = new Hono<AppEnv>()
  .get('/', ...getScreens)
  .post('/', ...postScreen)
  .get('/:id', ...getScreen)
  .put('/:id', ...putScreen);
