// The output of the cluster's children (HAProxy, the API instances), line by line, each prefixed
// with its name.

// HAProxy's health checks, every second per instance: not worth a line each when they pass.
const PASSED_CHECK = /^GET \/api\/health 200 /;

/**
 * Prefixes each line a child prints with its name.
 * @param {import('node:stream').Readable | null} stream
 * @param {string} name
 * @param {NodeJS.WritableStream} sink
 */
export function pipeLines(stream, name, sink) {
  if (!stream) return;
  let rest = '';
  stream.setEncoding('utf8');
  stream.on('data', (chunk) => {
    const lines = (rest + chunk).split('\n');
    rest = lines.pop() ?? '';
    for (const line of lines) if (!PASSED_CHECK.test(line)) sink.write(`[${name}] ${line}\n`);
  });
  stream.on('end', () => {
    if (rest) sink.write(`[${name}] ${rest}\n`);
  });
}
