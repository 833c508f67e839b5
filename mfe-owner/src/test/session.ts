import type { Role } from '@cinema/auth';
import { signIn } from '@cinema/test-utils';

/** The theater owner every test is signed in as, unless it says otherwise. */
export const OWNER_ID = 3;

export function loginAs(role: Role, id = OWNER_ID) {
  signIn({ id, username: 'ravi', email: 'ravi@example.com', role });
}

export function loginAsOwner() {
  loginAs('owner');
}
