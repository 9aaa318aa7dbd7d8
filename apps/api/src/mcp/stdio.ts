#!/usr/bin/env node
/**
 * The AMMS MCP server over stdio, for clients that start a local process (Claude Desktop,
 * IDE agents): `AMMS_API_KEY=amms_… AMMS_API_URL=https://amms.example.com node dist/mcp/stdio.js`.
 *
 * A thin bridge to `POST /mcp` of the API, not a second server with database access (decision,
 * docs/mcp.md): the machine running the MCP client then holds an API key and a URL, never
 * DATABASE_URL / REDIS_URL; authentication, revocation, rate limits, data scope and audit happen
 * in one place (the API) for both transports; and the tools exist once. Each JSON-RPC message
 * read on stdin is POSTed with the key; the JSON answer is written to stdout. An HTTP refusal
 * (401 revoked key, 429 rate limit, 5xx) becomes a JSON-RPC error carrying the API's error
 * envelope in `data`.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';

const key = process.env.AMMS_API_KEY?.trim();
const base = (process.env.AMMS_API_URL?.trim() || 'http://127.0.0.1:3001').replace(/\/+$/, '');
if (!key) {
  process.stderr.write('amms-mcp: set AMMS_API_KEY to an org API key (amms_<prefix>_<secret>)\n');
  process.exit(2);
}
const endpoint = `${base}/mcp`;
const TIMEOUT_MS = Number(process.env.AMMS_MCP_TIMEOUT_MS ?? 120_000);
/** JSON-RPC error code for a refusal by the HTTP layer (implementation-defined server error range) */
const HTTP_REFUSED = -32001;

let protocolVersion: string | undefined;
const stdio = new StdioServerTransport();

async function forward(message: JSONRPCMessage): Promise<void> {
  const id = 'id' in message && 'method' in message ? message.id : undefined;
  try {
    const res = await fetch(endpoint, {
      method: 'POST',
      headers: {
        authorization: `ApiKey ${key}`,
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        ...(protocolVersion ? { 'mcp-protocol-version': protocolVersion } : {}),
      },
      body: JSON.stringify(message),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const text = await res.text();
    if (res.status === 202 || text === '') return; // a notification or a response was accepted
    const body = JSON.parse(text) as JSONRPCMessage | { error?: { code?: string; message?: string } };
    if (!res.ok && !('jsonrpc' in body)) {
      // the API's own envelope ({ error: { code, message, requestId } }): 401, 429, 5xx
      const env = (body as { error?: { code?: string; message?: string } }).error;
      if (id !== undefined)
        await stdio.send({
          jsonrpc: '2.0',
          id,
          error: {
            code: HTTP_REFUSED,
            message: `${res.status} ${env?.code ?? 'ERROR'}: ${env?.message ?? res.statusText}`,
            data: { status: res.status, error: env },
          },
        });
      else process.stderr.write(`amms-mcp: ${res.status} ${env?.code ?? ''} ${env?.message ?? ''}\n`);
      return;
    }
    const answer = body as JSONRPCMessage;
    // the negotiated version goes on every later request, as the Streamable HTTP transport requires
    if ('result' in answer && answer.result && typeof answer.result.protocolVersion === 'string')
      protocolVersion = answer.result.protocolVersion;
    await stdio.send(answer);
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    if (id !== undefined)
      await stdio.send({
        jsonrpc: '2.0',
        id,
        error: { code: HTTP_REFUSED, message: `AMMS API at ${endpoint} unreachable: ${reason}` },
      });
    else process.stderr.write(`amms-mcp: ${reason}\n`);
  }
}

// answers still in flight when the client closes stdin are delivered before the process exits
const inFlight = new Set<Promise<void>>();
const drainAndExit = () => void Promise.allSettled([...inFlight]).then(() => process.exit(0));
stdio.onmessage = (m) => {
  const p = forward(m).finally(() => inFlight.delete(p));
  inFlight.add(p);
};
stdio.onerror = (err) => process.stderr.write(`amms-mcp: ${err.message}\n`);
stdio.onclose = drainAndExit;
await stdio.start();
process.stdin.on('end', drainAndExit);
