// The role homes live with the session in @cinema/auth, so every area's access screen links to
// the same place a login lands.
export { homeForRole } from '@cinema/auth';
