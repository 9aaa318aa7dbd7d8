/**
 * Per-route rate limits (per member and per org, counted in Redis). A route opts in with
 * `@RateLimit(name)` (rate-limit.guard.ts); this table is the one place that says how much.
 *
 * - `window`: at most `perMember` / `perOrg` requests per `windowSeconds` (fixed window).
 * - `concurrent`: at most `perMember` / `perOrg` requests open at the same time (event streams);
 *   a slot is freed when the response closes (the stream ends or the client leaves).
 *
 * "Member" is the membership for a signed-in user and the key itself for an API key.
 * Every value is configurable: RATE_LIMIT_<NAME>_PER_MEMBER, RATE_LIMIT_<NAME>_PER_ORG and, for
 * window limits, RATE_LIMIT_<NAME>_WINDOW_SECONDS, with NAME = the name below in capitals and
 * `.` → `_` (RATE_LIMIT_AGENT_RUN_PER_MEMBER=20).
 */
export const RATE_LIMIT_NAMES = [
  'agent.run',
  'stream',
  'audit.verify',
  'export',
  'upload',
  'attachment',
  'recognition',
  'mcp',
] as const;
export type RateLimitName = (typeof RATE_LIMIT_NAMES)[number];

export interface RateLimitRule {
  kind: 'window' | 'concurrent';
  perMember: number;
  perOrg: number;
  /** window: the window; concurrent: how long a slot lives at most if its release is lost (a crashed process) */
  windowSeconds: number;
}

export const RATE_LIMIT_DEFAULTS: Readonly<Record<RateLimitName, RateLimitRule>> = {
  // a run plans with the scheduler (up to 10 s of CPU) and may call a paid model
  'agent.run': { kind: 'window', perMember: 20, perOrg: 100, windowSeconds: 60 },
  // each open stream holds a connection and polls the database
  stream: { kind: 'concurrent', perMember: 5, perOrg: 100, windowSeconds: 3600 },
  // re-hashes the org's whole audit chain
  'audit.verify': { kind: 'window', perMember: 5, perOrg: 20, windowSeconds: 60 },
  // whole-table reads (exports) and large bodies (uploads, imports)
  export: { kind: 'window', perMember: 10, perOrg: 30, windowSeconds: 300 },
  upload: { kind: 'window', perMember: 30, perOrg: 100, windowSeconds: 300 },
  // photos and receipts (≤ 10 / 20 MB, re-encoded): a field app's offline queue sends a day's photos at once
  attachment: { kind: 'window', perMember: 120, perOrg: 600, windowSeconds: 300 },
  // a photo forwarded to the recognition service (its time and maybe its cost)
  recognition: { kind: 'window', perMember: 30, perOrg: 200, windowSeconds: 300 },
  // POST /mcp: one JSON-RPC message per request (a tool call is one to three of them); the
  // tools that start agent runs also count against `agent.run`
  mcp: { kind: 'window', perMember: 120, perOrg: 600, windowSeconds: 60 },
};

export const envPrefixOf = (name: RateLimitName) => `RATE_LIMIT_${name.toUpperCase().replace(/\./g, '_')}`;

/** The table with the environment's overrides; a value that is not a positive integer stops the boot. */
export function rateLimitsFromEnv(env: NodeJS.ProcessEnv): Record<RateLimitName, RateLimitRule> {
  const out = {} as Record<RateLimitName, RateLimitRule>;
  const bad: string[] = [];
  const read = (key: string, fallback: number) => {
    const raw = env[key];
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 1 || n > 1_000_000)
      bad.push(`  ${key}: expected an integer 1..1000000, got "${raw}"`);
    return n;
  };
  for (const name of RATE_LIMIT_NAMES) {
    const d = RATE_LIMIT_DEFAULTS[name];
    const p = envPrefixOf(name);
    out[name] = {
      kind: d.kind,
      perMember: read(`${p}_PER_MEMBER`, d.perMember),
      perOrg: read(`${p}_PER_ORG`, d.perOrg),
      windowSeconds: d.kind === 'window' ? read(`${p}_WINDOW_SECONDS`, d.windowSeconds) : d.windowSeconds,
    };
  }
  if (bad.length > 0) throw new Error(`Invalid configuration:\n${bad.join('\n')}`);
  return out;
}
