import type { Role } from '@cinema/auth';
import { signIn } from '@cinema/test-utils';

/** Signs in with `role`: every test starts as the admin (see setup.ts) unless it says otherwise. */
export function loginAs(role: Role, id = 1) {
  signIn({ id, username: role === 'admin' ? 'admin' : 'ravi', email: 'ravi@example.com', role });
}
