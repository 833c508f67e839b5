import assert from 'node:assert/strict';
import { isSingleScript, scriptsOf } from './usernames.ts';

Deno.test('a name is written in one script; digits, marks and punctuation go with any', () => {
  for (const name of [
    'admin',
    'Ana Lima 2',
    'demo_customer',
    'Иван',
    'Σωκράτης',
    'राहुल',
    'José',
    'e\u0301',
    '山田 たろう',
    'ヤマダ Taro',
    '김민준',
    '王小明',
  ]) {
    assert.equal(isSingleScript(name), true, name);
  }
  for (const name of [
    '\u0430dmin',
    'd\u0435mo_customer',
    'p\u0430ypal',
    'Ив\u0430n',
    'ΑDMIN',
    'Иван Smith',
    'राहुलx',
  ]) {
    assert.equal(isSingleScript(name), false, name);
  }
  assert.deepEqual([...scriptsOf('\u0430dmin_1')].sort(), ['Cyrillic', 'Latin']);
});
