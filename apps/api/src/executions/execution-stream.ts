import { Inject, Injectable, Logger } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import type { TExecution } from '@amms/contracts/drafts';
import { AccessRepository } from '../auth/access.repository.js';
import { AuthErrors } from '../auth/auth.errors.js';
import { APP_CONFIG, type AppConfig } from '../platform/config/config.js';
import { AppError } from '../platform/errors/app-error.js';
import { envelope, normalizeError } from '../platform/errors/error-envelope.js';
import { ChangeSignals } from '../platform/redis/change-signals.js';
import type { OrgContext } from '../platform/access/context.js';
import { memberContext } from '../tenancy/member-context.js';
import { executionTopic } from './executions.mappers.js';
import { ExecutionsRepository } from './executions.repository.js';
import { ExecutionsService } from './executions.service.js';
import { may } from '../platform/access/permission.js';

const FINAL = new Set<TExecution['status']>(['SUCCEEDED', 'PARTIAL', 'FAILED', 'REFUSED']);
const HEARTBEAT_MS = 15_000;

/**
 * `GET /executions/:id/events`: an execution as Server-Sent Events, so that receipts show the
 * moment the worker commits them instead of at the next poll.
 *
 * - `event: execution` carries the whole execution (the shape of `GET /executions/:id`); it is
 *   sent on connect and again whenever it changed. After a final status the stream ends.
 * - Wake-ups: the worker's nudge on Redis pub/sub (ChangeSignals), and a slow timer
 *   (EXECUTION_STREAM_POLL_MS) so a lost nudge or a Redis outage only delays an update. Every
 *   wake-up reads Postgres: the stream never relays data the database did not say.
 * - The caller's rights are checked again at every wake-up, as on a new request (session live,
 *   membership ACTIVE, `draft.read`, the draft within the data scope; an API key not revoked):
 *   once they are gone the stream sends `event: error` with the error envelope that request
 *   would get (401 / 403 / 404 codes) and ends.
 * - A stream lives at most EXECUTION_STREAM_MAX_MS; EventSource reconnects by itself (`retry`).
 */
@Injectable()
export class ExecutionStreams {
  private readonly log = new Logger(ExecutionStreams.name);
  private open = 0;
  private readonly closers = new Set<() => void>();

  constructor(
    private readonly executions: ExecutionsService,
    private readonly signals: ChangeSignals,
    private readonly access: AccessRepository,
    private readonly repo: ExecutionsRepository,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** streams open in this process (tests, metrics) */
  get openStreams(): number {
    return this.open;
  }

  /**
   * Ends every open stream (the process is draining: an open stream would hold the HTTP server
   * open for minutes). Clients reconnect by themselves (`retry`) to another process.
   */
  closeAll(): void {
    for (const close of [...this.closers]) close();
  }

  /** Refusals (404, 403) are thrown before the stream starts and answer like any request. */
  async stream(ctx: OrgContext, id: string, reply: FastifyReply): Promise<void> {
    const first = await this.executions.get(ctx, id);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: a proxy (or Next's compression) must not buffer the stream to gzip it
      'cache-control': 'no-cache, no-transform',
      'x-accel-buffering': 'no',
      'x-request-id': ctx.requestId,
    });
    res.write(`retry: 2000\n\n`);
    this.open++;

    let lastJson = '';
    let closed = false;
    let busy = false;
    let again = false;
    const write = (event: string, data: string) => {
      if (!closed) res.write(`event: ${event}\ndata: ${data}\n\n`);
    };
    const close = () => {
      if (closed) return;
      closed = true;
      this.open--;
      this.closers.delete(close);
      clearInterval(tick);
      clearInterval(heartbeat);
      clearTimeout(maxAge);
      unsubscribe();
      res.end();
    };
    const emit = (e: TExecution) => {
      const json = JSON.stringify(e);
      if (json !== lastJson) {
        lastJson = json;
        write('execution', json);
      }
      if (FINAL.has(e.status)) close();
    };
    const refuse = (err: unknown) => {
      write('error', JSON.stringify(envelope(normalizeError(err), ctx.requestId)));
      close();
    };
    /** one read at a time; wake-ups during a read fold into one more read */
    const refresh = async () => {
      if (closed) return;
      if (busy) {
        again = true;
        return;
      }
      busy = true;
      try {
        do {
          again = false;
          // throws the guard's refusal when the rights are gone; get() the 404 of a draft out of scope
          emit(await this.executions.get(await this.recheck(ctx), id));
        } while (again && !closed);
      } catch (err) {
        if (err instanceof AppError) return refuse(err);
        // the database away for a moment: keep the stream, the next wake-up tries again
        this.log.warn(`execution stream ${id}: ${(err as Error).message}`);
      } finally {
        busy = false;
      }
    };

    const unsubscribe = this.signals.subscribe(executionTopic(id), () => void refresh());
    const tick = setInterval(() => void refresh(), this.config.executionStream.pollMs);
    const heartbeat = setInterval(() => !closed && res.write(': keep-alive\n\n'), HEARTBEAT_MS);
    const maxAge = setTimeout(close, this.config.executionStream.maxMs);
    res.on('close', close);
    this.closers.add(close);

    emit(first);
    // a change committed between the first read and the subscription is not lost
    if (!closed) await refresh();
  }

  /**
   * The caller's context as it is NOW, or the refusal the access guard would give a new request
   * to this route: a session or key gone → 401, no (active) membership → 404, no `draft.read` → 403.
   */
  private async recheck(ctx: OrgContext): Promise<OrgContext> {
    const p = ctx.principal;
    if (p.kind === 'API_KEY') {
      const key = await this.repo.liveApiKey(ctx.organizationId, p.apiKeyId);
      if (!key || (key.expiresAt && key.expiresAt.getTime() <= Date.now())) throw AuthErrors.tokenInvalid();
      return ctx;
    }
    const facts = await this.access.resolve(p.sessionId, p.userId, ctx.organizationId);
    if (!facts) throw AuthErrors.tokenInvalid();
    if (facts.mustChangePassword) throw AuthErrors.passwordChangeRequired();
    const m = facts.membership;
    if (!m || m.status === 'REMOVED') throw new AppError('NOT_FOUND', 'Organization not found');
    if (m.status !== 'ACTIVE')
      throw new AppError('MEMBERSHIP_SUSPENDED', 'Your membership of this organization is suspended');
    const now = memberContext(ctx.organizationId, { ...p, isPlatformAdmin: facts.isPlatformAdmin }, m, ctx.requestId);
    if (!may(now, 'draft.read')) throw AuthErrors.forbidden('draft.read');
    return now;
  }
}
