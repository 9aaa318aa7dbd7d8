import { parseArgs } from 'node:util';
import { createPrismaClient, databaseUrlFromEnv } from '@amms/db';
import { parseConfig } from '../platform/config/config.js';
import { seedDemo } from './seed.js';

// npm run db:seed [-- --scale N] [-- --reset-business] [-- --no-manuals]
const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    'reset-business': { type: 'boolean', default: false },
    'no-manuals': { type: 'boolean', default: false },
  },
  strict: true,
});

const db = createPrismaClient(databaseUrlFromEnv(), { max: 2 });
try {
  const t0 = performance.now();
  // the seed signs no tokens: it reads the config for the blob store and the knowledge limits only,
  // so a missing JWT secret (npm test's seed step, the benches) must not stop it
  const manuals = values['no-manuals']
    ? undefined
    : parseConfig({ JWT_ACCESS_SECRET: 'the-seed-signs-no-tokens-0000000000000', ...process.env });
  const r = await seedDemo(db, { scale: Number(values.scale), resetBusiness: values['reset-business'], manuals });
  console.log(
    `seed: ${r.created} users/orgs/teams/memberships created, ${r.unchanged} already present; catalog: ${r.catalogCreated} models created`,
  );
  for (const [slug, b] of Object.entries(r.business)) {
    if (b === 'unchanged')
      console.log(`seed: ${slug}: business data unchanged (the org already has assets; --reset-business reloads it)`);
    else
      console.log(
        `seed: ${slug}: ${Object.entries(b)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}`,
      );
  }
  if (r.manuals)
    console.log(
      `seed: manuals (platform library): ${r.manuals.created} created, ${r.manuals.versioned} new versions, ${r.manuals.unchanged} unchanged; the worker ingests new ones`,
    );
  console.log(`seed: done in ${((performance.now() - t0) / 1000).toFixed(1)} s (scale ${values.scale})`);
} catch (err) {
  console.error('seed failed:', err);
  process.exitCode = 1;
} finally {
  await db.$disconnect();
}
