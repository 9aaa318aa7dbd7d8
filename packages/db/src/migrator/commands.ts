import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDatabase, databaseName, dropTestDatabases, withDatabase } from './database.js';
import { NO_FILTER, withSchemaEngine, type SchemaEngine } from './engine.js';
import {
  LOCKFILE_NAME,
  MIGRATION_FILE,
  ensureLockfile,
  migrationTimestamp,
  normalizeMigrationName,
  readMigrationsList,
} from './migrations.js';

/** <repo>/prisma, found from this file (src/migrator or dist/migrator). */
export const DEFAULT_PRISMA_DIR = fileURLToPath(new URL('../../../../prisma/', import.meta.url));
export const DEFAULT_SCHEMA_PATH = path.join(DEFAULT_PRISMA_DIR, 'schema.prisma');
export const DEFAULT_MIGRATIONS_DIR = path.join(DEFAULT_PRISMA_DIR, 'migrations');

export type Log = (line: string) => void;

export interface MigratorOptions {
  databaseUrl: string;
  /** Default: <repo>/prisma/migrations */
  migrationsDir?: string;
  /** Default: <repo>/prisma/schema.prisma */
  schemaPath?: string;
  log?: Log;
  /** Engine log lines (JSON). */
  onEngineLog?: Log;
}

const EMPTY_DIFF_MARKER = '-- This is an empty migration.';

async function schemaFiles(schemaPath: string) {
  return [{ path: path.resolve(schemaPath), content: await readFile(schemaPath, 'utf8') }];
}

/** reset-test: drop the test database and its suffixed siblings, then create it empty. */
export async function resetTest(options: Pick<MigratorOptions, 'databaseUrl' | 'log'>): Promise<string[]> {
  const log = options.log ?? console.log;
  const dropped = await dropTestDatabases(options.databaseUrl);
  await createDatabase(options.databaseUrl);
  log(
    `Dropped ${dropped.length ? dropped.join(', ') : 'nothing'}; created ${databaseName(options.databaseUrl)} empty.`,
  );
  return dropped;
}

/** createdb: CREATE DATABASE if it does not exist. */
export async function createdb(options: Pick<MigratorOptions, 'databaseUrl' | 'log'>): Promise<boolean> {
  const log = options.log ?? console.log;
  const created = await createDatabase(options.databaseUrl);
  log(
    created
      ? `Created database ${databaseName(options.databaseUrl)}.`
      : `Database ${databaseName(options.databaseUrl)} already exists.`,
  );
  return created;
}

export interface MigrateResult {
  createdDatabase: boolean;
  applied: string[];
}

/** migrate: apply pending migrations (creates the database first if needed), like `prisma migrate deploy`. */
export async function migrate(options: MigratorOptions): Promise<MigrateResult> {
  const log = options.log ?? console.log;
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const createdDatabase = await createDatabase(options.databaseUrl);
  if (createdDatabase) log(`Created database ${databaseName(options.databaseUrl)}.`);
  const migrationsList = await readMigrationsList(migrationsDir);
  const { appliedMigrationNames } = await withSchemaEngine(
    { databaseUrl: options.databaseUrl, onLog: options.onEngineLog },
    (engine) => engine.applyMigrations({ migrationsList, filters: NO_FILTER }),
  );
  const total = migrationsList.migrationDirectories.length;
  if (appliedMigrationNames.length === 0) {
    log(`No pending migrations (${total} in ${migrationsDir}, all applied to ${databaseName(options.databaseUrl)}).`);
  } else {
    log(`Applied ${appliedMigrationNames.length} migration(s) to ${databaseName(options.databaseUrl)}:`);
    for (const name of appliedMigrationNames) log(`  ${name}`);
  }
  return { createdDatabase, applied: appliedMigrationNames };
}

/**
 * SQL that takes a database built from the migrations folder to the Prisma schema. The folder is
 * replayed into a temporary shadow database, so hand-written SQL in migrations is respected, and
 * objects Prisma does not model (functions, triggers, extensions, exclusion constraints) are not
 * part of the comparison. The engine session connects to the server's maintenance database
 * (`postgres`): the target database is neither needed nor touched.
 */
