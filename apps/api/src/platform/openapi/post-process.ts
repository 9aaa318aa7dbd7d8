// Turns what @nestjs/swagger writes (OpenAPI 3.0 with zod's JSON Schema 2020-12 pasted in) into
// a valid OpenAPI 3.1 document: clean schemas, every path parameter declared, security per
// operation from the route's access rule, the shared error / pagination components referenced,
// an operationId and a summary everywhere. Generic on purpose: no controller lists anything.
import type { AccessRule } from '../access/decorators.js';
import { ERROR_RESPONSES, ref, SECURITY, sharedComponents } from './components.js';
import { cleanSchema, isObject, type Json, type JsonObject, type SchemaContext } from './json-schema.js';
import { deriveSummary, operationIdOf } from './naming.js';

/** What the app's metadata says about one handler (keyed by the raw operationId `Controller_handler`). */
export interface RouteMeta {
  controller: string;
  handler: string;
  rule: AccessRule | undefined;
  idempotent: boolean;
  rateLimited: boolean;
}

export interface DocumentInfo {
  title: string;
  version: string;
  description: string;
}

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;
const STATUS_TEXT: Record<string, string> = { '200': 'OK', '201': 'Created', '202': 'Accepted', '204': 'No content' };

export function postProcess(raw: JsonObject, routes: ReadonlyMap<string, RouteMeta>, info: DocumentInfo): JsonObject {
  const components = sharedComponents();
  const schemas = components.schemas as JsonObject;
  const ctx: SchemaContext = {
    reserve(name) {
      let unique = name.replace(/[^A-Za-z0-9._-]/g, '_') || 'Schema';
      for (let i = 2; unique in schemas; i += 1) unique = `${name}_${i}`;
      schemas[unique] = {};
      return `#/components/schemas/${unique}`;
    },
    define(r, schema) {
      schemas[r.slice('#/components/schemas/'.length)] = schema;
    },
  };
  // schemas @nestjs/swagger registered itself (extraModels) are kept, cleaned
  const rawComponents = isObject(raw.components) ? raw.components : {};
  if (isObject(rawComponents.schemas))
    for (const [n, s] of Object.entries(rawComponents.schemas)) schemas[n] = cleanSchema(s, ctx);

  const usedIds = new Set<string>();
  const paths: JsonObject = {};
  for (const [path, item] of Object.entries(isObject(raw.paths) ? raw.paths : {})) {
    if (!isObject(item)) continue;
    const out: JsonObject = {};
    for (const [method, op] of Object.entries(item)) {
      out[method] =
        (METHODS as readonly string[]).includes(method) && isObject(op)
          ? operation(method, path, op, routes, usedIds, ctx)
          : op;
    }
    paths[path] = out;
  }

  const usedTags = new Set<string>();
  for (const item of Object.values(paths))
    for (const op of Object.values(item as JsonObject))
      if (isObject(op) && Array.isArray(op.tags)) op.tags.forEach((t) => usedTags.add(String(t)));
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    // relative: the API's own origin (the document is served by the API it describes)
    servers: [
      { url: '/', description: 'The origin this document was served from (e.g. http://localhost:3001 in development)' },
    ],
    tags: [...usedTags].sort().map((name) => ({ name, description: `Operations on ${name.replace(/-/g, ' ')}` })),
    paths,
    components,
  };
}

function operation(
  method: string,
  path: string,
  op: JsonObject,
  routes: ReadonlyMap<string, RouteMeta>,
  usedIds: Set<string>,
  ctx: SchemaContext,
): JsonObject {
  const rawId = typeof op.operationId === 'string' ? op.operationId : `${method}_${path}`;
  const meta = routes.get(rawId);
  const out: JsonObject = { ...op };

  let id = meta ? operationIdOf(meta.controller, meta.handler) : rawId.replace(/[^A-Za-z0-9_.-]/g, '_');
  for (let i = 2; usedIds.has(id); i += 1) id = `${meta ? operationIdOf(meta.controller, meta.handler) : rawId}_${i}`;
  usedIds.add(id);
  out.operationId = id;
  if (typeof op.summary !== 'string' || op.summary.trim() === '')
    out.summary = deriveSummary(method, path, meta?.handler ?? method);

  const rule = meta?.rule;
  out.security = securityOf(rule);
  const access = accessText(rule);
  if (access)
    out.description = typeof op.description === 'string' && op.description ? `${op.description}\n\n${access}` : access;

  out.parameters = parameters(path, Array.isArray(op.parameters) ? op.parameters : [], meta, ctx);
  if (isObject(op.requestBody)) out.requestBody = mediaSchemas(op.requestBody, ctx);
  out.responses = responses(method, path, op, out, rule, meta, ctx);
  return out;
}

function securityOf(rule: AccessRule | undefined): Json {
  if (rule?.kind === 'public') return [];
  if (rule?.kind === 'authenticated' || rule?.kind === 'platformAdmin') return [{ [SECURITY.bearer]: [] }];
  return [{ [SECURITY.bearer]: [] }, { [SECURITY.apiKey]: [] }];
}

