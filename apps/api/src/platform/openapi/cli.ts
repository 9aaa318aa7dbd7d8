// `npm run openapi -w @amms/api`: writes the OpenAPI document to apps/api/openapi.json without a
// running server (the app is created, never listens, and is closed again).
//   node dist/platform/openapi/cli.js [--out <file>] [--check]
// --check: exit 1 when the file differs from what the code produces now (npm test's openapi step).
import 'reflect-metadata';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createApp } from '../../create-app.js';
import { parseConfig } from '../config/config.js';
import { buildOpenApiDocument } from './document.js';

const API_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** The document as committed: stable key order, two-space indent, trailing newline. */
export async function renderOpenApi(): Promise<string> {
  // nothing is served and nothing is read: the connections are created lazily and never used
  const config = parseConfig({
    NODE_ENV: 'test',
    DATABASE_URL: process.env.DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms',
    REDIS_URL: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379/0',
    LOG_LEVEL: 'silent',
    API_DOCS: 'off',
  });
  const app = await createApp(config);
  try {
    return `${JSON.stringify(buildOpenApiDocument(app), null, 2)}\n`;
  } finally {
    await app.close();
  }
}

async function main(argv: string[]): Promise<number> {
  const outIdx = argv.indexOf('--out');
  const out = path.resolve(outIdx >= 0 && argv[outIdx + 1] ? argv[outIdx + 1]! : path.join(API_ROOT, 'openapi.json'));
  const text = await renderOpenApi();
  if (argv.includes('--check')) {
    let current = '';
    try {
      current = readFileSync(out, 'utf8');
    } catch {
      /* missing counts as stale */
    }
    if (current !== text) {
      process.stderr.write(
        `${path.relative(process.cwd(), out)} is stale: run \`npm run openapi -w @amms/api\` and commit it (then \`npm run generate -w @amms/sdk\`)\n`,
      );
      return 1;
    }
    process.stdout.write(`${path.relative(process.cwd(), out)} is up to date\n`);
    return 0;
  }
  writeFileSync(out, text);
  process.stdout.write(
    `wrote ${path.relative(process.cwd(), out)} (${Object.keys((JSON.parse(text) as { paths: object }).paths).length} paths)\n`,
  );
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
