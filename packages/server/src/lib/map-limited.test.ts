import { describe, expect, it } from 'vitest';
import { mapLimited } from './map-limited.js';

describe('mapLimited', () => {
  it('answers in order, never running more than the limit at once', async () => {
    let running = 0;
    let most = 0;
    const items = Array.from({ length: 25 }, (_, i) => i);
    const doubled = await mapLimited(items, 4, async (item) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, (item * 7) % 5));
      running -= 1;
      return item * 2;
    });
    expect(doubled).toEqual(items.map((item) => item * 2));
    expect(most).toBe(4);
  });

  it('answers nothing for no items, and fails as the first failing item fails', async () => {
    await expect(mapLimited([], 4, async () => 1)).resolves.toEqual([]);
    await expect(
      mapLimited([1, 2, 3], 2, async (item) => {
        if (item === 2) throw new Error('node refused');
        return item;
      }),
    ).rejects.toThrow('node refused');
  });
});
