import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync, mkdirSync, appendFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// The backup and restore scripts of docs/deploy.md, run for real: a migrated database with rows and
// a blob store → backup.sh → restore.sh into a fresh database and folder → the same rows and bytes.
const repo = fileURLToPath(new URL('../../', import.meta.url));
const base = (process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/amms_test').replace(
  /\/[^/?]+(\?|$)/,
  '/$1',
);
const url = (db) => base.replace(/\/(\?|$)/, `/${db}$1`);
const SRC = 'amms_deploy_backup_src';
const DST = 'amms_deploy_backup_dst';
const tmp = mkdtempSync(path.join(tmpdir(), 'amms-backup-'));
const sql = (db, q) =>
  execFileSync('psql', ['-X', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url(db), '-c', q], {
    encoding: 'utf8',
  }).trim();
const recreate = (db) => {
  sql('postgres', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  sql('postgres', `CREATE DATABASE ${db}`);
};
const script = (name, args, env) =>
  execFileSync('bash', [path.join(repo, 'deploy/scripts', name), ...args], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

beforeAll(() => {
  recreate(SRC);
  execFileSync(process.execPath, [path.join(repo, 'packages/db/dist/migrator/cli.js'), 'migrate'], {
    env: { ...process.env, DATABASE_URL: url(SRC) },
    stdio: 'ignore',
  });
  sql(
    SRC,
    `INSERT INTO "Organization" (id, slug, name, "updatedAt") VALUES ('6f1c1a52-3c4e-4a53-9d5e-0d6f1a2b3c4d', 'backup-co-op', '备份合作社', now())`,
  );
});
afterAll(() => {
  for (const db of [SRC, DST]) sql('postgres', `DROP DATABASE IF EXISTS ${db} WITH (FORCE)`);
  rmSync(tmp, { recursive: true, force: true });
});

describe('backup.sh → restore.sh', () => {
  it('restores the rows, the migration history and the blob bytes into a fresh database and folder', () => {
    const blobs = path.join(tmp, 'blobs');
    mkdirSync(path.join(blobs, 'ab'), { recursive: true });
    writeFileSync(path.join(blobs, 'ab', 'abcdef'), 'manual page bytes ✓');
    const folder = script('backup.sh', [path.join(tmp, 'out')], { DATABASE_URL: url(SRC), STORAGE_DIR: blobs }).trim();
    expect(readdirSync(folder).sort()).toEqual(['SHA256SUMS', 'blobs.tar.gz', 'database.dump']);

    recreate(DST);
    const restored = path.join(tmp, 'restored-blobs');
    script('restore.sh', [folder], { DATABASE_URL: url(DST), STORAGE_DIR: restored });
    expect(sql(DST, `SELECT name FROM "Organization" WHERE slug = 'backup-co-op'`)).toBe('备份合作社');
    expect(sql(DST, 'SELECT count(*) FROM _prisma_migrations')).toBe(
      sql(SRC, 'SELECT count(*) FROM _prisma_migrations'),
    );
    expect(readFileSync(path.join(restored, 'ab', 'abcdef'), 'utf8')).toBe('manual page bytes ✓');
  });

  it('refuses a damaged backup before touching the target', () => {
    const folder = script('backup.sh', [path.join(tmp, 'out2')], { DATABASE_URL: url(SRC) }).trim();
    appendFileSync(path.join(folder, 'database.dump'), 'garbage');
    recreate(DST);
    sql(DST, 'CREATE TABLE keep_me (x int)');
    expect(() => script('restore.sh', [folder], { DATABASE_URL: url(DST) })).toThrow();
    expect(sql(DST, `SELECT to_regclass('keep_me') IS NOT NULL`)).toBe('t');
    expect(sql(DST, `SELECT to_regclass('"Organization"') IS NULL`)).toBe('t');
  });
});
