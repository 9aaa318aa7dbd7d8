/**
 * The knowledge base's face: what other modules (agent, MCP, webhooks, worker, seed) may use.
 * Everything else under knowledge/ (ingest/, retrieval/, answering/, glossary/ internals) is the
 * module's own; import it from here, never by its file.
 */
export {
  KNOWLEDGE_API_PROVIDERS,
  KNOWLEDGE_CONTROLLERS,
  KNOWLEDGE_PROVIDERS,
  KNOWLEDGE_WORKER_PROVIDERS,
} from './knowledge.module.js';
export { KnowledgeService, type PassageSearch } from './knowledge.service.js';
export { DocumentsRepository } from './documents.repository.js';
export { DocumentsService } from './documents.service.js';
export { UploadsService } from './uploads.service.js';
export { orgActor, platformLibraryActor } from './library-actor.js';
export { citationRef } from './knowledge.mappers.js';
export { findForms } from './glossary/glossary.js';
export { Ingestor } from './ingest/ingestor.js';
export { IngestRepository } from './ingest/ingest.repository.js';
