import type { TRunStep } from '@amms/contracts/drafts';
import { z } from 'zod';
import { canonicalJson } from '../../platform/crypto/hash-chain.js';
import type { OrgContext } from '../../platform/access/context.js';
import type { PlannerTool, PlannerToolbox, PlannerToolOutcome } from './toolbox.js';
import { UntrustedText } from '../../platform/untrusted.js';
import { RunReads, type AnyTool } from '../../platform/tools/tool.js';
import { missingPermissions } from '../../platform/access/permission.js';

export const RUN_BUDGETS = { maxSteps: 20, maxToolCalls: 15, wallTimeMs: 10_000 } as const;

/**
 * What a run still needs after planning: the plan note, the scheduler's fixed tool calls
 * (`list_jobs`, `candidate_machines`, `operators`, `bookings`), the schedule / message note,
 * and some wall time. A planner's own tool calls never eat into it.
 */
export const PLANNING_RESERVE = { steps: 6, toolCalls: 4, wallTimeMs: 2500 } as const;

/** Limits of a model planner's tool use (the agent loop). */
export const PLANNER_LIMITS = {
  /** tool calls the model may make before it submits its plan (less if the run's budget left is smaller) */
  maxToolCalls: 8,
  /** a tool result as the model sees it is cut to this many characters */
  resultChars: 6000,
  /** longer arguments are refused without running the tool */
  argumentChars: 4000,
} as const;

/** A tool name as a model may give it (OpenAI's function-name rule); anything else is recorded as `invalid_tool_name`. */
const TOOL_NAME = /^[A-Za-z0-9_-]{1,64}$/;

/** The run stops: a budget was exhausted or the same call was repeated. */
export class RunStopped extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RunStopped';
  }
}

/** A tool call failed (no permission, bad input, timeout, service error): the planner gets an error, not data. */
export class ToolFailed extends Error {
  constructor(
    readonly tool: string,
    message: string,
  ) {
    super(`${tool}: ${message}`);
    this.name = 'ToolFailed';
  }
}

interface CallResult<T> {
  step: number;
  result: T;
  text: string;
}

interface ExecOptions {
  /** only these tools exist for this call (a planner's offer); any other name is an unknown tool */
  offered?: ReadonlySet<string>;
  /** record the call as failed with this error without running it (arguments we cannot use) */
  refuse?: string;
}

/**
 * Executes tool calls for one run under budgets (steps, tool calls, wall time) and records each
 * as a step {step, tool, args, durationMs, resultSize, resultCount, ok}. An identical repeated call (same
 * name + canonical args) stops the run: a loop would never learn anything new. Results rendered
 * for a model go through this run's untrusted-text boundary.
 *
 * The planner's calls (the agent loop, `forPlanner`) and the run's own fixed calls go through
 * the same runner. After planning, `reuseIdenticalResults()` lets the run's own calls take the
 * result of an identical (same tool, same parsed input) successful earlier call — a fact the
 * model already fetched — instead of stopping on the repeat.
 */
export class ToolRunner {
  readonly steps: TRunStep[] = [];
  readonly untrusted = new UntrustedText();
  private calls = 0;
  private readonly seen = new Set<string>();
  private readonly results = new Map<string, CallResult<unknown>>();
  private reuse = false;
  private readonly startedAt = Date.now();
  /** reads the run's tools share (the machines and operators that known_names and the fact tools both read) */
  private readonly reads = new RunReads();

  constructor(
    private readonly ctx: OrgContext,
    private readonly tools: ReadonlyMap<string, AnyTool>,
    private readonly budgets: { maxSteps: number; maxToolCalls: number; wallTimeMs: number } = RUN_BUDGETS,
  ) {}

  /** Records a non-tool step (plan, schedule, message); returns its number. */
  note(kind: 'plan' | 'schedule' | 'message', extra: Partial<TRunStep> = {}): number {
    this.checkBudget();
    const step = this.steps.length + 1;
    this.steps.push({ step, kind, ...extra });
    return step;
  }

  /**
   * From now on a call identical (same tool, same parsed input) to an earlier successful one
   * returns that call's step and result (no new step), and a repeat of a failed call runs again
   * instead of stopping the run. For the run's own fixed calls after the planner is done.
   */
  reuseIdenticalResults(): void {
    this.reuse = true;
  }

