/** A failure to explain to the person at the terminal: printed as is, exit code 1. */
export class ReleaseError extends Error {
  /** @override */
  name = 'ReleaseError';
  /** @param {string} [message] */
  constructor(message) {
    super(message);
    // Declared for the type checker only (set by release/api.mjs when the API refuses).
    /** @type {number | undefined} the API's HTTP status */
    this.status;
    /** @type {string | undefined} the API's error code */
    this.code;
    /** @type {boolean | undefined} the credentials do not get an admin session */
    this.signIn;
  }
}

/** A command used the wrong way: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  /** @override */
  name = 'UsageError';
}
