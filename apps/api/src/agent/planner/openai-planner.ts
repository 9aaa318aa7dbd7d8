import { Logger } from '@nestjs/common';
import { PLAN_LIMITS, ZPlanConstraints, type TPlanConstraints } from '@amms/contracts/agent';
import { UntrustedText } from '../../platform/untrusted.js';
import { localToday } from './calendar.js';
import {
  ModelUnavailable,
  SUBMIT_PLAN,
  completeChat,
  type AssistantReply,
  type OpenAiPlannerOptions,
} from './openai-chat.js';
import { check, prompt, type Checked } from './openai-messages.js';
import {
  ZPlannerInput,
  type ParsedPlannerInput,
  type PlanOutcome,
  type Planner,
  type PlannerInput,
  type PlannerToolbox,
} from './planner.js';
import { RulesPlanner } from './rules-planner.js';

/**
 * The `openai-compatible` planner: chat-completions requests (any server speaking the OpenAI
 * protocol) with the function tool `submit_plan`, whose parameters are the JSON schema of
 * ZPlanConstraints. The model's arguments are then treated like any untrusted input:
 *
 * 1. parsed as JSON and by ZPlanConstraints (the same schema as the rules planner's output);
 * 2. every id re-checked against the `known` lists of its kind: an id the model made up (or one
 *    of another org, or a machine id put among operators) is dropped with a note, never passed
 *    on; names are replaced by the known name, so the draft shows database names only;
 * 3. the period checked against `now`: one that is already over is invalid output, one that
 *    started before today is cut to today (noted).
 *
 * The agent loop: given the run's toolbox (ToolRunner.forPlanner), the model is also offered
 * the read-only tools (list_jobs, candidate_machines, …) with `tool_choice: 'required'`. Its
 * read-only calls run through the run's ToolRunner (caller's permissions and data scope, per-tool
 * timeout, run budgets, identical-repeat stop), become run steps, and their results go back as
 * `tool` messages, database text inside the run's untrusted boundary, cut to a size budget. An
 * unknown tool or bad arguments → an error tool message (the call still counts). The last
 * allowed request forces `submit_plan`. A budget exhausted or a repeated call → the rules plan.
 * Without a toolbox: one request forcing `submit_plan` (plan from the goal and names only).
 *
 * Invalid output (no tool call, bad JSON, schema failure, past period) → ONE retry with the
 * error fed back as the tool result; invalid again → the rules planner's plan, with a note.
 * An HTTP error, a malformed response or a timeout → the rules planner at once (retrying a
 * server that is down only burns the run's wall-time budget).
 */

/** invalid plans (or answers without any tool call) before falling back to rules: one retry */
const MAX_INVALID = 2;
/** model requests in one agent loop (tool turns, the plan, one retry); the last one forces submit_plan */
const MAX_REQUESTS_WITH_TOOLS = 6;
/** a request is not started with less wall time left than this */
const MIN_REQUEST_MS = 300;

/** why the model's plan was not used: server down, invalid output twice, or the agent loop stopped (budget, repeated call) */
type FallbackKind = 'unavailable' | 'invalid' | 'stopped';

export class OpenAiCompatiblePlanner implements Planner {
  readonly name = 'openai-compatible' as const;
  private readonly log = new Logger('OpenAiPlanner');
  private readonly endpoint: string;

  constructor(
    private readonly options: OpenAiPlannerOptions,
    private readonly fallback: Planner = new RulesPlanner(),
  ) {
    this.endpoint = `${options.baseUrl.replace(/\/+$/, '')}/chat/completions`;
  }

  async plan(input: PlannerInput): Promise<TPlanConstraints> {
    return (await this.planWithDiagnostics(input)).constraints;
  }

  /** tokens the model reported over this planner's requests (a planner serves one run) */
  private readonly usage = { prompt: 0, completion: 0 };
  private tokens(): { tokens?: { prompt: number; completion: number } } {
    return this.usage.prompt + this.usage.completion > 0 ? { tokens: { ...this.usage } } : {};
  }

