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
  use: { ...base.use, trace: 'off' },
};
