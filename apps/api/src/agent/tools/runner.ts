import type { TRunStep } from '@amms/contracts/drafts';
import { canonicalJson } from '../../audit/hash-chain.js';
import type { OrgContext } from '../../tenancy/context.js';
import { UntrustedText } from '../untrusted.js';
import type { AnyTool } from './tool.js';

export const RUN_BUDGETS = { maxSteps: 20, maxToolCalls: 15, wallTimeMs: 10_000 } as const;

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

/**
 * Executes tool calls for one run under budgets (steps, tool calls, wall time) and records each
 * as a step {step, tool, args, durationMs, resultSize, ok}. An identical repeated call (same
 * name + canonical args) stops the run: a loop would never learn anything new. Results rendered
 * for a model go through this run's untrusted-text boundary.
 */
export class ToolRunner {
  readonly steps: TRunStep[] = [];
  readonly untrusted = new UntrustedText();
  private calls = 0;
  private readonly seen = new Set<string>();
  private readonly startedAt = Date.now();

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

  async call<T>(name: string, rawArgs: unknown): Promise<{ step: number; result: T; text: string }> {
    this.checkBudget();
    if (this.calls >= this.budgets.maxToolCalls) throw new RunStopped(`tool call budget exhausted (${this.budgets.maxToolCalls})`);
    const key = `${name}:${canonicalJson(rawArgs ?? {})}`;
    if (this.seen.has(key)) throw new RunStopped(`identical repeated call to ${name}`);
    this.seen.add(key);
    this.calls++;
    const step = this.steps.length + 1;
    const t0 = Date.now();
    const record = (ok: boolean, resultSize: number, error?: string) =>
      this.steps.push({ step, kind: 'tool', tool: name, args: rawArgs ?? {}, durationMs: Date.now() - t0, resultSize, ok, ...(error ? { error } : {}) });

    const tool = this.tools.get(name);
    try {
      if (!tool) throw new ToolFailed(name, 'unknown tool');
      if (!this.ctx.permissions.has(tool.permission)) throw new ToolFailed(name, `missing permission ${tool.permission}`);
      const parsed = tool.input.safeParse(rawArgs ?? {});
      if (!parsed.success) throw new ToolFailed(name, `invalid input: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
      const left = this.budgets.wallTimeMs - (Date.now() - this.startedAt);
      const timeout = Math.max(1, Math.min(tool.timeoutMs, left));
      const result = (await withTimeout(tool.run(this.ctx, parsed.data), timeout, name)) as T;
      const text = tool.render(result, this.untrusted);
      record(true, Buffer.byteLength(JSON.stringify(result)));
      return { step, result, text };
    } catch (err) {
      const msg = err instanceof ToolFailed ? err.message.slice(name.length + 2) : err instanceof Error ? err.message : String(err);
      record(false, 0, msg);
      throw err instanceof ToolFailed ? err : new ToolFailed(name, msg);
    }
  }

  private checkBudget(): void {
    if (this.steps.length >= this.budgets.maxSteps) throw new RunStopped(`step budget exhausted (${this.budgets.maxSteps})`);
    if (Date.now() - this.startedAt > this.budgets.wallTimeMs) throw new RunStopped(`wall time exhausted (${this.budgets.wallTimeMs} ms)`);
  }
}

function withTimeout<T>(p: Promise<T>, ms: number, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ToolFailed(name, `timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}
