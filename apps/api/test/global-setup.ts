import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { TEST_DATABASE_URL } from './env.js';

const cli = fileURLToPath(new URL('../../../packages/db/dist/migrator/cli.js', import.meta.url));

/** Creates the test database if missing and applies migrations once per run. */
export default function setup(): void {
  const env = { ...process.env, DATABASE_URL: TEST_DATABASE_URL };
  execFileSync(process.execPath, [cli, 'createdb'], { env, stdio: 'inherit' });
  execFileSync(process.execPath, [cli, 'migrate'], { env, stdio: 'inherit' });
}
