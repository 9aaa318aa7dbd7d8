import { describe, expect, it } from 'vitest';
import { RunReads } from './tool.js';

describe('RunReads (reads shared by the tools of one run)', () => {
  it('loads a key once per run; another run loads again', async () => {
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    const run = new RunReads();
    expect(await Promise.all([run.once('machines', load), run.once('machines', load)])).toEqual([1, 1]);
    expect(await run.once('operators', load)).toBe(2);
    expect(await new RunReads().once('machines', load)).toBe(3);
  });

  it('a failed load is not kept: the next ask loads again', async () => {
    const run = new RunReads();
    await expect(run.once('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await run.once('k', () => Promise.resolve('up'))).toBe('up');
  });
});
