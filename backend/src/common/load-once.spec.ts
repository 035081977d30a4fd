import { loadOnce } from './load-once.js';

describe('loadOnce', () => {
  it('loads once however often and however concurrently it is asked', async () => {
    let loads = 0;
    const load = loadOnce(async () => ({ loaded: ++loads }));
    const [a, b] = await Promise.all([load(), load()]);
    expect(await load()).toBe(a);
    expect(b).toBe(a);
    expect(loads).toBe(1);
  });

  it('tries again after a failed load', async () => {
    let attempts = 0;
    const load = loadOnce(async () => {
      attempts += 1;
      if (attempts === 1) throw new Error('not there yet');
      return 'loaded';
    });
    await expect(load()).rejects.toThrow('not there yet');
    await expect(load()).resolves.toBe('loaded');
    expect(attempts).toBe(2);
  });
});
