/** A failure to explain to the person at the terminal: printed as is, exit code 1. */
export class ReleaseError extends Error {
  name = 'ReleaseError';
}

/** A command used the wrong way: printed with a pointer to --help, exit code 2. */
export class UsageError extends Error {
  name = 'UsageError';
}
