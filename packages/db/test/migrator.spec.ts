import { cp, mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_MIGRATIONS_DIR,
  DEFAULT_SCHEMA_PATH,
  checkMigrations,
  createMigration,
  migrate,
  resetTest,
} from '../src/migrator/commands.js';
import { databaseName, withDatabase } from '../src/migrator/database.js';
import { readMigrationsList } from '../src/migrator/migrations.js';
import { createDatabase, dropDatabase, quiet, throwawayDatabaseUrl, withPg } from './helpers.js';

const url = throwawayDatabaseUrl('amms_migrator_test');
let tmp: string;

/** A copy of the real migrations folder that a test may change. */
async function migrationsCopy(name: string): Promise<string> {
  const dir = path.join(tmp, name);
  await cp(DEFAULT_MIGRATIONS_DIR, dir, { recursive: true });
  return dir;
}

/** A copy of schema.prisma with something appended. */
async function schemaWith(name: string, extra: string): Promise<string> {
  const file = path.join(tmp, `${name}.prisma`);
  await writeFile(file, `${await readFile(DEFAULT_SCHEMA_PATH, 'utf8')}\n${extra}\n`);
  return file;
}

const EXTRA_MODEL = `model DriftProbe {
  id   String @id @default(uuid()) @db.Uuid
  name String
}`;

beforeAll(async () => {
  tmp = await mkdtemp(path.join(tmpdir(), 'amms-migrator-'));
});

afterAll(async () => {
  await dropDatabase(url);
  await rm(tmp, { recursive: true, force: true });
});

describe('createdb', () => {
  it('creates the database once and is idempotent, also when raced', async () => {
    expect(await createDatabase(url)).toBe(true);
    expect(await createDatabase(url)).toBe(false);
    await dropDatabase(url);
    const results = await Promise.all([1, 2, 3, 4].map(() => createDatabase(url)));
    expect(results.filter(Boolean)).toHaveLength(1);
    const exists = await withPg(withDatabase(url), (c) =>
      c.query('SELECT 1 FROM pg_database WHERE datname = $1', [databaseName(url)]),
    );
    expect(exists.rowCount).toBe(1);
  });
});

describe('reset-test', () => {
  it('drops the test database and its <name>_<suffix> siblings only, then creates it empty', async () => {
    const base = throwawayDatabaseUrl('amms_reset_test');
    const name = databaseName(base);
    const sibling = withDatabase(base, `${name}_know`);
    // a name that merely starts the same (no underscore after it) is someone else's
    const neighbour = withDatabase(base, `${name}x`);
    for (const u of [base, sibling, neighbour]) await createDatabase(u);
    await withPg(base, (c) => c.query('CREATE TABLE leftover (id int)'));
    try {
      expect(await resetTest({ databaseUrl: base, log: quiet })).toEqual([name, `${name}_know`]);
      const left = await withPg(withDatabase(base), (c) =>
        c.query<{ datname: string }>('SELECT datname FROM pg_database WHERE datname LIKE $1 ORDER BY datname', [
          `${name}%`,
        ]),
      );
      expect(left.rows.map((r) => r.datname)).toEqual([name, `${name}x`]);
      const tables = await withPg(base, (c) => c.query("SELECT 1 FROM pg_tables WHERE tablename = 'leftover'"));
      expect(tables.rowCount).toBe(0);
    } finally {
      for (const u of [base, sibling, neighbour]) await dropDatabase(u);
    }
  });

  it('refuses a database whose name does not say test', async () => {
    await expect(resetTest({ databaseUrl: withDatabase(url, 'amms_production_copy'), log: quiet })).rejects.toThrow(
      /refuses/,
    );
  });
});

