import { describe, expect, it } from 'vitest';
import { within } from './deadline.js';

describe('within', () => {
  it('answers what the work answers in time, success or failure', async () => {
    await expect(within(Promise.resolve(7), 1000, 'x')).resolves.toBe(7);
    await expect(within(Promise.reject(new Error('refused')), 1000, 'x')).rejects.toThrow('refused');
  });

  it('refuses, naming the work, when it has not answered by then', async () => {
    const never = new Promise<number>(() => undefined);
    const started = Date.now();
    await expect(within(never, 50, 'The chain check')).rejects.toThrow(
      'The chain check did not answer within 0.05 s',
    );
    expect(Date.now() - started).toBeLessThan(1000);
  });
});
