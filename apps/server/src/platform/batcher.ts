/**
 * Gathers calls into one call for all of them: the calls made in the same turn of the event
 * loop go together, and those made while a call is on its way wait for it and then go together,
 * up to `max` at a time. Concurrent callers of one small statement (a run's progress, a ticket's
 * facts) then cost one round trip per wave instead of one each, and a lone caller waits for
 * nothing. `many` answers one result per item, in the items' order. With `lanes` above 1, that
 * many waves may be on their way at once (a wave that waits on the database for long, like a
 * transaction of many statements, then does not hold up the calls behind it).
 */
export function createBatcher<Item, Result>(
  many: (items: Item[]) => Promise<Result[]>,
  { max = 200, lanes = 1 }: { max?: number; lanes?: number } = {},
) {
  interface Waiting {
    item: Item;
    resolve: (result: Result) => void;
    reject: (error: unknown) => void;
  }
  let queue: Waiting[] = [];
  let running = 0;

  async function lane() {
    while (queue.length > 0) {
      const wave = queue.slice(0, max);
      queue = queue.slice(wave.length);
      try {
        const results = await many(wave.map((waiting) => waiting.item));
        wave.forEach((waiting, index) => waiting.resolve(results[index] as Result));
      } catch (error) {
        for (const waiting of wave) waiting.reject(error);
      }
    }
    running--;
  }

  return (item: Item): Promise<Result> =>
    new Promise<Result>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      if (running >= lanes) return;
      running++;
      setImmediate(() => void lane());
    });
}
