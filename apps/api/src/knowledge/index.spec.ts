import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const IMPORT = /from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g;

function files(dir: string, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) files(p, out);
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

describe('the knowledge module has one face', () => {
  it('other modules import knowledge/ only through knowledge/index.ts', () => {
    const knowledge = path.join(SRC, 'knowledge');
    const offenders: string[] = [];
    for (const file of files(SRC)) {
      if (file.startsWith(knowledge + path.sep)) continue;
      for (const m of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const spec = m[1] ?? m[2]!;
        if (!spec.startsWith('.')) continue;
        const target = path.resolve(path.dirname(file), spec);
        if (target.startsWith(knowledge + path.sep) && target !== path.join(knowledge, 'index.js'))
          offenders.push(`${path.relative(SRC, file)} → ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
