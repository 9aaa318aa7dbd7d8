import { DraftsRepository } from './drafts.repository.js';
import { DraftsService } from './drafts.service.js';

/** Drafts: the repository for both entry points (the worker's executor reads drafts), the service for the API. */
export const DRAFT_PROVIDERS = [DraftsRepository];
/** the API's own (the service checks drafts with the agent's tools) */
export const DRAFT_API_PROVIDERS = [DraftsService];
