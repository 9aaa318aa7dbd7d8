import { parseConfig } from './platform/config/config.js';
import { createApp } from './create-app.js';
import { drainAndClose } from './platform/http/drain.js';
import { ExecutionStreams } from './executions/execution-stream.js';

const config = parseConfig();
const app = await createApp(config);
await app.listen({ port: config.http.port, host: config.http.host });
const log = app.getHttpAdapter().getInstance().log;
log.info(
  `AMMS API listening on http://${config.http.host}:${config.http.port}${config.ops.docs ? ' (docs at /api/docs)' : ''}`,
);

let stopping = false;
const stop = (signal: string) => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'draining: no new requests, finishing the ones in flight');
  drainAndClose(app, () => app.get(ExecutionStreams).closeAll()).then(
    () => process.exit(0),
    (err: unknown) => {
      log.error({ err }, 'shutdown failed');
      process.exit(1);
    },
  );
};
process.once('SIGTERM', () => stop('SIGTERM'));
process.once('SIGINT', () => stop('SIGINT'));
