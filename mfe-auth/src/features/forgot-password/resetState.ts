import type { EmailState } from '../../lib/navigationState';

/**
 * What otp/verify passes to the reset screen: the email, and the single-use token the API gave
 * this browser for the code it verified. password/reset/ requires that token, so a reset can only
 * come from the browser that entered the code; it lives in navigation state, never in storage.
 */
export interface ResetState extends EmailState {
  reset_token: string;
}

export function resetTokenFromState(state: unknown): string | null {
  if (typeof state !== 'object' || state === null || !('reset_token' in state)) return null;
  const { reset_token: token } = state as { reset_token: unknown };
  return typeof token === 'string' && token !== '' ? token : null;
}
