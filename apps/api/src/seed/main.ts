import { parseArgs } from 'node:util';
import { createPrismaClient, databaseUrlFromEnv } from '@amms/db';
import { seedDemo } from './seed.js';

// npm run db:seed [-- --scale N] [-- --reset-business]
const { values } = parseArgs({
  options: { scale: { type: 'string', default: '1' }, 'reset-business': { type: 'boolean', default: false } },
  strict: true,
});

const db = createPrismaClient(databaseUrlFromEnv(), { max: 2 });
try {
  const t0 = performance.now();
  const r = await seedDemo(db, { scale: Number(values.scale), resetBusiness: values['reset-business'] });
  console.log(`seed: ${r.created} users/orgs/teams/memberships created, ${r.unchanged} already present; catalog: ${r.catalogCreated} models created`);
  for (const [slug, b] of Object.entries(r.business)) {
    if (b === 'unchanged') console.log(`seed: ${slug}: business data unchanged (the org already has assets; --reset-business reloads it)`);
    else console.log(`seed: ${slug}: ${Object.entries(b).map(([k, n]) => `${n} ${k}`).join(', ')}`);
  }
  console.log(`seed: done in ${((performance.now() - t0) / 1000).toFixed(1)} s (scale ${values.scale})`);
} catch (err) {
  console.error('seed failed:', err);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
