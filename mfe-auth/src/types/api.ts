import type { Role } from '@cinema/auth';

/** An account as signup/ and profile/ return it. */
export interface Account {
  id: number;
  username: string;
  email: string;
  role: Role;
}

/** The body of the OTP and password endpoints' successful answers. */
export interface MessageResponse {
  message?: string;
}
