import { DraftExecutor } from './draft-executor.js';
import { ExecutionStreams } from './execution-stream.js';
import { ExecutionsRepository } from './executions.repository.js';
import { ExecutionsService } from './executions.service.js';

/** Executions of confirmed drafts: the repository for both entry points. */
export const EXECUTION_PROVIDERS = [ExecutionsRepository];
/** the API's own: the routes and their live streams */
export const EXECUTION_API_PROVIDERS = [ExecutionsService, ExecutionStreams];
/** the worker's own: runs a confirmed draft */
export const EXECUTION_WORKER_PROVIDERS = [DraftExecutor];
