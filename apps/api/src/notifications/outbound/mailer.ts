import nodemailer, { type Transporter } from 'nodemailer';
import type { NotifyConfig } from '../../platform/config/notify-env.js';

export interface MailResult {
  ok: boolean;
  /** SMTP reply code of the refusal, when the server gave one */
  statusCode: number | null;
  error: string | null;
  /** 4xx replies and connection errors are worth retrying; 5xx (a refused address) is not */
  retryable: boolean;
}

/** One SMTP transport per process (nodemailer pools nothing unless asked: one connection a message). */
export class Mailer {
  private transport: Transporter | null = null;

  constructor(private readonly smtp: NotifyConfig['smtp']) {}

  get enabled(): boolean {
    return this.smtp !== null;
  }

  async send(to: string, subject: string, text: string): Promise<MailResult> {
    if (!this.smtp) return { ok: false, statusCode: null, error: 'SMTP is not configured', retryable: false };
    this.transport ??= nodemailer.createTransport(this.smtp.url, { from: this.smtp.from });
    try {
      await this.transport.sendMail({ to, subject, text });
      return { ok: true, statusCode: null, error: null, retryable: false };
    } catch (err) {
      const e = err as { responseCode?: number; message?: string };
      const code = typeof e.responseCode === 'number' ? e.responseCode : null;
      return {
        ok: false,
        statusCode: code,
        error: String(e.message ?? err).slice(0, 500),
        retryable: code === null || (code >= 400 && code < 500),
      };
    }
  }

  close(): void {
    this.transport?.close();
    this.transport = null;
  }
}