describe('migrate', () => {
  it('applies init, then nothing on a second run', async () => {
    const folders = (await readMigrationsList(DEFAULT_MIGRATIONS_DIR)).migrationDirectories.map((d) => d.path);
    expect(folders.some((f) => f.endsWith('_init'))).toBe(true);

    const first = await migrate({ databaseUrl: url, log: quiet });
    expect(first.applied).toEqual(folders);
    const second = await migrate({ databaseUrl: url, log: quiet });
    expect(second.applied).toEqual([]);

    const rows = await withPg(url, (c) =>
      c.query<{ migration_name: string; finished_at: Date | null; rolled_back_at: Date | null }>(
        'SELECT migration_name, finished_at, rolled_back_at FROM _prisma_migrations ORDER BY migration_name',
      ),
    );
    expect(rows.rows.map((r) => r.migration_name)).toEqual(folders);
    expect(rows.rows.every((r) => r.finished_at !== null && r.rolled_back_at === null)).toBe(true);
  });

  it('installs btree_gist', async () => {
    const ext = await withPg(url, (c) => c.query("SELECT 1 FROM pg_extension WHERE extname = 'btree_gist'"));
    expect(ext.rowCount).toBe(1);
  });

  it('fails clearly on a broken migration and records it as failed', async () => {
    const dir = await migrationsCopy('broken');
    const brokenDir = path.join(dir, '29991231235959_broken');
    await mkdir(brokenDir);
    await writeFile(
      path.join(brokenDir, 'migration.sql'),
      'CREATE TABLE "Probe" (id int);\nSELECT * FROM "DoesNotExist";\n',
    );
    await expect(migrate({ databaseUrl: url, migrationsDir: dir, log: quiet })).rejects.toThrow(
      /DoesNotExist|Missing|does not exist/i,
    );
    await withPg(url, async (c) => {
      // The script ran as one implicit transaction: nothing of it stayed.
      expect((await c.query(`SELECT 1 FROM pg_tables WHERE tablename = 'Probe'`)).rowCount).toBe(0);
      const row = await c.query(
        `SELECT finished_at FROM _prisma_migrations WHERE migration_name = '29991231235959_broken'`,
      );
      expect(row.rows[0]?.finished_at).toBeNull();
      // Leave the database as the other tests expect it.
      await c.query(`DELETE FROM _prisma_migrations WHERE migration_name = '29991231235959_broken'`);
    });
  });
});

describe('AuditEvent append-only trigger', () => {
  const insert = `INSERT INTO "AuditEvent" (id, chain, seq, action, "actorType", data, hash, "createdAt")
                  VALUES (gen_random_uuid(), 'platform', $1, 'test.event', 'SYSTEM', '{}', 'h', now())`;

  it('refuses UPDATE, DELETE and TRUNCATE', async () => {
    await withPg(url, async (c) => {
      await c.query(insert, [1]);
      await expect(c.query(`UPDATE "AuditEvent" SET action = 'tampered'`)).rejects.toThrow('AuditEvent is append-only');
      await expect(c.query(`DELETE FROM "AuditEvent"`)).rejects.toThrow('AuditEvent is append-only');
      await expect(c.query(`TRUNCATE "AuditEvent"`)).rejects.toThrow('AuditEvent is append-only');
      const rows = await c.query(`SELECT action FROM "AuditEvent"`);
      expect(rows.rows).toEqual([{ action: 'test.event' }]);
    });
  });

  it('can be bypassed by a superuser with session_replication_role = replica (tamper simulation)', async () => {
    await withPg(url, async (c) => {
      await c.query(insert, [2]);
      await c.query('SET session_replication_role = replica');
      await c.query(`UPDATE "AuditEvent" SET action = 'tampered' WHERE seq = 2`);
      await c.query('RESET session_replication_role');
      expect((await c.query(`SELECT action FROM "AuditEvent" WHERE seq = 2`)).rows).toEqual([{ action: 'tampered' }]);
    });
  });
});

