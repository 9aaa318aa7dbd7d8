import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server speaking the OpenAI chat-completions protocol (POST /v1/chat/completions,
 * JSON in and out, Bearer auth), answering from a script: each request takes the next scripted
 * reply. It records every request it got, so tests can assert on the prompt. A real HTTP
 * server on a random port: the planner under test uses its normal fetch path.
 */

export type FakeReply =
  /** a submit_plan tool call with these arguments (serialized as JSON) */
  | { plan: unknown }
  /** a submit_plan tool call whose arguments string is exactly this (e.g. broken JSON) */
  | { rawArguments: string }
  /**
   * other tool calls (the agent loop: list_jobs, candidate_machines, …, or a name that does not
   * exist), in one assistant turn; `args` is serialized as JSON, `rawArguments` sent as is
   */
  | { toolCalls: Array<{ name: string; args?: unknown; rawArguments?: string }> }
  /** a plain text answer without any tool call */
  | { text: string }
  /** an HTTP error status with an OpenAI-style error body */
  | { status: number }
  /** wait, then answer with `then` (a reply slower than the planner's timeout) */
  | { delayMs: number; then: FakeReply };

export interface RecordedRequest {
  method: string;
  url: string;
  authorization: string | undefined;
  /** the parsed JSON body (model, messages, tools, tool_choice, …) */
  body: {
    model?: string;
    messages?: Array<{
      role: string;
      content: string | null;
      tool_call_id?: string;
      tool_calls?: Array<{ id: string; type: string; function: { name: string; arguments: string } }>;
    }>;
    tools?: Array<{
      type: string;
      function: { name: string; description?: string; parameters: Record<string, unknown> };
    }>;
    tool_choice?: unknown;
    [k: string]: unknown;
  };
  /** the raw body text, to check nothing secret was sent */
  raw: string;
}

export class FakeOpenAi {
  readonly requests: RecordedRequest[] = [];
  private readonly script: FakeReply[] = [];
  private server: Server | undefined;
  private port = 0;

  constructor(readonly apiKey = 'sk-fake-test-key-0123456789') {}

  /** base URL to configure (AGENT_OPENAI_BASE_URL): http://127.0.0.1:PORT/v1 */
  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  /** Replaces the script (and forgets earlier requests): the next requests get these replies in order. */
  reset(...replies: FakeReply[]): void {
    this.script.splice(0, this.script.length, ...replies);
    this.requests.splice(0, this.requests.length);
  }

  /** replies not consumed yet */
  get pending(): number {
    return this.script.length;
  }

  async close(): Promise<void> {
    if (!this.server) return;
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server!.close(() => resolve()));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions')
      return error(res, 404, 'not found', 'invalid_request_error');
    if (req.headers.authorization !== `Bearer ${this.apiKey}`)
      return error(res, 401, 'Incorrect API key provided', 'invalid_api_key');
    let body: RecordedRequest['body'];
    try {
      body = JSON.parse(raw) as RecordedRequest['body'];
    } catch {
      return error(res, 400, 'body is not JSON', 'invalid_request_error');
    }
    this.requests.push({ method: req.method, url: req.url, authorization: req.headers.authorization, body, raw });
    let next: FakeReply | undefined = this.script.shift();
    if (!next) return error(res, 500, 'fake server: script exhausted', 'server_error');
    while ('delayMs' in next) {
      const delayed: { delayMs: number; then: FakeReply } = next;
      await new Promise((r) => setTimeout(r, delayed.delayMs));
      if (res.destroyed) return;
      next = delayed.then;
    }
    const reply = next;
    if ('status' in reply) return error(res, reply.status, `scripted error ${reply.status}`, 'server_error');
    const model = body.model ?? 'fake-model';
    const toolCall = (name: string, args: string) => ({
      id: `call_${randomUUID().slice(0, 12)}`,
      type: 'function',
      function: { name, arguments: args },
    });
    const message =
      'text' in reply
        ? { role: 'assistant', content: reply.text }
        : {
            role: 'assistant',
            content: null,
            tool_calls:
              'toolCalls' in reply
                ? reply.toolCalls.map((c) => toolCall(c.name, c.rawArguments ?? JSON.stringify(c.args ?? {})))
                : [toolCall('submit_plan', 'plan' in reply ? JSON.stringify(reply.plan) : reply.rawArguments)],
          };
    send(res, 200, {
      id: `chatcmpl-${randomUUID()}`,
      object: 'chat.completion',
      created: Math.floor(Date.now() / 1000),
      model,
      choices: [{ index: 0, message, logprobs: null, finish_reason: 'text' in reply ? 'stop' : 'tool_calls' }],
      usage: {
        prompt_tokens: Math.ceil(raw.length / 4),
        completion_tokens: 50,
        total_tokens: Math.ceil(raw.length / 4) + 50,
      },
    });
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function error(res: ServerResponse, status: number, message: string, type: string): void {
  send(res, status, { error: { message, type, param: null, code: null } });
}
