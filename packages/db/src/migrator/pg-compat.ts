// Makes @prisma/adapter-pg usable by the wasm schema engine. Two gaps in adapter-pg 7.10 (both
// hit by the migrator, not by PrismaClient):
//  1. Columns of Postgres type "char" (OID 18: pg_class.relkind, pg_constraint.contype, ...) throw
//     UnsupportedNativeDataType, and the engine's schema describer needs them as Character
//     values. Symptom: "Column type 'char' could not be deserialized from the database".
//  2. executeScript() splits the script on every ';' and sends the pieces one by one, which breaks
//     dollar-quoted function bodies ($$ ... ; ... $$), ';' inside string literals, and atomicity.
//     Here the whole script is sent as one simple-protocol query, like the native engine does
//     (Postgres runs a multi-statement simple query as one implicit transaction).
import { PrismaPg } from '@prisma/adapter-pg';
import {
  ColumnTypeEnum,
  DriverAdapterError,
  type ConnectionInfo,
  type IsolationLevel,
  type SqlDriverAdapter,
  type SqlQuery,
  type SqlResultSet,
  type Transaction,
} from '@prisma/driver-adapter-utils';
import pg from 'pg';

const PG_CHAR_OID = 18;
const PG_TEXT_OID = 25;
const CHAR_MARK = '\u0000pg_char';

interface FieldLike {
  name: string;
  dataTypeID: number;
}

/** Rewrites "char" columns to text (so adapter-pg accepts them) and marks their names. */
function markCharFields<T>(result: T): T {
  for (const r of Array.isArray(result) ? result : [result]) {
    const fields = (r as { fields?: FieldLike[] } | null | undefined)?.fields;
    if (!Array.isArray(fields)) continue;
    for (const f of fields) {
      if (f.dataTypeID === PG_CHAR_OID) {
        f.dataTypeID = PG_TEXT_OID;
        f.name += CHAR_MARK;
      }
    }
  }
  return result;
}

/** Turns marked columns back into their real name with the Character column type. */
function unmarkCharColumns(rs: SqlResultSet): SqlResultSet {
  rs.columnNames.forEach((name, i) => {
    if (name.endsWith(CHAR_MARK)) {
      rs.columnNames[i] = name.slice(0, -CHAR_MARK.length);
      rs.columnTypes[i] = ColumnTypeEnum.Character;
    }
  });
  return rs;
}

type AnyFn = (...args: unknown[]) => unknown;

function patchClientQuery(client: pg.PoolClient): void {
  const original = client.query.bind(client) as AnyFn;
  const patched: AnyFn = (...args) => {
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      const callback = last as (err: unknown, res: unknown) => void;
      args[args.length - 1] = (err: unknown, res: unknown) => callback(err, err ? res : markCharFields(res));
      return original(...args);
    }
    const ret = original(...args);
    return ret instanceof Promise ? ret.then(markCharFields) : ret;
  };
  Object.assign(client, { query: patched });
}

function lineOf(script: string, position: number): number {
  return script.slice(0, Math.max(0, position - 1)).split('\n').length;
}

function toDriverAdapterError(error: unknown, script: string): unknown {
  if (!(error instanceof pg.DatabaseError)) return error;
  const position = Number(error.position);
  const where = Number.isFinite(position) && position > 0 ? ` (line ${lineOf(script, position)} of the script)` : '';
  return new DriverAdapterError({
    kind: 'postgres',
    code: error.code ?? 'N/A',
    severity: error.severity ?? 'N/A',
    message: `${error.message}${where}`,
    detail: error.detail,
    column: error.column,
    hint: error.hint,
    originalCode: error.code,
    originalMessage: error.message,
  });
}

function wrapTransaction(tx: Transaction): Transaction {
  return new Proxy(tx, {
    get(target, prop) {
      if (prop === 'queryRaw') return async (q: SqlQuery) => unmarkCharColumns(await target.queryRaw(q));
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as AnyFn).bind(target) : value;
    },
  });
}

class MigratorPgAdapter implements SqlDriverAdapter {
  readonly provider = 'postgres' as const;
  readonly adapterName: string;
  #disposed: Promise<void> | undefined;

  constructor(
    private readonly inner: SqlDriverAdapter,
    private readonly pool: pg.Pool,
    private readonly afterDispose?: () => Promise<void>,
  ) {
    this.adapterName = inner.adapterName;
  }

  async queryRaw(query: SqlQuery): Promise<SqlResultSet> {
    return unmarkCharColumns(await this.inner.queryRaw(query));
  }

  executeRaw(query: SqlQuery): Promise<number> {
    return this.inner.executeRaw(query);
  }

  async executeScript(script: string): Promise<void> {
    try {
      await this.pool.query(script);
    } catch (error) {
      throw toDriverAdapterError(error, script);
    }
  }

  async startTransaction(isolationLevel?: IsolationLevel): Promise<Transaction> {
    return wrapTransaction(await this.inner.startTransaction(isolationLevel));
  }

  getConnectionInfo(): ConnectionInfo {
    return this.inner.getConnectionInfo?.() ?? { supportsRelationJoins: true };
  }

  /** Idempotent: the engine may dispose an adapter, and so does the migrator's cleanup. */
  dispose(): Promise<void> {
    this.#disposed ??= (async () => {
      try {
        await this.inner.dispose();
      } finally {
        await this.afterDispose?.();
      }
    })();
    return this.#disposed;
  }
}

/**
 * A single-connection adapter for the schema engine. One connection, like the native engine:
 * the advisory lock the engine takes (pg_advisory_lock) and the migration scripts share a session.
 */
export async function connectMigratorAdapter(
  connectionString: string,
  afterDispose?: () => Promise<void>,
): Promise<SqlDriverAdapter> {
  const pool = new pg.Pool({ connectionString, max: 1, connectionTimeoutMillis: 60_000 });
  pool.on('connect', patchClientQuery);
  pool.on('error', () => {
    /* idle client errors surface on the next query */
  });
  const inner = await new PrismaPg(pool, { disposeExternalPool: true }).connect();
  return new MigratorPgAdapter(inner, pool, afterDispose);
}
