// Prisma CLI configuration (Prisma 7 reads the datasource URL from here, not from schema.prisma).
// Offline, only `prisma generate` works (see README.md); migrations go through the wasm migrator
// in src/migrator. On a machine that has the engine binaries, `npx prisma migrate deploy` run from
// this folder applies the same migrations folder.
import { defineConfig } from 'prisma/config';

export default defineConfig({
  schema: '../../prisma/schema.prisma',
  migrations: { path: '../../prisma/migrations' },
  datasource: { url: process.env.DATABASE_URL || 'postgresql://postgres@127.0.0.1:5432/amms' },
});
