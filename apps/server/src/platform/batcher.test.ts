import { describe, expect, it } from 'vitest';
import { createBatcher } from './batcher.js';

describe('createBatcher', () => {
  it('answers each caller its own result, gathering the calls made meanwhile into one', async () => {
    const waves: number[][] = [];
    let firstSent: () => void = () => {};
    const firstOnItsWay = new Promise<void>((resolve) => (firstSent = resolve));
    const double = createBatcher(async (items: number[]) => {
      waves.push(items);
      firstSent();
      await new Promise((resolve) => setTimeout(resolve, 10));
      return items.map((item) => item * 2);
    });
    const first = [1, 2, 3].map(double);
    await firstOnItsWay;
    const later = [4, 5].map(double);
    expect(await Promise.all([...first, ...later])).toEqual([2, 4, 6, 8, 10]);
    // The calls of one turn went together; those made while it ran went together after it.
    expect(waves).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('sends at most `max` at a time, and a failing call fails its own wave only', async () => {
    const waves: string[][] = [];
    const check = createBatcher(
      async (items: string[]) => {
        waves.push(items);
        if (items.includes('bad')) throw new Error('refused');
        return items.map((item) => item.toUpperCase());
      },
      { max: 2 },
    );
    const results = await Promise.allSettled(['a', 'bad', 'c', 'd'].map(check));
    expect(waves).toEqual([
      ['a', 'bad'],
      ['c', 'd'],
    ]);
    expect(results.map((result) => result.status)).toEqual([
      'rejected',
      'rejected',
      'fulfilled',
      'fulfilled',
    ]);
    expect(await check('e')).toBe('E');
  });

  it('with lanes, sends the calls made while a wave is on its way without waiting for it', async () => {
    const waves: number[][] = [];
    let release: () => void = () => {};
    const slowFirst = new Promise<void>((resolve) => (release = resolve));
    let firstSent: () => void = () => {};
    const firstOnItsWay = new Promise<void>((resolve) => (firstSent = resolve));
    const echo = createBatcher(
      async (items: number[]) => {
        waves.push(items);
        if (items.includes(1)) {
          firstSent();
          await slowFirst;
        }
        return items;
      },
      { lanes: 2 },
    );
    const first = echo(1);
    // Waiting for the wave itself, not for a timer: on a loaded machine a 1 ms timer can fire
    // before the wave leaves, and the second call would then join it.
    await firstOnItsWay;
    // The first wave is still on its way: the second lane takes this one at once.
    expect(await echo(2)).toBe(2);
    release();
    expect(await first).toBe(1);
    expect(waves).toEqual([[1], [2]]);
  });
});
