import type { TPermission } from '@amms/contracts/permissions';
import type { z } from 'zod';
import type { OrgContext } from '../access/context.js';
import type { UntrustedText } from '../untrusted.js';

/**
 * A read-only tool the planner may call. It goes through the same services, permissions and
 * data scope as REST (the caller's OrgContext); there is no write tool: the only way to change
 * business data is a confirmed draft.
 */
export interface ToolDefinition<I = unknown, O = unknown> {
  name: string;
  description: string;
  input: z.ZodType<I>;
  permission: TPermission;
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
export type AnyTool = ToolDefinition<any, any>;

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
