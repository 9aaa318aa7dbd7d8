import { parseConfig } from './platform/config/config.js';
import { createApp } from './create-app.js';

const config = parseConfig();
const app = await createApp(config);
await app.listen({ port: config.http.port, host: config.http.host });
app.getHttpAdapter().getInstance().log.info(`AMMS API listening on http://${config.http.host}:${config.http.port}${config.ops.docs ? ' (docs at /api/docs)' : ''}`);
