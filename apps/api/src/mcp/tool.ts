import type { z } from 'zod';
import type { TPermission } from '@amms/contracts/permissions';
import type { OrgContext } from '../platform/access/context.js';

/**
 * One MCP tool: a zod input schema (its JSON Schema is what `tools/list` shows), the permissions
 * the caller's key must hold (all of them), and a read over the existing services with the
 * key's OrgContext. The result is plain JSON, bounded by the tool itself (limits, `truncated`).
 */
export interface McpTool<S extends z.ZodObject = z.ZodObject> {
  name: string;
  title: string;
  description: string;
  input: S;
  permissions: readonly TPermission[];
  /** false for the tools that start an agent run (they write a run and maybe a draft, never business rows) */
  readOnly: boolean;
  run(ctx: OrgContext, input: z.output<S>, env: McpToolEnv): Promise<Record<string, unknown>>;
}

export interface McpToolEnv {
  /** where a person confirms a draft in the web: `<web>/orgs/<org>/drafts/<id>` */
  draftLink(organizationId: string, draftId: string): string;
}

export const defineTool = <S extends z.ZodObject>(t: McpTool<S>): McpTool<S> => t;

/** Results carry at most this many list rows; a longer list says `truncated: true` and how to go on. */
export const MAX_ROWS = 50;
export const DEFAULT_ROWS = 20;

/** The first `max` elements and whether more were cut. */
export function bounded<T>(items: readonly T[], max: number): { items: T[]; truncated: boolean; total: number } {
  return { items: items.slice(0, max), truncated: items.length > max, total: items.length };
}

/** A string cut to `max` characters, marked with an ellipsis when cut. */
export const clip = (s: string | null | undefined, max: number): string | null =>
  s == null ? null : s.length > max ? `${s.slice(0, max - 1)}…` : s;
