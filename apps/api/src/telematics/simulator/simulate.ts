import { createPrismaClient } from '@amms/db';
import { FakeAempServer } from './aemp-server.js';
import { RouteFleet } from './route-fleet.js';

/**
 * `npm run telematics:simulate`: an ISO 15143-3 (AEMP 2.0) endpoint for the demo fleet, locally.
 * It reads the machines (serial numbers) and fields (centres) of an org from DATABASE_URL and
 * serves them driving between the fields (RouteFleet): connect it as a telematics source (base URL
 * printed below, HTTP Basic) and the map and the hours move, with one fault code each afternoon.
 *
 * Env: DATABASE_URL; TELEMATICS_SIM_ORG (slug; default the first org with machines);
 * TELEMATICS_SIM_PORT (default 4700); TELEMATICS_SIM_USER / TELEMATICS_SIM_SECRET (default sim / sim-secret).
 * The API must be allowed to reach it: WEBHOOK_ALLOW_HOSTS=127.0.0.1 (a loopback address).
 */
async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is required (the demo fleet is read from it)');
  const db = createPrismaClient(url, { max: 2 });
  const slug = process.env.TELEMATICS_SIM_ORG;
  const org = await db.organization.findFirst({
    where: slug ? { slug } : { assets: { some: { deletedAt: null } } },
    orderBy: { createdAt: 'asc' },
  });
  if (!org) throw new Error(slug ? `no org ${slug}` : 'no org with machines: run the seed first');
  const assets = await db.asset.findMany({
    where: { organizationId: org.id, deletedAt: null },
    include: { model: true, meterReadings: { orderBy: { readAt: 'desc' }, take: 1 } },
    orderBy: { name: 'asc' },
  });
  const fields = await db.field.findMany({
    where: { organizationId: org.id, latitude: { not: null }, longitude: { not: null } },
    orderBy: { name: 'asc' },
  });
  await db.$disconnect();
  const machines = assets.map((a, i) => ({
    equipmentId: `SIM-${String(i + 1).padStart(4, '0')}`,
    serialNumber: a.serialNumber,
    oemName: a.model.manufacturer,
    model: a.model.name,
    startHours: Number(a.meterReadings[0]?.readingHours ?? 0),
  }));
  const places = fields.map((f) => ({ name: f.name, lat: Number(f.latitude), lon: Number(f.longitude) }));
  const user = process.env.TELEMATICS_SIM_USER ?? 'sim';
  const secret = process.env.TELEMATICS_SIM_SECRET ?? 'sim-secret';
  const server = new FakeAempServer({ model: new RouteFleet(machines, places), username: user, secret, pageSize: 50 });
  const base = await server.listen(Number(process.env.TELEMATICS_SIM_PORT ?? 4700));
  console.log(`AEMP 2.0 simulator for ${org.name}: ${machines.length} machines, ${places.length} fields`);
  console.log(`  base URL ${base}  (HTTP Basic ${user} / ${secret})`);
  console.log(
    `  POST /api/v1/orgs/${org.id}/telematics/sources {"name":"Simulator","baseUrl":"${base}","authKind":"BASIC","username":"${user}","secret":"${secret}"}`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
