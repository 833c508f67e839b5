import base from './playwright.config';

/**
 * `npm run screenshots`: the browser tests' setup (the product as `npm start` serves it, on its
 * own ports and a fresh demo database), walking ./screenshots instead of ./tests.
 */
export default {
  ...base,
  testDir: './screenshots',
  timeout: 15 * 60_000,
  reporter: [['list']],
  // One walk, one worker: the first worker's product alone (its mail catcher and its API).
  workers: 1,
  webServer: (base.webServer as unknown[]).slice(0, 2),
  use: { ...base.use, trace: 'off' },
};
