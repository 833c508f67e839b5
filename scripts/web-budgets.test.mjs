// The budget check measures what a browser downloads: real Chromium against the static server of
// `npm start`, a page whose scripts are known, one of them fetched as a look-ahead.
import assert from 'node:assert/strict';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { writeCompressedTwins } from '../packages/federation/src/compress.js';
import { startStaticServer } from './serve.mjs';
import { BUDGETS, measureJs, overBudget } from './web-budgets.mjs';

const tmp = await mkdtemp(path.join(os.tmpdir(), 'web-budgets-'));
let server;
let browser;

// Text that compresses, but not to nothing: a few kB of gzip each.
const script = (name, lines) =>
  Array.from(
    { length: lines },
    (_, i) => `window.${name}${i}=${JSON.stringify(`${name}-${i * 7919}`)};`,
  ).join('\n');
const FILES = {
  'main.js': `${script('main', 300)}\nconst s=document.createElement('script');s.src='/late.js';document.head.append(s);\nsetTimeout(()=>{performance.mark('cinema:preload');const n=document.createElement('script');n.src='/next.js';document.head.append(n);},300);`,
  'late.js': script('late', 200),
  'next.js': script('next', 400),
};

before(async () => {
  await writeFile(
    path.join(tmp, 'index.html'),
    '<!doctype html><html lang="en"><title>t</title><h1>Ready</h1><script src="/main.js"></script></html>',
  );
  for (const [name, content] of Object.entries(FILES)) {
    await mkdir(path.dirname(path.join(tmp, name)), { recursive: true });
    await writeFile(path.join(tmp, name), content);
  }
  await writeCompressedTwins(tmp);
  server = await startStaticServer({ root: tmp, port: 0 });
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
  await rm(tmp, { recursive: true, force: true });
});

test('counts the gzipped size of every script the page downloads, the look-ahead apart', async () => {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    const result = await measureJs(page, `http://127.0.0.1:${server.port}/`, {
      ready: (p) => p.getByRole('heading', { name: 'Ready' }),
    });
    const gz = (name) => gzipSync(FILES[name], { level: 9 }).length;
    const byPath = Object.fromEntries(result.files.map((f) => [new URL(f.url).pathname, f]));
    const byName = (/** @type {string} */ pathname) => {
      const file = byPath[pathname];
      assert.ok(file, `${pathname} was measured`);
      return file;
    };
    assert.equal(byName('/main.js').gzip, gz('main.js'));
    assert.equal(byName('/late.js').gzip, gz('late.js'));
    assert.equal(result.bytes, gz('main.js') + gz('late.js'));
    // What went over the wire: the Brotli twins, smaller than gzip.
    assert.equal(byName('/main.js').encoding, 'br');
    assert.ok(byName('/main.js').transfer < gz('main.js'));
    // Asked for 300 ms in, before the network fell quiet: seen, and counted apart.
    assert.equal(byName('/next.js').lookAhead, true);
    assert.equal(byName('/main.js').lookAhead, false);
    assert.equal(result.lookAheadBytes, gz('next.js'));
  } finally {
    await context.close();
  }
});

test('a page over its budget is reported with its largest scripts; one within it is not', () => {
  const files = [
    { url: 'http://x/big.js', gzip: 120_000, lookAhead: false },
    { url: 'http://x/next.js', gzip: 90_000, lookAhead: true },
    { url: 'http://x/small.js', gzip: 40_000, lookAhead: false },
  ];
  assert.deepEqual(overBudget([{ page: '/', budgetKb: 160, bytes: 160_000, files }]), []);
  const [message = '', ...rest] = overBudget([{ page: '/', budgetKb: 150, bytes: 160_000, files }]);
  assert.equal(rest.length, 0);
  assert.match(message, /^\/: 160\.0 kB of gzipped JavaScript, over its budget of 150 kB/);
  assert.match(message, /big\.js 120\.0 kB, http:\/\/x\/small\.js 40\.0 kB$/);
});

test('the budgets: landing 150 kB; login and signed-in theaters 190 kB', () => {
  assert.deepEqual(
    BUDGETS.map(({ page, budgetKb, signedIn }) => [page, budgetKb, signedIn]),
    [
      ['/', 150, false],
      ['/auth/login', 190, false],
      ['/user/theaters', 190, true],
    ],
  );
});
