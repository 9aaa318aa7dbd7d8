import { DocumentsController } from './documents.controller.js';
import { DocumentsRepository } from './documents.repository.js';
import { DocumentsService } from './documents.service.js';
import { KnowledgeController } from './knowledge.controller.js';
import { KnowledgeService } from './knowledge.service.js';
import { PlatformDocumentsController } from './platform-documents.controller.js';
import { EmbeddingsClient } from './search/embeddings.js';
import { ModelAnswerer } from './search/model-answerer.js';
import { QueryEmbeddings } from './search/query-embeddings.js';
import { Retriever } from './search/retriever.js';
import { SearchRepository } from './search/search.repository.js';
import { UploadHandler } from './upload-handler.js';
import { UploadsService } from './uploads.service.js';

/** The knowledge bounded context's HTTP side (the worker side is IngestRepository + Ingestor, see worker.module.ts). */
export const KNOWLEDGE_CONTROLLERS = [DocumentsController, PlatformDocumentsController, KnowledgeController];
export const KNOWLEDGE_PROVIDERS = [
  DocumentsRepository,
  DocumentsService,
  UploadsService,
  UploadHandler,
  SearchRepository,
  EmbeddingsClient,
  QueryEmbeddings,
  Retriever,
  ModelAnswerer,
  KnowledgeService,
];
