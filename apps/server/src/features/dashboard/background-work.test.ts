import { describe, expect, it } from 'vitest';
import { BackgroundWork } from './background-work.ts';

/** A piece of work that ends when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, work: () => opened };
}

describe('BackgroundWork', () => {
  it('collects the young generation once, after the last running work, and settled() waits for it', async () => {
    const events: string[] = [];
    const background = new BackgroundWork(60_000, () => events.push('collected'));
    const [first, second] = [gate(), gate()];
    background.track(() => first.work().then(() => events.push('first done')));
    background.track(() => second.work().then(() => events.push('second done')));
    first.open();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(events).toEqual(['first done']);
    second.open();
    await background.settled();
    expect(events).toEqual(['first done', 'second done', 'collected']);
  });

  it('collects after failed work too, and runs queued work once started', async () => {
    let collections = 0;
    const background = new BackgroundWork(60_000, () => collections++);
    let ran = 0;
    background.queue('period', async () => {
      ran++;
      throw new Error('the database went away');
    });
    expect(background.queuedCount).toBe(1);
    await background.settled();
    expect([ran, collections, background.queuedCount]).toEqual([1, 1, 0]);
    await background.settled();
    expect(collections).toBe(1);
  });
});
