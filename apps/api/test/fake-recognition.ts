import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { postForm } from './harness.js';

/**
 * A local stand-in for the machine recognition service (RECOGNITION_URL): a real HTTP server on
 * a random port. It answers every POST with the scripted reply (the contract's JSON, an HTTP
 * error, or nothing for a while) and records what it was sent, so tests can check the photo
 * arrived as a JPEG without metadata. No model, no weights.
 */
export type FakeRecognitionReply =
  | { modelVersion: string; candidates: Array<{ machineModelId?: string; label?: string; confidence: number }> }
  | { status: number }
  | { delayMs: number };

export interface RecordedPhoto {
  contentType: string;
  body: Buffer;
}

export class FakeRecognition {
  readonly requests: RecordedPhoto[] = [];
  reply: FakeRecognitionReply = { modelVersion: 'fake-1', candidates: [] };
  private server: Server | undefined;
  private port = 0;

  get url(): string {
    return `http://127.0.0.1:${this.port}/v1/recognise`;
  }

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.requests.push({ contentType: req.headers['content-type'] ?? '', body: Buffer.concat(chunks) });
        const r = this.reply;
        if ('delayMs' in r) {
          const t = setTimeout(() => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'), r.delayMs);
          res.on('close', () => clearTimeout(t));
          return;
        }
        if ('status' in r) return void res.writeHead(r.status, { 'content-type': 'text/plain' }).end('down');
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(r));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** Multipart POST of one file part named `file` (what the web and the field app send). */
export async function uploadFile(
  base: string,
  path: string,
  token: string,
  file: { bytes: Buffer; name: string; type?: string },
  headers: Record<string, string> = {},
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read response bodies loosely
): Promise<{ status: number; body: any; headers: Headers }> {
  const form = new FormData();
  form.append(
    'file',
    new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'application/octet-stream' }),
    file.name,
  );
  return postForm(base, path, token, form, headers);
}
