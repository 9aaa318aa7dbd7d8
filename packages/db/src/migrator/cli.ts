#!/usr/bin/env node
// Offline migrator CLI (no Prisma engine binaries). See packages/db/README.md.
//   node dist/migrator/cli.js createdb | reset-test | migrate | create <name> | check [--schema <file>] [--migrations <dir>]
// DATABASE_URL comes from the environment (default postgresql://postgres@127.0.0.1:5432/amms).
import { parseArgs } from 'node:util';
import { databaseUrlFromEnv } from './env.js';
import {
  checkMigrations,
  createdb,
  createMigration,
  migrate,
  resetTest,
  resolveMigration,
  type MigratorOptions,
} from './commands.js';
import { redactUrl } from './database.js';
import { describeEngineError } from './engine.js';

const USAGE = `usage: cli.js <command> [--schema <schema.prisma>] [--migrations <dir>]
  createdb        create the database named in DATABASE_URL if it does not exist
  reset-test      drop the test database in DATABASE_URL (its name must say test) and every
                  <name>_<suffix> database its test files made, then create it empty
  migrate         apply pending migrations (creates the database if needed)
  create <name>   write a new migration from the difference migrations -> schema.prisma
  check           fail if the migrations do not produce schema.prisma exactly (CI drift gate)
  resolve --rolled-back <name> | --applied <name>
                  mark a failed migration rolled back / applied (after fixing the DB by hand)`;

async function main(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      schema: { type: 'string' },
      migrations: { type: 'string' },
      verbose: { type: 'boolean', default: false },
      'rolled-back': { type: 'string' },
      applied: { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
  const [command, ...rest] = positionals;
  if (values.help || !command) {
    console.log(USAGE);
    return command || values.help ? 0 : 2;
  }
  const options: MigratorOptions = {
    databaseUrl: databaseUrlFromEnv(),
    ...(values.schema ? { schemaPath: values.schema } : {}),
    ...(values.migrations ? { migrationsDir: values.migrations } : {}),
    ...(values.verbose ? { onEngineLog: (line: string) => console.error(line) } : {}),
  };
  switch (command) {
    case 'createdb':
      await createdb(options);
      return 0;
    case 'reset-test':
      await resetTest(options);
      return 0;
    case 'migrate':
      await migrate(options);
      return 0;
    case 'create': {
      const name = rest.join('_');
      if (!name) {
        console.error('create needs a migration name, e.g. `npm run db:migration -- add_jobs`');
        return 2;
      }
      await createMigration({ ...options, name });
      return 0;
    }
    case 'check':
      return (await checkMigrations(options)).ok ? 0 : 1;
    case 'resolve':
      await resolveMigration({ ...options, rolledBack: values['rolled-back'], applied: values.applied });
      return 0;
    default:
      console.error(`unknown command: ${command}\n${USAGE}`);
      return 2;
  }
}

// Exit explicitly: the wasm schema engine leaves a timer running after its work is done.
main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `migrator ${process.argv[2] ?? ''} failed (${redactUrl(databaseUrlFromEnv())}):\n${describeEngineError(error)}`,
    );
    process.exit(1);
  },
);
