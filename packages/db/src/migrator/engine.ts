// Loads @prisma/schema-engine-wasm without --experimental-wasm-modules and opens engine sessions
// on the pg driver adapter. No engine binary is involved anywhere.
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
} from '@prisma/driver-adapter-utils';
import * as glue from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaContainer, SchemaEngine, SchemaFilter } from '@prisma/schema-engine-wasm/schema_engine_bg';
import { createDatabase, dropDatabase, randomDatabaseName, withDatabase } from './database.js';
import { connectMigratorAdapter } from './pg-compat.js';

export type { SchemaEngine };

export const NO_FILTER: SchemaFilter = { externalTables: [], externalEnums: [] };
export const SHADOW_DB_PREFIX = 'amms_shadow';

// The tsconfig lib (ES2023, no DOM) has no WebAssembly typings; this is the part used here.
interface WasmApi {
  instantiate(
    bytes: Uint8Array,
    imports: Record<string, Record<string, unknown>>,
  ): Promise<{ instance: { exports: Record<string, unknown> } }>;
}
type PanicRegistry = { set_message(message: string): void };
let wasmReady: Promise<void> | undefined;
let lastPanic: string | undefined;

/**
 * The package's main entry does `import * as wasm from "./schema_engine_bg.wasm"`, which plain
 * Node refuses ("Unknown file extension .wasm"). Instead: import the JS glue, instantiate the
 * sibling .wasm with the glue as its import module, hand the exports back to the glue, start it.
 */
export function loadSchemaEngineWasm(): Promise<void> {
  wasmReady ??= (async () => {
    const g = globalThis as { PRISMA_WASM_PANIC_REGISTRY?: PanicRegistry };
    // Without a registry, a Rust panic shows up only as "RuntimeError: unreachable".
    g.PRISMA_WASM_PANIC_REGISTRY ??= { set_message: (message) => void (lastPanic = message) };
    const gluePath = createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm/schema_engine_bg');
    const bytes = await readFile(gluePath.replace(/\.js$/, '.wasm'));
    const imports = { './schema_engine_bg.js': glue as unknown as Record<string, unknown> };
    const { instance } = await (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly.instantiate(
      bytes,
      imports,
    );
    glue.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as () => void)();
  })();
  return wasmReady;
}

/** One-line description of an engine error (adds the Prisma error code and any panic message). */
export function describeEngineError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = 'code' in error && typeof error.code === 'string' ? ` [${error.code}]` : '';
  const panic = lastPanic && error.message.includes('unreachable') ? `\nschema engine panic: ${lastPanic}` : '';
  const migration = /migration_name="([^"]+)"/.exec(error.message)?.[1];
  // Drop the engine's span trace ("   0: sql_schema_connector::... at ...rs:123").
  const message = error.message.replace(/\n\s+\d+: [\s\S]*$/, '').trim();
  return `${message}${code}${migration ? `\nmigration: ${migration}` : ''}${panic}${missingExtensionHint(message)}`;
}

/**
 * The migrations need PostGIS (field boundaries). A server without it fails with Postgres'
 * "extension "postgis" is not available" / "could not open extension control file": say what to
 * install instead of leaving the reader with the raw error.
 */
export function missingExtensionHint(message: string): string {
  if (!/postgis/i.test(message) || !/not available|control file|does not exist/i.test(message)) return '';
  return (
    '\nPostGIS is not installed on this Postgres server. Debian/Ubuntu: `apt-get install -y ' +
    'postgresql-<major>-postgis-3` (the major of the running server, e.g. postgresql-15-postgis-3; no restart ' +
    'needed); Docker: use the postgis/postgis image (docker-compose.yml does); managed Postgres: enable the ' +
    'postgis extension. Then run the migrations again.'
  );
}

export interface EngineSession {
  engine: SchemaEngine;
  /** Disposes every adapter (ends the pg pools) and drops any shadow database left behind. */
  close(): Promise<void>;
}

export interface OpenEngineOptions {
  /** Database the engine connects to at once (it must exist and be reachable). */
  databaseUrl: string;
  /** Prisma schema files, if the command needs them. */
  schemaFiles?: SchemaContainer[];
  /** Engine log lines (JSON), for debugging. */
  onLog?: (line: string) => void;
}

/**
 * Opens a schema engine on `databaseUrl`. Whenever the engine asks for a shadow database (diffs
 * from a migrations folder), a fresh `amms_shadow_<random>` database is created on the same
 * server and dropped when the engine releases it, or at close() at the latest.
 */
export async function openSchemaEngine(options: OpenEngineOptions): Promise<EngineSession> {
  await loadSchemaEngineWasm();
  const adapters: SqlDriverAdapter[] = [];
  const shadowUrls = new Set<string>();

  const factory: SqlMigrationAwareDriverAdapterFactory = {
    provider: 'postgres',
    adapterName: '@prisma/adapter-pg',
    async connect() {
      const adapter = await connectMigratorAdapter(options.databaseUrl);
      adapters.push(adapter);
      return adapter;
    },
    // adapter-pg's own connectToShadowDb is not used: with a connectionString its pool ignores the
    // shadow database name (the URL wins in pg), so it would run the migrations on the main DB.
    async connectToShadowDb() {
      const shadowUrl = withDatabase(options.databaseUrl, randomDatabaseName(SHADOW_DB_PREFIX));
      await createDatabase(shadowUrl);
      shadowUrls.add(shadowUrl);
      const adapter = await connectMigratorAdapter(shadowUrl, async () => {
        await dropDatabase(shadowUrl);
        shadowUrls.delete(shadowUrl);
      });
      adapters.push(adapter);
      return adapter;
    },
  };

  const close = async (): Promise<void> => {
    const errors: unknown[] = [];
    for (const adapter of adapters) await adapter.dispose().catch((e: unknown) => errors.push(e));
    for (const url of shadowUrls) await dropDatabase(url).catch((e: unknown) => errors.push(e));
    if (errors.length > 0) throw new AggregateError(errors, 'failed to clean up after the schema engine');
  };

  try {
    const engine = await glue.SchemaEngine.new(
      { datamodels: options.schemaFiles?.map((f): [string, string] => [f.path, f.content]) },
      (line: string) => options.onLog?.(line),
      bindMigrationAwareSqlAdapterFactory(factory),
    );
    return { engine, close };
  } catch (error) {
    await close().catch(() => undefined);
    throw error;
  }
}

/** Runs fn with an engine session and always closes it. */
export async function withSchemaEngine<T>(
  options: OpenEngineOptions,
  fn: (engine: SchemaEngine) => Promise<T>,
): Promise<T> {
  const session = await openSchemaEngine(options);
  try {
    return await fn(session.engine);
  } finally {
    await session.close();
  }
}
