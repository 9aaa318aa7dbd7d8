import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';

/**
 * Local receivers for the three group bots, each checking what the real service checks: WeCom's
 * `key` and message shape; DingTalk's `timestamp` + `sign` query (HMAC-SHA256 of
 * "<timestamp>\n<secret>" keyed by the secret, within an hour); Feishu's `timestamp` + `sign` in
 * the body (HMAC-SHA256 keyed by "<timestamp>\n<secret>" over nothing). A good message is kept and
 * answered like the service (errcode / code 0); a bad one with the service's error code.
 * `failNext` makes the next request answer HTTP 500 (a retry is expected).
 */
export interface BotReceived {
  kind: 'WECOM' | 'DINGTALK' | 'FEISHU';
  path: string;
  text: string;
}

/** What the three bots read from the JSON body. */
interface BotBody {
  msgtype?: string;
  markdown?: { content?: string; title?: string; text?: string };
  msg_type?: string;
  content?: { text?: string };
  timestamp?: string;
  sign?: string;
}

const same = (a: string, b: string) => a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));

export class FakeBots {
  readonly received: BotReceived[] = [];
  readonly refused: string[] = [];
  failNext = 0;
  private server!: Server;
  base = '';

  constructor(private readonly secrets: { dingtalk: string; feishu: string; wecomKey: string }) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', this.base);
        const json = (status: number, body: unknown) =>
          res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
        if (this.failNext > 0) {
          this.failNext--;
          return json(500, { error: 'down' });
        }
        let body: BotBody;
        try {
          body = JSON.parse(raw) as BotBody;
        } catch {
          return json(400, { errcode: 40001, errmsg: 'bad json' });
        }
        if (url.pathname.startsWith('/wecom/')) {
          if (url.searchParams.get('key') !== this.secrets.wecomKey) {
            this.refused.push('WECOM key');
            return json(200, { errcode: 93000, errmsg: 'invalid webhook url' });
          }
          if (body.msgtype !== 'markdown' || typeof body.markdown?.content !== 'string')
            return json(200, { errcode: 40008, errmsg: 'invalid message type' });
          this.received.push({ kind: 'WECOM', path: url.pathname, text: body.markdown.content });
          return json(200, { errcode: 0, errmsg: 'ok' });
        }
        if (url.pathname.startsWith('/dingtalk/')) {
          const ts = url.searchParams.get('timestamp') ?? '';
          const sign = url.searchParams.get('sign') ?? '';
          const want = createHmac('sha256', this.secrets.dingtalk)
            .update(`${ts}\n${this.secrets.dingtalk}`)
            .digest('base64');
          if (!same(sign, want) || Math.abs(Date.now() - Number(ts)) > 3_600_000) {
            this.refused.push('DINGTALK sign');
            return json(200, { errcode: 310000, errmsg: 'sign not match' });
          }
          if (body.msgtype !== 'markdown' || typeof body.markdown?.text !== 'string' || !body.markdown.title)
            return json(200, { errcode: 40035, errmsg: 'missing param' });
          this.received.push({ kind: 'DINGTALK', path: url.pathname, text: body.markdown.text });
          return json(200, { errcode: 0, errmsg: 'ok' });
        }
        if (url.pathname.startsWith('/feishu/')) {
          const ts = String(body.timestamp ?? '');
          const want = createHmac('sha256', `${ts}\n${this.secrets.feishu}`).update('').digest('base64');
          if (!same(String(body.sign ?? ''), want) || Math.abs(Date.now() / 1000 - Number(ts)) > 3600) {
            this.refused.push('FEISHU sign');
            return json(200, {
              code: 19021,
              msg: 'sign match fail or timestamp is not within one hour from current time',
            });
          }
          if (body.msg_type !== 'text' || typeof body.content?.text !== 'string')
            return json(200, { code: 9499, msg: 'Bad Request' });
          this.received.push({ kind: 'FEISHU', path: url.pathname, text: body.content.text });
          return json(200, { code: 0, msg: 'success', data: {} });
        }
        return json(404, { error: 'no such bot' });
      });
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const addr = this.server.address();
    this.base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
    return this;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server?.close(() => r()));
  }
}