export async function diffMigrationsToSchema(options: MigratorOptions): Promise<{ empty: boolean; sql: string }> {
  const migrationsList = await readMigrationsList(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  const files = await schemaFiles(options.schemaPath ?? DEFAULT_SCHEMA_PATH);
  const result = await withSchemaEngine(
    { databaseUrl: withDatabase(options.databaseUrl), schemaFiles: files, onLog: options.onEngineLog },
    (engine: SchemaEngine) =>
      engine.diff({
        from: { tag: 'migrations', ...migrationsList },
        to: { tag: 'schemaDatamodel', files },
        script: true,
        exitCode: true,
        filters: NO_FILTER,
      }),
  );
  const sql = result.stdout ?? '';
  const empty = result.exitCode === 0 || sql.trim() === '' || sql.trim() === EMPTY_DIFF_MARKER;
  return { empty, sql: empty ? '' : sql };
}

export interface CreateMigrationResult {
  /** Folder name, e.g. 20261202131500_init; null when the schema had no changes. */
  name: string | null;
  file: string | null;
  sql: string;
}

/** create <name>: write prisma/migrations/<timestamp>_<name>/migration.sql from the diff. */
export async function createMigration(
  options: MigratorOptions & { name: string; now?: Date },
): Promise<CreateMigrationResult> {
  const log = options.log ?? console.log;
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const slug = normalizeMigrationName(options.name);
  // The engine needs the lockfile to know the connector of the migrations folder.
  if (await ensureLockfile(migrationsDir)) log(`Wrote ${path.join(migrationsDir, LOCKFILE_NAME)}.`);
  const { empty, sql } = await diffMigrationsToSchema(options);
  if (empty) {
    log('No schema changes: the migrations already produce schema.prisma. Nothing written.');
    return { name: null, file: null, sql: '' };
  }
  const name = `${migrationTimestamp(options.now)}_${slug}`;
  const dir = path.join(migrationsDir, name);
  const file = path.join(dir, MIGRATION_FILE);
  await mkdir(dir); // fails if a migration with this name exists
  await writeFile(file, sql, { flag: 'wx' });
  log(`Created ${file}`);
  return { name, file, sql };
}

/**
 * resolve: the way out of P3009 ("migrate found failed migrations") after fixing the database by
 * hand, like `prisma migrate resolve --rolled-back|--applied <name>`.
 */
export async function resolveMigration(
  options: MigratorOptions & { rolledBack?: string; applied?: string },
): Promise<void> {
  const log = options.log ?? console.log;
  const { rolledBack, applied } = options;
  if (!rolledBack === !applied)
    throw new Error('resolve needs exactly one of --rolled-back <name> or --applied <name>');
  const migrationsList = await readMigrationsList(options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR);
  await withSchemaEngine({ databaseUrl: options.databaseUrl, onLog: options.onEngineLog }, async (engine) => {
    if (rolledBack) await engine.markMigrationRolledBack({ migrationName: rolledBack });
    if (applied) await engine.markMigrationApplied({ migrationName: applied, migrationsList });
  });
  log(rolledBack ? `Marked ${rolledBack} as rolled back.` : `Marked ${applied} as applied.`);
}

export interface CheckResult {
  ok: boolean;
  /** Missing SQL when the migrations do not produce the schema. */
  sql: string;
  problems: string[];
}

/** check: the CI drift gate. ok only if the migrations folder produces exactly schema.prisma. */
export async function checkMigrations(options: MigratorOptions): Promise<CheckResult> {
  const log = options.log ?? console.log;
  const migrationsDir = options.migrationsDir ?? DEFAULT_MIGRATIONS_DIR;
  const problems: string[] = [];
  const list = await readMigrationsList(migrationsDir);
  if (list.lockfile.content === null) problems.push(`${path.join(migrationsDir, LOCKFILE_NAME)} is missing.`);
  else if (!/provider\s*=\s*"postgresql"/.test(list.lockfile.content))
    problems.push(`${LOCKFILE_NAME} does not say provider = "postgresql".`);
  for (const d of list.migrationDirectories) {
    if (d.migrationFile.content.tag === 'error')
      problems.push(`${d.path}/${MIGRATION_FILE} cannot be read: ${d.migrationFile.content.value}`);
  }
  const { empty, sql } = problems.length === 0 ? await diffMigrationsToSchema(options) : { empty: false, sql: '' };
  if (!empty && sql) {
    problems.push(
      `The migrations in ${migrationsDir} do not produce ${options.schemaPath ?? DEFAULT_SCHEMA_PATH}. ` +
        'Create a migration (npm run db:migration -- <name>). Missing SQL:\n' +
        sql,
    );
  }
  const ok = problems.length === 0;
  if (ok) log(`OK: ${list.migrationDirectories.length} migration(s) produce schema.prisma exactly.`);
  else for (const p of problems) log(`DRIFT: ${p}`);
  return { ok, sql, problems };
}
