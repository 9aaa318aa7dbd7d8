import type { z } from 'zod';
import type { Tool } from '../platform/tools/tool.js';

/**
 * MCP's view of a tool (platform/tools/tool.ts): a title for `tools/list`, an object input (its
 * JSON Schema is what `tools/list` shows) and a plain-JSON result, bounded by the tool itself
 * (limits, `truncated`). The caller's key must hold all of `permissions`.
 */
export interface McpTool<S extends z.ZodObject = z.ZodObject, O extends ZResult = ZResult> extends Omit<
  Tool<z.output<S>, z.output<O>, McpToolEnv>,
  'input' | 'output'
> {
  title: string;
  input: S;
  output: O;
}

export interface McpToolEnv {
  /** where a person confirms a draft in the web: `<web>/orgs/<org>/drafts/<id>` */
  draftLink(organizationId: string, draftId: string): string;
}

/** An MCP result is a JSON object (`structuredContent`). */
type ZResult = z.ZodType<Record<string, unknown>>;

export const defineTool = <S extends z.ZodObject, O extends ZResult>(t: McpTool<S, O>): McpTool<S, O> => t;

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
