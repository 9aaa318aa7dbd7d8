import { SMTPServer } from 'smtp-server';

export interface MailReceived {
  from: string;
  to: string[];
  raw: string;
}

/** An SMTP server on loopback (the `smtp-server` package): keeps every message it accepts; `rejectNext` answers 451 (try later). */
export class FakeSmtp {
  readonly received: MailReceived[] = [];
  rejectNext = 0;
  port = 0;
  private server!: SMTPServer;

  async start(): Promise<this> {
    this.server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        let raw = '';
        stream.on('data', (c: Buffer) => (raw += c.toString('utf8')));
        stream.on('end', () => {
          if (this.rejectNext > 0) {
            this.rejectNext--;
            const e = new Error('mailbox busy, try later') as Error & { responseCode: number };
            e.responseCode = 451;
            return callback(e);
          }
          this.received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
          });
          callback();
        });
      },
    });
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    const addr = this.server.server.address();
    this.port = typeof addr === 'object' && addr ? addr.port : 0;
    return this;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  close(): Promise<void> {
    return new Promise((r) => this.server?.close(() => r()));
  }
}
