import { signIn } from '@cinema/test-utils';

/** The customer every test is signed in as, unless it logs out. */
export const CUSTOMER_ID = 7;

export function loginAsCustomer(id = CUSTOMER_ID) {
  signIn({ id, username: 'asha', email: 'asha@example.com', role: 'user' });
}
