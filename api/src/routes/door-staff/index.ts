// The door staff resource, mounted at /api/door-staff (docs/decisions/0040-door-staff.md).
import { Hono } from 'hono';
import type { AppEnv } from '../../http/context.ts';
import { deleteDoorStaff } from './delete-door-staff.ts';
import { getDoorStaff } from './get-door-staff.ts';
import { postDoorStaff } from './post-door-staff.ts';

export const doorStaffRoutes = new Hono<AppEnv>()
  .get('/', ...getDoorStaff)
  .post('/', ...postDoorStaff)
  .delete('/:id', ...deleteDoorStaff);
