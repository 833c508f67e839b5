/** The email one screen of the forgot-password flow passes to the next in navigation state. */
export interface EmailState {
  email: string;
}

export function emailFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('email' in state)) return null;
  const { email } = state as { email: unknown };
  return typeof email === 'string' && email.trim() !== '' ? email : null;
}