function accessText(rule: AccessRule | undefined): string {
  switch (rule?.kind) {
    case 'public':
      return 'Access: public (no credentials).';
    case 'authenticated':
      return 'Access: a signed-in user (Bearer token; not an API key).';
    case 'platformAdmin':
      return 'Access: a platform admin (Bearer token).';
    case 'permission':
      return `Access: permission \`${rule.permission}\`${rule.or?.length ? ` (or ${rule.or.map((p) => `\`${p}\``).join(', ')})` : ''} in the org (a member's role or an API key's scopes).`;
    default:
      return '';
  }
}

const PAGE_LIMIT = JSON.stringify({ default: 50, type: 'integer', minimum: 1, maximum: 200 });
const PAGE_CURSOR = JSON.stringify({ type: 'string', minLength: 1, maxLength: 500 });
const sameSchema = (s: Json | undefined, expected: string) =>
  isObject(s) &&
  JSON.stringify(Object.fromEntries(Object.entries(s).sort(([a], [b]) => a.localeCompare(b)))) ===
    JSON.stringify(
      Object.fromEntries(Object.entries(JSON.parse(expected) as JsonObject).sort(([a], [b]) => a.localeCompare(b))),
    );

function parameters(path: string, given: Json[], meta: RouteMeta | undefined, ctx: SchemaContext): Json[] {
  const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const out: Json[] = [];
  const declared = new Set<string>();
  for (const p of given) {
    if (!isObject(p)) continue;
    const name = String(p.name);
    if (p.in === 'path') {
      // a parameter the path does not have is dropped; orgId is the shared one
      if (!inPath.includes(name) || declared.has(name)) continue;
      declared.add(name);
      out.push(name === 'orgId' ? ref('parameters', 'OrgId') : cleanParam({ ...p, required: true }, ctx));
      continue;
    }
    if (p.in === 'query' && name === 'limit' && sameSchema(p.schema, PAGE_LIMIT))
      out.push(ref('parameters', 'PageLimit'));
    else if (p.in === 'query' && name === 'cursor' && sameSchema(p.schema, PAGE_CURSOR))
      out.push(ref('parameters', 'PageCursor'));
    else out.push(cleanParam(p, ctx));
  }
  // every {name} of the template is declared, first and in order (Nest omits those it has no metadata for)
  const missing = inPath
    .filter((n) => !declared.has(n))
    .map((name): Json =>
      name === 'orgId'
        ? ref('parameters', 'OrgId')
        : {
            name,
            in: 'path',
            required: true,
            schema: /id$/i.test(name) ? { type: 'string', format: 'uuid' } : { type: 'string' },
          },
    );
  if (meta?.idempotent) out.push(ref('parameters', 'IdempotencyKey'));
  return [...missing, ...out];
}

function cleanParam(p: JsonObject, ctx: SchemaContext): JsonObject {
  const out: JsonObject = { ...p };
  if (p.schema !== undefined) out.schema = cleanSchema(p.schema, ctx);
  if (out.required === undefined) delete out.required;
  return out;
}

function mediaSchemas(holder: JsonObject, ctx: SchemaContext): JsonObject {
  const out: JsonObject = { ...holder };
  if (isObject(holder.content)) {
    out.content = Object.fromEntries(
      Object.entries(holder.content).map(([type, media]) => [
        type,
        isObject(media) && media.schema !== undefined ? { ...media, schema: cleanSchema(media.schema, ctx) } : media,
      ]),
    );
  }
  return out;
}

/** `{ items: [...], nextCursor }` responses: the cursor is the shared, documented NextCursor. */
function markPage(schema: Json): Json {
  if (!isObject(schema) || !isObject(schema.properties)) return schema;
  const props = schema.properties;
  if (!isObject(props.items) || props.items.type !== 'array' || !('nextCursor' in props)) return schema;
  return { ...schema, properties: { ...props, nextCursor: ref('schemas', 'NextCursor') } };
}

function responses(
  method: string,
  path: string,
  op: JsonObject,
  out: JsonObject,
  rule: AccessRule | undefined,
  meta: RouteMeta | undefined,
  ctx: SchemaContext,
): JsonObject {
  const res: JsonObject = {};
  for (const [status, r] of Object.entries(isObject(op.responses) ? op.responses : {})) {
    if (!isObject(r)) continue;
    const cleaned = mediaSchemas(r, ctx);
    if (isObject(cleaned.content) && isObject(cleaned.content['application/json'])) {
      const media = cleaned.content['application/json'];
      cleaned.content = { ...cleaned.content, 'application/json': { ...media, schema: markPage(media.schema ?? {}) } };
    }
    if (typeof cleaned.description !== 'string' || cleaned.description === '')
      cleaned.description = STATUS_TEXT[status] ?? 'Success';
    res[status] = cleaned;
  }
  if (!Object.keys(res).some((s) => s.startsWith('2')))
    res[method === 'post' ? '201' : '200'] = { description: 'Success' };

  const isPublic = rule?.kind === 'public';
  const writes = method !== 'get' && method !== 'head';
  const errors: string[] = [];
  if ((Array.isArray(out.parameters) && out.parameters.length > 0) || out.requestBody) errors.push('400');
  if (!isPublic) errors.push('401', '403');
  if (path.includes('{')) errors.push('404');
  if (writes && !isPublic) errors.push('409', '422');
  if (meta?.rateLimited || isPublic) errors.push('429');
  for (const status of errors)
    if (!(status in res)) res[status] = ref('responses', ERROR_RESPONSES[status as keyof typeof ERROR_RESPONSES][0]);
  res.default = ref('responses', 'Error');
  return res;
}
