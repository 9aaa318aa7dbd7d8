import { createPrismaClient, databaseUrlFromEnv } from '@amms/db';
import { seedDemo } from './seed.js';

const db = createPrismaClient(databaseUrlFromEnv(), { max: 2 });
try {
  const t0 = performance.now();
  const r = await seedDemo(db);
  console.log(`seed: ${r.created} rows created, ${r.unchanged} already present (${Math.round(performance.now() - t0)} ms)`);
} catch (err) {
  console.error('seed failed:', err);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
