// JSON Schema clean-up for an OpenAPI 3.1 document. zod 4 emits JSON Schema 2020-12 (with a
// `$schema` line and `$defs` of its own) while @nestjs/swagger writes request bodies in the
// OpenAPI 3.0 dialect (`nullable: true`); 3.1 schemas are plain 2020-12, so both are brought there.

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };
export type JsonObject = { [k: string]: Json };

export const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** keywords whose value is one subschema */
const ONE = [
  'items',
  'additionalProperties',
  'not',
  'propertyNames',
  'contains',
  'if',
  'then',
  'else',
  'unevaluatedItems',
  'unevaluatedProperties',
  'contentSchema',
];
/** keywords whose value is an array of subschemas */
const MANY = ['anyOf', 'oneOf', 'allOf', 'prefixItems'];
/** keywords whose value maps names to subschemas (the names themselves are data, never keywords) */
const MAP = ['properties', 'patternProperties', 'dependentSchemas', '$defs', 'definitions'];

/** Keywords of JSON Schema 2020-12 / OpenAPI 3.1 only: what is left is passed through untouched. */
const DROP = new Set(['$schema', '$id', 'nullable']);

export interface SchemaContext {
  /** reserves a components.schemas name for a `$defs` entry of an inlined schema; returns its `$ref` */
  reserve(name: string): string;
  /** stores the (clean) body of a reserved `$ref` */
  define(ref: string, schema: JsonObject): void;
}

/**
 * Returns a clean copy of `schema`: no `$schema`/`$id`, `nullable: true` turned into a `null`
 * type, local `$defs` moved to components (their `#/$defs/X` refs rewritten).
 */
export function cleanSchema(schema: Json, ctx: SchemaContext): Json {
  if (!isObject(schema)) return schema;
  const renames = new Map<string, string>();
  const bodies: Array<[string, JsonObject]> = [];
  for (const key of ['$defs', 'definitions'] as const) {
    const defs = schema[key];
    if (!isObject(defs)) continue;
    for (const [name, def] of Object.entries(defs)) {
      const ref = ctx.reserve(name);
      renames.set(`#/${key}/${name}`, ref);
      bodies.push([ref, isObject(def) ? def : {}]);
    }
  }
  const out = walk(schema, ctx);
  if (renames.size === 0) return out;
  // definitions may refer to each other and to themselves (recursive schemas)
  for (const [ref, body] of bodies) ctx.define(ref, rewriteRefs(cleanSchema(body, ctx), renames) as JsonObject);
  return rewriteRefs(out, renames);
}

function walk(schema: JsonObject, ctx: SchemaContext): JsonObject {
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(schema)) {
    if (DROP.has(k) || k === '$defs' || k === 'definitions') continue;
    if (ONE.includes(k) && isObject(v)) out[k] = cleanSchema(v, ctx);
    else if (MANY.includes(k) && Array.isArray(v)) out[k] = v.map((s) => cleanSchema(s, ctx));
    else if (MAP.includes(k) && isObject(v))
      out[k] = Object.fromEntries(Object.entries(v).map(([n, s]) => [n, cleanSchema(s, ctx)]));
    else out[k] = v;
  }
  exclusiveBounds(out);
  recordProperties(out);
  if (schema.nullable === true) return withNull(out);
  return out;
}

/** OpenAPI 3.0's `minimum: 0, exclusiveMinimum: true` → 2020-12's `exclusiveMinimum: 0` */
function exclusiveBounds(s: JsonObject): void {
  for (const [flag, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (typeof s[flag] !== 'boolean') continue;
    if (s[flag] === true && typeof s[bound] === 'number') {
      s[flag] = s[bound];
      delete s[bound];
    } else delete s[flag];
  }
}

/**
 * A record keyed by an enum (`z.record(z.enum([...]), v)`) comes as propertyNames + required:
 * spelled out as properties, so generators give it its keys and `required` names defined properties.
 */
function recordProperties(s: JsonObject): void {
  const names = isObject(s.propertyNames) && Array.isArray(s.propertyNames.enum) ? s.propertyNames.enum : undefined;
  if (!names || s.properties !== undefined || !names.every((n) => typeof n === 'string')) return;
  const value = s.additionalProperties;
  s.properties = Object.fromEntries((names as string[]).map((n) => [n, isObject(value) ? value : {}]));
  s.additionalProperties = false;
  delete s.propertyNames;
}

/** `{ type: 'string', nullable: true }` → `{ type: ['string', 'null'] }`; a type-less schema → anyOf. */
function withNull(s: JsonObject): JsonObject {
  if (typeof s.type === 'string') {
    const out: JsonObject = { ...s, type: [s.type, 'null'] };
    if (Array.isArray(s.enum) && !s.enum.includes(null)) out.enum = [...s.enum, null];
    return out;
  }
  if (Array.isArray(s.type)) return s.type.includes('null') ? s : { ...s, type: [...s.type, 'null'] };
  return { anyOf: [s, { type: 'null' }] };
}

function rewriteRefs(node: Json, renames: Map<string, string>): Json {
  if (Array.isArray(node)) return node.map((n) => rewriteRefs(n, renames));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [k, v] of Object.entries(node)) {
    out[k] = k === '$ref' && typeof v === 'string' && renames.has(v) ? renames.get(v)! : rewriteRefs(v, renames);
  }
  return out;
}