describe('check (drift gate)', () => {
  it('passes on the real migrations folder, whose init migration carries hand-written SQL', async () => {
    const init = (await readMigrationsList(DEFAULT_MIGRATIONS_DIR)).migrationDirectories.find((d) =>
      d.path.endsWith('_init'),
    );
    const sql = init?.migrationFile.content.tag === 'ok' ? init.migrationFile.content.value : '';
    expect(sql).toContain('CREATE TRIGGER "AuditEvent_append_only_row"');
    expect(sql).toContain('CREATE EXTENSION IF NOT EXISTS btree_gist');

    const result = await checkMigrations({ databaseUrl: url, log: quiet });
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
  });

  it('fails and prints the missing SQL when schema.prisma has a model the migrations lack', async () => {
    const lines: string[] = [];
    const schemaPath = await schemaWith('drift', EXTRA_MODEL);
    const result = await checkMigrations({ databaseUrl: url, schemaPath, log: (l) => lines.push(l) });
    expect(result.ok).toBe(false);
    expect(result.sql).toContain('CREATE TABLE "DriftProbe"');
    expect(lines.join('\n')).toContain('CREATE TABLE "DriftProbe"');
  });

  it('fails when a migration is missing from the folder', async () => {
    const dir = path.join(tmp, 'only-lock');
    await cp(path.join(DEFAULT_MIGRATIONS_DIR, 'migration_lock.toml'), path.join(dir, 'migration_lock.toml'));
    const result = await checkMigrations({ databaseUrl: url, migrationsDir: dir, log: quiet });
    expect(result.ok).toBe(false);
    expect(result.sql).toContain('CREATE TABLE "User"');
  });

  it('fails when migration_lock.toml is missing', async () => {
    const dir = await migrationsCopy('no-lock');
    await rm(path.join(dir, 'migration_lock.toml'));
    const result = await checkMigrations({ databaseUrl: url, migrationsDir: dir, log: quiet });
    expect(result.ok).toBe(false);
    expect(result.problems.join('\n')).toContain('migration_lock.toml is missing');
  });

  it('ignores exclusion constraints and partial indexes appended to a migration', async () => {
    const dir = await migrationsCopy('hand-written');
    const extra = path.join(dir, '29990101000000_hand_written');
    await mkdir(extra);
    await writeFile(
      path.join(extra, 'migration.sql'),
      `ALTER TABLE "Team" ADD CONSTRAINT "Team_no_overlap" EXCLUDE USING gist ("organizationId" WITH =, tstzrange("createdAt", "updatedAt") WITH &&);
CREATE INDEX "OutboxEvent_pending_idx" ON "OutboxEvent" ("availableAt") WHERE "dispatchedAt" IS NULL;
CREATE OR REPLACE FUNCTION "noop"() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END; $$;
`,
    );
    const result = await checkMigrations({ databaseUrl: url, migrationsDir: dir, log: quiet });
    expect(result.problems).toEqual([]);
  });
});

describe('create', () => {
  it('writes nothing when the schema has no changes', async () => {
    const dir = await migrationsCopy('create-empty');
    const before = await readdir(dir);
    const result = await createMigration({ databaseUrl: url, migrationsDir: dir, name: 'nothing', log: quiet });
    expect(result.file).toBeNull();
    expect(await readdir(dir)).toEqual(before);
  });

  it('writes <timestamp>_<name>/migration.sql with the diff, after which check passes', async () => {
    const dir = await migrationsCopy('create-new');
    const schemaPath = await schemaWith('create', EXTRA_MODEL);
    const result = await createMigration({
      databaseUrl: url,
      migrationsDir: dir,
      schemaPath,
      name: 'Add drift probe!',
      now: new Date('2999-01-02T03:04:05Z'),
      log: quiet,
    });
    expect(result.name).toBe('29990102030405_add_drift_probe');
    const sql = await readFile(path.join(dir, '29990102030405_add_drift_probe', 'migration.sql'), 'utf8');
    expect(sql).toContain('CREATE TABLE "DriftProbe"');
    expect(sql).not.toContain('AuditEvent'); // the hand-written trigger is not undone

    expect((await checkMigrations({ databaseUrl: url, migrationsDir: dir, schemaPath, log: quiet })).ok).toBe(true);
    // ...and the new migration applies on top of the real database.
    expect((await migrate({ databaseUrl: url, migrationsDir: dir, log: quiet })).applied).toEqual([
      '29990102030405_add_drift_probe',
    ]);
  });
});
