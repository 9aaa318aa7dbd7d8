import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { IngestRepository } from './ingest/ingest.repository.js';
import { Ingestor } from './ingest/ingestor.js';
import { KnowledgeController } from './knowledge.controller.js';
import { KnowledgeService } from './knowledge.service.js';
import { PlatformDocumentsController } from './platform-documents.controller.js';
import { CrossLanguageAnswers } from './answering/cross-language.js';
import { EmbeddingsClient } from './retrieval/embeddings.js';
import { ModelAnswerer } from './answering/model-answerer.js';
import { QueryEmbeddings } from './retrieval/query-embeddings.js';
import { Retriever } from './retrieval/retriever.js';
import { SearchRepository } from './retrieval/search.repository.js';
import { UploadHandler } from './upload-handler.js';
import { UploadsService } from './uploads.service.js';

/** The knowledge bounded context: controllers and providers, composed by app.module.ts and worker.module.ts. */
export const KNOWLEDGE_CONTROLLERS = [DocumentsController, PlatformDocumentsController, KnowledgeController];
/** both entry points: documents (webhooks read them in the worker) and the embeddings client */
export const KNOWLEDGE_PROVIDERS = [DocumentsRepository, DocumentsService, EmbeddingsClient];
/** the API's own: uploads and search */
export const KNOWLEDGE_API_PROVIDERS = [
  UploadsService,
  UploadHandler,
  SearchRepository,
  QueryEmbeddings,
  Retriever,
  ModelAnswerer,
  CrossLanguageAnswers,
  KnowledgeService,
];
/** the worker's own: document ingestion */
export const KNOWLEDGE_WORKER_PROVIDERS = [IngestRepository, Ingestor];
