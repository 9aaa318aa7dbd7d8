import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startHeartbeat } from './heartbeat.js';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe('worker heartbeat file', () => {
  it('is written at once, refreshed while running and left alone after stop', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'amms-hb-'));
    dirs.push(dir);
    const file = path.join(dir, 'beat');
    const stop = startHeartbeat(file, 40);
    await new Promise((r) => setTimeout(r, 20));
    const first = readFileSync(file, 'utf8');
    expect(Date.now() - Date.parse(first.trim())).toBeLessThan(1000);
    await new Promise((r) => setTimeout(r, 120));
    const second = readFileSync(file, 'utf8');
    expect(second).not.toBe(first);
    stop();
    await new Promise((r) => setTimeout(r, 20));
    const mtime = statSync(file).mtimeMs;
    await new Promise((r) => setTimeout(r, 120));
    expect(statSync(file).mtimeMs).toBe(mtime);
  });
});
