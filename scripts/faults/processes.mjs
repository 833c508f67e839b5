// What the fault tests share about the processes they start and kill.

/** Keeps everything `child` prints, and resolves `exit` with its code and signal when it ends. */
export function captureOutput(child) {
  let output = '';
  const keep = (chunk) => {
    output += chunk;
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exit = new Promise((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return { output: () => output, exit };
}
