import assert from 'node:assert/strict';
import { admissionDue } from './pace.ts';

Deno.test('polls run the admission once a second per show and database, a moved-back clock at once', () => {
  const db = {};
  const other = {};
  const at = (ms: number) => new Date(Date.UTC(2026, 2, 1) + ms);
  assert.equal(admissionDue(db, 1, at(0)), true);
  assert.equal(admissionDue(db, 1, at(999)), false);
  assert.equal(admissionDue(db, 2, at(999)), true, 'another show');
  assert.equal(admissionDue(other, 1, at(999)), true, 'another database');
  assert.equal(admissionDue(db, 1, at(1000)), true);
  assert.equal(admissionDue(db, 1, at(500)), true, 'the clock went back');
});
