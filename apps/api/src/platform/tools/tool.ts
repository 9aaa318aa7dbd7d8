import type { TPermission } from '@amms/contracts/permissions';
import type { z } from 'zod';
import type { OrgContext } from '../access/context.js';
import type { UntrustedText } from '../untrusted.js';

/**
 * The one shape of a tool, whoever calls it: the agent's planner (through the run's ToolRunner)
 * or an MCP client (through `McpService`). Every tool goes through the same services,
 * permissions and data scope as REST (the caller's OrgContext, never an org or scope from its
 * arguments). The views add what only they need: the agent a per-call timeout and a text
 * rendering for a model (`AgentTool`), MCP a title (`McpTool` in mcp/tool.ts).
 * `tool-catalog.spec.ts` (mcp/) lists every tool and holds them to this shape.
 */
export interface Tool<I = unknown, O = unknown, E = unknown> {
  name: string;
  description: string;
  input: z.ZodType<I>;
  /** what `run` answers; the catalog test refuses a tool without one */
  output: z.ZodType<O>;
  /** the caller must hold all of them (never empty) */
  permissions: ToolPermissions;
  scope: ToolScope;
  writes: ToolWrites;
  run(ctx: OrgContext, input: I, env: E): Promise<O>;
}

export type ToolPermissions = readonly [TPermission, ...TPermission[]];

/**
 * Which rows of the org a tool's answer can hold (the services it calls apply it):
 * - `data-scope`: the caller's ORG / TEAM / ASSIGNED scope (platform/access/*-scope.ts);
 * - `catalog`: reference data every holder of the permission reads whole (machine models,
 *   manuals, model maintenance plans);
 * - `own`: the caller's own agent runs and drafts (platform/access/own-scope.ts).
 */
export type ToolScope = 'data-scope' | 'catalog' | 'own';

/**
 * What a tool may change. `nothing` for reads. `drafts`: it starts an agent run, which stores
 * the run and maybe a draft for a person to confirm; no tool changes business rows (jobs, work
 * orders, costs): only a confirmed draft does.
 */
export type ToolWrites = 'nothing' | 'drafts';

/** The agent's view: read-only tools with a timeout and their result as text for a model. */
export interface AgentTool<I = unknown, O = unknown> extends Tool<I, O, RunReads | undefined> {
  writes: 'nothing';
  timeoutMs: number;
  /** `reads`: the run's shared reads (the same read asked by two tools of one run is made once); none outside a run */
  run(ctx: OrgContext, input: I, reads?: RunReads): Promise<O>;
  /** the result as text for a model: every database string goes through `untrusted.wrap` */
  render(result: O, untrusted: UntrustedText): string;
}

/**
 * Reads shared by the tools of one run (one ToolRunner): `once(key, load)` loads on the first
 * ask and hands every later ask in the run the same promise (a failed load is forgotten, so a
 * later ask tries again). Never shared across runs, callers or requests: a run's facts stay
 * this run's reads under this caller's permissions and scope.
 */
export class RunReads {
  private readonly loads = new Map<string, Promise<unknown>>();

  once<T>(key: string, load: () => Promise<T>): Promise<T> {
    let p = this.loads.get(key) as Promise<T> | undefined;
    if (!p) {
      p = load();
      this.loads.set(key, p);
      p.catch(() => this.loads.delete(key));
    }
    return p;
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a registry of heterogeneous tools
export type AnyTool = AgentTool<any, any>;

/** Collects every page of a keyset list (bounded: tools never read more than `max` rows). */
export async function allPages<T>(
  load: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
  max = 2000,
): Promise<T[]> {
  const out: T[] = [];
  let cursor: string | undefined;
  do {
    const page = await load(cursor);
    out.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor && out.length < max);
  return out.slice(0, max);
}
