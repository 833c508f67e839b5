/**
 * A W3C Trace Context header (https://www.w3.org/TR/trace-context/) for one request: a new trace
 * and span id, random, flagged sampled. The API's spans join it, so one trace runs from the click
 * to the SQL statements (docs/decisions/0034-traces.md).
 */
export function newTraceparent(): string {
  return `00-${randomHex(16)}-${randomHex(8)}-01`;
}

// All-zero ids are invalid by the standard; a random one is all zeros once in 2^64 tries at worst.
function randomHex(bytes: number): string {
  for (;;) {
    const hex = Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) =>
      b.toString(16).padStart(2, '0'),
    ).join('');
    if (/[^0]/.test(hex)) return hex;
  }
}