  async planWithDiagnostics(rawInput: PlannerInput, toolbox?: PlannerToolbox): Promise<PlanOutcome> {
    const input = ZPlannerInput.parse(rawInput);
    const today = localToday(input.now, input.timezone);
    // the run's boundary when there is a toolbox: tool results are wrapped with it
    const boundary = toolbox?.untrusted ?? new UntrustedText();
    const tools = toolbox && toolbox.tools.length > 0 ? toolbox : undefined;
    const maxRequests = tools ? MAX_REQUESTS_WITH_TOOLS : MAX_INVALID;
    const messages = prompt(input, today, boundary, tools);
    let invalid = 0;
    let toolCalls = 0;
    const fallBack = (attempts: number, why: FallbackKind, detail: string) =>
      this.fallBack(input, attempts, why, detail, toolCalls);
    for (let attempt = 1; attempt <= maxRequests; attempt++) {
      // the last allowed request (or no tool calls left): the model must submit now
      const force = !tools || attempt === maxRequests || tools.remainingCalls() === 0;
      let timeoutMs = this.options.timeoutMs;
      if (tools) {
        const left = tools.remainingMs();
        if (left < MIN_REQUEST_MS) return fallBack(attempt - 1, 'stopped', 'wall time budget for planning exhausted');
        timeoutMs = Math.min(timeoutMs, left);
      }
      let reply: AssistantReply;
      try {
        reply = await completeChat(
          this.endpoint,
          this.options,
          messages,
          { tools: tools?.tools ?? [], force, timeoutMs },
          this.usage,
        );
      } catch (err) {
        if (err instanceof ModelUnavailable && err.timedOut && timeoutMs < this.options.timeoutMs) {
          return fallBack(attempt, 'stopped', 'wall time budget for planning exhausted');
        }
        return fallBack(attempt, 'unavailable', err instanceof ModelUnavailable ? err.message : 'request failed');
      }
      // echoed back as the protocol wants them (some servers omit `type`)
      const calls = (reply.tool_calls ?? []).map((c) => ({
        id: c.id,
        type: 'function',
        function: { name: c.function.name, arguments: c.function.arguments },
      }));
      const call = calls.find((c) => c.function.name === SUBMIT_PLAN);

      if (tools && !call && calls.length > 0) {
        // read-only tool calls: run them through the run's runner, results back as tool messages
        if (attempt === maxRequests)
          return fallBack(
            attempt,
            'stopped',
            `model request budget exhausted (${maxRequests} requests) without ${SUBMIT_PLAN}`,
          );
        messages.push({ role: 'assistant', content: reply.content ?? null, tool_calls: calls });
        for (const c of calls) {
          const out = await tools.call(c.function.name, c.function.arguments);
          if (out.kind === 'stop') return fallBack(attempt, 'stopped', out.reason);
          toolCalls++;
          messages.push({
            role: 'tool',
            tool_call_id: c.id,
            content: out.kind === 'result' ? out.text : `Error: ${out.message}`,
          });
        }
        continue;
      }

      const checked: Checked = call
        ? check(call.function.arguments, input, today)
        : { ok: false, problem: `no ${SUBMIT_PLAN} tool call in the reply` };
      if (checked.ok) {
        return {
          constraints: checked.constraints,
          diagnostics: {
            planner: this.name,
            model: this.options.model,
            attempts: attempt,
            droppedIds: checked.dropped,
            ...(toolCalls > 0 ? { toolCalls } : {}),
            ...this.tokens(),
          },
        };
      }
      invalid++;
      if (invalid >= MAX_INVALID) return fallBack(attempt, 'invalid', checked.problem);
      // feed the error back once: the assistant turn as it was, then a tool result for each call
      // (the protocol wants one per call id), or a user turn when the model called nothing
      messages.push({
        role: 'assistant',
        content: reply.content ?? null,
        ...(calls.length ? { tool_calls: calls } : {}),
      });
      const feedback = `Invalid ${SUBMIT_PLAN} arguments: ${checked.problem}. Call ${SUBMIT_PLAN} again with corrected arguments.`;
      if (calls.length) {
        const other = tools
          ? `Not run: ${SUBMIT_PLAN} was called in the same turn.`
          : `Ignored: only ${SUBMIT_PLAN} is available.`;
        for (const c of calls)
          messages.push({ role: 'tool', tool_call_id: c.id, content: c === call ? feedback : other });
      } else {
        messages.push({ role: 'user', content: `You must answer by calling ${SUBMIT_PLAN}. ${feedback}` });
      }
    }
    return fallBack(
      maxRequests,
      'stopped',
      `model request budget exhausted (${maxRequests} requests) without a valid ${SUBMIT_PLAN}`,
    );
  }

  private async fallBack(
    input: ParsedPlannerInput,
    attempts: number,
    why: FallbackKind,
    detail: string,
    toolCalls = 0,
  ): Promise<PlanOutcome> {
    const head = {
      unavailable: 'model unavailable',
      invalid: 'invalid model output twice',
      stopped: 'agent loop stopped',
    }[why];
    const reason = `${head}: ${detail}`.slice(0, 300);
    this.log.warn(`model ${this.options.model}: ${reason}; using the rules planner`);
    const c = await this.fallback.plan(input);
    const notes = {
      zh: {
        unavailable: '模型规划不可用（请求失败或超时），已改用规则规划。',
        invalid: '模型两次返回无效的规划，已改用规则规划。',
        stopped: '模型规划在调用工具时被中止（预算用尽或重复调用），已改用规则规划。',
      },
      en: {
        unavailable: 'The model planner was unavailable (request failed or timed out); planned with the rules planner.',
        invalid: 'The model returned an invalid plan twice; planned with the rules planner.',
        stopped:
          'The model planner was stopped while using tools (a budget was exhausted or a call was repeated); planned with the rules planner.',
      },
    };
    const note = notes[c.language === 'zh' ? 'zh' : 'en'][why];
    const constraints = ZPlanConstraints.parse({ ...c, notes: [...c.notes.slice(0, PLAN_LIMITS.notes - 1), note] });
    return {
      constraints,
      diagnostics: {
        planner: 'rules',
        model: this.options.model,
        attempts,
        fallback: reason,
        ...(toolCalls > 0 ? { toolCalls } : {}),
        ...this.tokens(),
      },
    };
  }
}
