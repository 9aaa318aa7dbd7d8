import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { parseConfig } from './platform/config/config.js';
import { createRootLogger, PinoNestLogger } from './platform/logging/logger.js';
import { WorkerModule } from './worker/worker.module.js';
import { startWorker } from './worker/runtime.js';
import { startHeartbeat } from './worker/heartbeat.js';

// The worker is a separate entry point of the same codebase: same config, same services.
const config = parseConfig();
const log = createRootLogger(config.log.level, 'amms-worker');
const ctx = await NestFactory.createApplicationContext(WorkerModule.forRoot(config), {
  logger: new PinoNestLogger(log),
});
const stop = await startWorker(ctx, config, log);
const stopHeartbeat = config.worker.heartbeatFile ? startHeartbeat(config.worker.heartbeatFile) : () => undefined;
const shutdown = async (signal: string) => {
  log.info({ signal }, 'worker stopping');
  stopHeartbeat();
  await stop();
  await ctx.close();
  process.exit(0);
};
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));
