// Polling for e2e files whose effects land asynchronously (the worker, queues, streams).
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls `read` until `ok` holds; the error names the last value (and `context()` when given). */
export async function eventually<T>(
  read: () => Promise<T>,
  ok: (v: T) => boolean,
  timeoutMs = 30_000,
  everyMs = 100,
  context: () => string = () => '',
): Promise<T> {
  const until = Date.now() + timeoutMs;
  let last: T;
  do {
    last = await read();
    if (ok(last)) return last;
    await sleep(everyMs);
  } while (Date.now() < until);
  throw new Error(`condition not met in time: ${JSON.stringify(last).slice(0, 2000)}\n${context()}`);
}
