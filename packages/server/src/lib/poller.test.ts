import { describe, expect, it } from 'vitest';
import { PollingTask } from './poller.js';

/** A task whose pass takes 30 ms, counting its passes. */
class SlowTask extends PollingTask {
  passes = 0;

  protected async pass(): Promise<void> {
    this.passes += 1;
    await new Promise((resolve) => setTimeout(resolve, 30));
  }

  protected failed(): void {}
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a polling task', () => {
  it('runs no pass after stop, even when stopped in the middle of one', async () => {
    const task = new SlowTask();
    task.start(5);
    await sleep(10);
    // The first pass is under way: stop waits for it, and nothing is scheduled after it.
    await task.stop();
    const passes = task.passes;
    expect(passes).toBeGreaterThanOrEqual(1);
    await sleep(150);
    expect(task.passes).toBe(passes);
  });

  it('runs again every interval after a pass ends until stopped', async () => {
    const task = new SlowTask();
    task.start(5);
    await sleep(200);
    await task.stop();
    expect(task.passes).toBeGreaterThanOrEqual(3);
  });
});
