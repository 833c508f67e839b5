export {
  type Access,
  accessFor,
  audienceOf,
  homeForRole,
  loginPathFor,
  RETURN_PARAM,
  safeReturnPath,
  useAccess,
} from './access';
export { decodeJwt, type JwtClaims, secondsUntilExpiry } from './jwt';
export {
  AUTH_STORAGE_KEY,
  type AuthState,
  createAuthStore,
  REFRESH_IN_COOKIE,
  useAuthStore,
} from './session';
export type { LoginResponse, Role, Session, SessionUser, UserId } from './types';
export { type SessionSummary, useSession } from './useSession';
