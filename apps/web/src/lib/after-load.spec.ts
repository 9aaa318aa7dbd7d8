// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterLoad } from './after-load';

afterEach(() => vi.restoreAllMocks());

const readyState = (s: DocumentReadyState) => vi.spyOn(document, 'readyState', 'get').mockReturnValue(s);

describe('afterLoad', () => {
  it('waits for the load event, then for an idle moment', async () => {
    readyState('loading');
    const fn = vi.fn();
    afterLoad(fn);
    await new Promise((r) => setTimeout(r, 30));
    expect(fn).not.toHaveBeenCalled();
    window.dispatchEvent(new Event('load'));
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });

  it('runs soon when the page has already loaded', async () => {
    readyState('complete');
    const fn = vi.fn();
    afterLoad(fn);
    await vi.waitFor(() => expect(fn).toHaveBeenCalledTimes(1));
  });

  it('a cancelled call never runs', async () => {
    readyState('loading');
    const fn = vi.fn();
    const cancel = afterLoad(fn);
    cancel();
    window.dispatchEvent(new Event('load'));
    await new Promise((r) => setTimeout(r, 50));
    expect(fn).not.toHaveBeenCalled();
  });
});
