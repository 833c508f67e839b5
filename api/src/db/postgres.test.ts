// The gate that keeps postgres.js from pipelining a transaction's BEGIN onto a busy connection.
import assert from 'node:assert/strict';
import { gate } from './postgres.ts';

const tick = () => new Promise((resolve) => setTimeout(resolve, 1));

Deno.test('the pool gate lets at most its size run at once, the rest in arrival order', async () => {
  const inPool = gate(2);
  let running = 0;
  let most = 0;
  const order: number[] = [];
  const work = (n: number) =>
    inPool(async () => {
      running++;
      most = Math.max(most, running);
      await tick();
      order.push(n);
      running--;
      return n;
    });
  const results = await Promise.all([1, 2, 3, 4, 5, 6].map(work));
  assert.deepEqual(results, [1, 2, 3, 4, 5, 6]);
  assert.equal(most, 2);
  assert.deepEqual(order, [1, 2, 3, 4, 5, 6]);
});

Deno.test('a failing holder gives its place back', async () => {
  const inPool = gate(1);
  await assert.rejects(() => inPool(() => Promise.reject(new Error('boom'))), /boom/);
  assert.equal(await inPool(() => Promise.resolve('next')), 'next');
});
