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
  type LoginResponse,
  REFRESH_IN_COOKIE,
  type Role,
  type Session,
  type SessionUser,
  type UserId,
  useAuthStore,
} from './session';
export { type SessionSummary, useSession } from './useSession';
