import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local OpenAI-compatible server for the knowledge tests: `POST /v1/embeddings` answers a
 * deterministic bag-of-words vector (64 dims, hashed words and CJK characters) so similar texts
 * get similar vectors; `POST /v1/chat/completions` answers the next scripted content string.
 * It counts requests so tests can see the query-vector cache work.
 */
export class FakeModels {
  embeddingCalls = 0;
  embeddedTexts: string[] = [];
  chatCalls = 0;
  readonly chatBodies: string[] = [];
  readonly chatScript: string[] = [];
  private server: Server | undefined;
  private port = 0;

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}/v1`;
  }

  static vector(text: string): number[] {
    const v = new Array<number>(64).fill(0);
    const units = text.toLowerCase().match(/[a-z0-9]+|[\u3400-\u9fff]/g) ?? [];
    for (const u of units) v[createHash('md5').update(u).digest()[0]! % 64]! += 1;
    return v;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = JSON.parse(raw || '{}') as { input?: string[] | string };
        res.setHeader('content-type', 'application/json');
        if (req.url === '/v1/embeddings') {
          this.embeddingCalls++;
          const input = Array.isArray(body.input) ? body.input : [body.input ?? ''];
          this.embeddedTexts.push(...input);
          res.end(
            JSON.stringify({
              object: 'list',
              data: input.map((t, index) => ({ object: 'embedding', index, embedding: FakeModels.vector(t) })),
            }),
          );
          return;
        }
        if (req.url === '/v1/chat/completions') {
          this.chatCalls++;
          this.chatBodies.push(raw);
          const content = this.chatScript.shift() ?? '{"found": false, "answer": "no", "citations": []}';
          res.end(
            JSON.stringify({
              id: 'x',
              object: 'chat.completion',
              choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
            }),
          );
          return;
        }
        res.statusCode = 404;
        res.end('{}');
      });
    });
    await new Promise<void>((r) => this.server!.listen(0, '127.0.0.1', () => r()));
    this.port = (this.server.address() as AddressInfo).port;
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
