// The schedule's child processes: a niced suite's processes, and the ones they start, run at
// that priority; a suite at normal priority keeps it (scripts/test.mjs gives the suites with
// time limits the CPU first).
import assert from 'node:assert/strict';
import os from 'node:os';
import { test } from 'node:test';
import { exec, sink } from './run.mjs';

const PRINT_PRIORITY = [
  '-e',
  // The grandchild's priority: what a suite's own servers and browsers get.
  "require('child_process').spawn(process.execPath, ['-e', 'console.log(require(\"os\").getPriority())'], { stdio: 'inherit' })",
];

test('a niced suite runs its processes, and theirs, niced; another keeps this process’s priority', async () => {
  const niced = sink(false, 10);
  assert.equal((await exec(niced, process.execPath, PRINT_PRIORITY)).code, 0);
  assert.equal(niced.text().trim(), '10');

  const normal = sink(false);
  assert.equal((await exec(normal, process.execPath, PRINT_PRIORITY)).code, 0);
  // `npm test` may itself run niced (the lint suite, where this test runs, is).
  assert.equal(normal.text().trim(), String(os.getPriority()));
});
