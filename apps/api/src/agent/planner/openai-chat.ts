import { ZPlanConstraints } from '@amms/contracts/agent';
import { z } from 'zod';
import type { PlannerTool } from './planner.js';

/** The chat-completions exchange of the `openai-compatible` planner: the request, its timeout and the reply we read. */

export interface OpenAiPlannerOptions {
  /** e.g. https://api.openai.com/v1; requests go to {baseUrl}/chat/completions */
  baseUrl: string;
  /** sent as a Bearer token; never logged, never put into a note or diagnostics */
  apiKey: string | null;
  model: string;
  /** per request */
  timeoutMs: number;
}

export const SUBMIT_PLAN = 'submit_plan';

/** The tool's parameters: the contract's JSON schema (refinements such as "question ⇔ missing" are re-checked by zod). */
const PLAN_PARAMETERS: Record<string, unknown> = (() => {
  const { $schema: _ignored, ...schema } = z.toJSONSchema(ZPlanConstraints) as Record<string, unknown>;
  return schema;
})();

const ZToolCall = z.object({
  id: z.string().min(1).max(200),
  type: z.string().optional(),
  function: z.object({ name: z.string(), arguments: z.string() }),
});
export type ToolCall = z.infer<typeof ZToolCall>;

/** The part of a chat.completion response we read; anything else in it is ignored. */
const ZChatCompletion = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullish(),
          tool_calls: z.array(ZToolCall).nullish(),
        }),
      }),
    )
    .min(1),
  /** token usage, when the server reports it (counted in the agent metrics) */
  usage: z
    .object({
      prompt_tokens: z.number().int().nonnegative().optional(),
      completion_tokens: z.number().int().nonnegative().optional(),
    })
    .nullish(),
});
export type AssistantReply = z.infer<typeof ZChatCompletion>['choices'][number]['message'];

export type ChatMessage =
  | { role: 'system' | 'user'; content: string }
  | { role: 'assistant'; content: string | null; tool_calls?: ToolCall[] }
  | { role: 'tool'; tool_call_id: string; content: string };

/** The request failed at the HTTP/transport level (status, timeout, not a chat completion). */
export class ModelUnavailable extends Error {
  constructor(
    message: string,
    readonly timedOut = false,
  ) {
    super(message);
  }
}

export async function completeChat(
  endpoint: string,
  options: OpenAiPlannerOptions,
  messages: ChatMessage[],
  opts: { tools: readonly PlannerTool[]; force: boolean; timeoutMs: number },
  usage: { prompt: number; completion: number },
): Promise<AssistantReply> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (options.apiKey) headers.authorization = `Bearer ${options.apiKey}`;
  const submit = {
    type: 'function',
    function: {
      name: SUBMIT_PLAN,
      description: opts.tools.length
        ? 'Submit the scheduling constraints understood from the dispatcher’s goal. Ends planning; call it exactly once, when you know enough.'
        : 'Submit the scheduling constraints understood from the dispatcher’s goal. Call exactly once.',
      parameters: PLAN_PARAMETERS,
    },
  };
  const body = {
    model: options.model,
    temperature: 0,
    messages,
    tools: [
      submit,
      ...opts.tools.map((t) => ({
        type: 'function',
        function: { name: t.name, description: t.description, parameters: t.parameters },
      })),
    ],
    tool_choice:
      opts.force || opts.tools.length === 0 ? { type: 'function', function: { name: SUBMIT_PLAN } } : 'required',
  };
  let res: Response;
  let json: unknown;
  try {
    // the timeout covers the whole exchange, body included
    const signal = AbortSignal.timeout(opts.timeoutMs);
    res = await fetch(endpoint, { method: 'POST', headers, body: JSON.stringify(body), signal });
    if (!res.ok) {
      await res.body?.cancel().catch(() => undefined);
      throw new ModelUnavailable(`HTTP ${res.status}`);
    }
    json = await res.json();
  } catch (err) {
    if (err instanceof ModelUnavailable) throw err;
    const name = err instanceof Error ? err.name : '';
    // only the error's kind: a transport message could echo the URL, never the key, but keep it short
    const timedOut = name === 'TimeoutError' || name === 'AbortError';
    throw new ModelUnavailable(
      timedOut ? `timed out after ${opts.timeoutMs} ms` : `request failed (${name || 'error'})`,
      timedOut,
    );
  }
  const parsed = ZChatCompletion.safeParse(json);
  if (!parsed.success) throw new ModelUnavailable('the response is not a chat completion');
  usage.prompt += parsed.data.usage?.prompt_tokens ?? 0;
  usage.completion += parsed.data.usage?.completion_tokens ?? 0;
  return parsed.data.choices[0]!.message;
}
