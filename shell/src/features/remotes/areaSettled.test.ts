import { markAreaSettled, whenAreaSettled } from './areaSettled';

describe('whenAreaSettled', () => {
  it('waits for the area’s first load to end, then answers at once', async () => {
    let settled = false;
    const waiting = whenAreaSettled('owner').then(() => {
      settled = true;
    });
    await Promise.resolve();
    expect(settled).toBe(false);
    markAreaSettled('owner');
    await waiting;
    expect(settled).toBe(true);
    await expect(whenAreaSettled('owner')).resolves.toBeUndefined();
  });

  it('is per area', async () => {
    let settled = false;
    void whenAreaSettled('admin').then(() => {
      settled = true;
    });
    markAreaSettled('auth');
    await Promise.resolve();
    expect(settled).toBe(false);
  });
});