  /** What is left of the run's budgets. */
  remaining(): { steps: number; toolCalls: number; wallTimeMs: number } {
    return {
      steps: Math.max(0, this.budgets.maxSteps - this.steps.length),
      toolCalls: Math.max(0, this.budgets.maxToolCalls - this.calls),
      wallTimeMs: Math.max(0, this.budgets.wallTimeMs - (Date.now() - this.startedAt)),
    };
  }

  call<T>(name: string, rawArgs: unknown): Promise<CallResult<T>> {
    return this.exec<T>(name, rawArgs, {});
  }

  private async exec<T>(name: string, rawArgs: unknown, opts: ExecOptions): Promise<CallResult<T>> {
    const args = rawArgs ?? {};
    const tool = opts.offered && !opts.offered.has(name) ? undefined : this.tools.get(name);
    if (this.reuse && tool && !opts.refuse) {
      const parsed = tool.input.safeParse(args);
      const hit = parsed.success ? this.results.get(`${name}:${canonicalJson(parsed.data)}`) : undefined;
      if (hit) return hit as CallResult<T>;
    }
    this.checkBudget();
    if (this.calls >= this.budgets.maxToolCalls)
      throw new RunStopped(`tool call budget exhausted (${this.budgets.maxToolCalls})`);
    // a name that is not a tool here (unknown, or not offered to the planner) never collides with a real call
    const key = `${tool ? '' : '?'}${name}:${canonicalJson(args)}`;
    if (this.seen.has(key) && !this.reuse) throw new RunStopped(`identical repeated call to ${name}`);
    this.seen.add(key);
    this.calls++;
    const step = this.steps.length + 1;
    const t0 = Date.now();
    const record = (ok: boolean, resultSize: number, error?: string, resultCount?: number) =>
      this.steps.push({
        step,
        kind: 'tool',
        tool: name,
        args,
        durationMs: Date.now() - t0,
        resultSize,
        ...(resultCount !== undefined ? { resultCount } : {}),
        ok,
        ...(error ? { error } : {}),
      });

    try {
      if (opts.refuse) throw new ToolFailed(name, opts.refuse);
      if (!tool) throw new ToolFailed(name, 'unknown tool');
      const missing = missingPermissions(this.ctx, tool.permissions);
      if (missing.length > 0) throw new ToolFailed(name, `missing permission ${missing.join(', ')}`);
      const parsed = tool.input.safeParse(args);
      if (!parsed.success)
        throw new ToolFailed(name, `invalid input: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      const left = this.budgets.wallTimeMs - (Date.now() - this.startedAt);
      const timeout = Math.max(1, Math.min(tool.timeoutMs, left));
      const result = (await withTimeout(tool.run(this.ctx, parsed.data, this.reads), timeout, name)) as T;
      const text = tool.render(result, this.untrusted);
      record(true, Buffer.byteLength(JSON.stringify(result)), undefined, countRecords(result));
      const out = { step, result, text };
      this.results.set(`${name}:${canonicalJson(parsed.data)}`, out);
      return out;
    } catch (err) {
      const msg =
        err instanceof ToolFailed
          ? err.message.slice(name.length + 2)
          : err instanceof Error
            ? err.message
            : String(err);
      record(false, 0, msg);
      throw err instanceof ToolFailed ? err : new ToolFailed(name, msg);
    }
  }

  /**
   * The run's read-only tools for a model planner (the agent loop). Offered: every tool the
   * caller has the permission for, minus `exclude` (e.g. `known_names`, already in the prompt),
   * each with the JSON schema of its zod input (strict: an `orgId` or any other unknown key is
   * refused). Every call runs through this runner — caller's context, data scope, per-tool
   * timeout, run budgets, identical-repeat stop — and is recorded as a run step. The planner may
   * use what the run can spare: at most `maxToolCalls`, and never the `reserve` the run needs
   * after planning. Results come back rendered through the run's untrusted boundary and cut to
   * `resultChars`.
   */
  forPlanner(
    opts: {
      exclude?: readonly string[];
      maxToolCalls?: number;
      reserve?: { steps: number; toolCalls: number; wallTimeMs: number };
    } = {},
  ): PlannerToolbox {
    const exclude = new Set(opts.exclude ?? []);
    const reserve = opts.reserve ?? PLANNING_RESERVE;
    const tools: PlannerTool[] = [];
    for (const t of this.tools.values()) {
      if (exclude.has(t.name) || missingPermissions(this.ctx, t.permissions).length > 0) continue;
      const parameters = inputSchema(t.input);
      if (parameters) tools.push({ name: t.name, description: t.description, parameters });
    }
    const offered = new Set(tools.map((t) => t.name));
    const left = this.remaining();
    const limit = Math.max(
      0,
      Math.min(
        opts.maxToolCalls ?? PLANNER_LIMITS.maxToolCalls,
        left.toolCalls - reserve.toolCalls,
        left.steps - reserve.steps,
      ),
    );
    let made = 0;
    const remainingMs = () => Math.max(0, this.remaining().wallTimeMs - reserve.wallTimeMs);

    const call = async (rawName: string, argsText: string): Promise<PlannerToolOutcome> => {
      if (made >= limit) return { kind: 'stop', reason: `tool call budget for planning exhausted (${limit} calls)` };
      if (remainingMs() <= 0) return { kind: 'stop', reason: 'wall time budget for planning exhausted' };
      made++;
      const name = TOOL_NAME.test(rawName) ? rawName : 'invalid_tool_name';
      let args: unknown;
      let refuse: string | undefined;
      if (argsText.length > PLANNER_LIMITS.argumentChars) {
        args = { tooLarge: argsText.length };
        refuse = `arguments too large (${argsText.length} characters, at most ${PLANNER_LIMITS.argumentChars})`;
      } else if (argsText.trim() === '') {
        args = {};
      } else {
        try {
          args = JSON.parse(argsText);
        } catch {
          args = { notJson: argsText.slice(0, 200) };
          refuse = 'the arguments are not valid JSON';
        }
      }
      try {
        const out = await this.exec<unknown>(name, args, { offered, ...(refuse ? { refuse } : {}) });
        const rows = Array.isArray(out.result) ? `${out.result.length} result(s)\n` : '';
        return {
          kind: 'result',
          text: clipRendered(`${rows}${out.text || '(nothing)'}`, PLANNER_LIMITS.resultChars, this.untrusted),
        };
      } catch (err) {
        if (err instanceof RunStopped) return { kind: 'stop', reason: err.message };
        const message = err instanceof ToolFailed ? err.message.slice(name.length + 2) : 'tool failed';
        return {
          kind: 'error',
          message:
            message === 'unknown tool'
              ? `unknown tool; the tools are: ${[...offered].join(', ') || '(none)'}`
              : message,
        };
      }
    };
    return { tools, untrusted: this.untrusted, remainingCalls: () => Math.max(0, limit - made), remainingMs, call };
  }

  private checkBudget(): void {
    if (this.steps.length >= this.budgets.maxSteps)
      throw new RunStopped(`step budget exhausted (${this.budgets.maxSteps})`);
    if (Date.now() - this.startedAt > this.budgets.wallTimeMs)
      throw new RunStopped(`wall time exhausted (${this.budgets.wallTimeMs} ms)`);
  }
}

/** The JSON schema of a tool's input as a caller writes it (defaults optional); null if zod cannot express it. */
function inputSchema(input: z.ZodType): Record<string, unknown> | null {
  try {
    const { $schema: _ignored, ...schema } = z.toJSONSchema(input, { io: 'input' }) as Record<string, unknown>;
    return schema;
  } catch {
    return null;
  }
}

/**
 * Cuts rendered tool output to `max` characters at a line end, never leaving a boundary open:
 * a half tag at the cut is dropped and an open `<untrusted-TAG>` is closed, so whatever follows
 * (our note) is outside the data. Inside wrapped data `<` and `>` are already defanged, so any
 * `<` in the text belongs to a boundary tag.
 */
export function clipRendered(text: string, max: number, u: UntrustedText): string {
  if (text.length <= max) return text;
  const nl = text.lastIndexOf('\n', max);
  let out = text.slice(0, nl > 0 ? nl : max);
  const lt = out.lastIndexOf('<');
  if (lt > out.lastIndexOf('>')) out = out.slice(0, lt);
  const hidden = text.length - out.length;
  const open = `<untrusted-${u.tag}>`;
  const close = `</untrusted-${u.tag}>`;
  if (out.split(open).length > out.split(close).length) out += close;
  return `${out}\n[cut: ${hidden} more characters not shown; narrow the arguments to see less]`;
}

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ToolFailed(name, `timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * How many records a tool returned, for the run's steps ("found 12 machines"): the length of a
 * list, or the rows of the lists an object holds (known_names, bookings). Undefined for
 * anything else.
 */
export function countRecords(result: unknown): number | undefined {
  if (Array.isArray(result)) return result.length;
  if (result === null || typeof result !== 'object') return undefined;
  const lists = Object.values(result).filter(Array.isArray);
  return lists.length ? lists.reduce((n, l) => n + l.length, 0) : undefined;
}
