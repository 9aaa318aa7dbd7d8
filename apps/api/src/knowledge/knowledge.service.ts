import { Injectable } from '@nestjs/common';
import type {
  TKnowledgeAnswer,
  TKnowledgeAnswerRequest,
  TKnowledgeSearchRequest,
  TKnowledgeSearchResponse,
} from '@amms/contracts/knowledge';
import type { OrgContext } from '../platform/access/context.js';
import { CrossLanguageAnswers } from './answering/cross-language.js';
import { editionOf } from './ingest/layout.js';
import { extractiveAnswer, isFound, type AnswerContext } from './answering/extractive-answerer.js';
import { ModelAnswerer } from './answering/model-answerer.js';
import { Retriever, type Retrieval, type RetrievedPassage } from './retrieval/retriever.js';
import { SearchRepository } from './retrieval/search.repository.js';

/** Passages for a tool (the agent's `search_manuals`): none unless they answer the question by its words. */
export interface PassageSearch {
  found: boolean;
  passages: TKnowledgeSearchResponse['items'];
}

/** Search and cited answers over the manuals an org may read (its own + the platform's, current READY versions). */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly retriever: Retriever,
    private readonly model: ModelAnswerer,
    private readonly crossLanguage: CrossLanguageAnswers,
    private readonly repo: SearchRepository,
  ) {}

  async search(ctx: OrgContext, req: TKnowledgeSearchRequest): Promise<TKnowledgeSearchResponse> {
    const r = await this.retrieveFor(ctx, req);
    return { items: r.passages.map(publicPassage), mode: r.mode };
  }

  /** The passages of a search when they cover the question (the answer's found rule), else none. */
  async passages(ctx: OrgContext, req: TKnowledgeSearchRequest): Promise<PassageSearch> {
    const r = await this.retrieveFor(ctx, req);
    const found = isFound(r);
    return { found, passages: found ? r.passages.map(publicPassage) : [] };
  }

  private retrieveFor(ctx: OrgContext, req: TKnowledgeSearchRequest) {
    const { query, machineModelId, assetId, limit } = req;
    return this.retriever.retrieve(ctx, { query, machineModelId, assetId, limit });
  }

  /**
   * Retrieval runs at answer time with the caller's current permissions and the documents'
   * current versions, so a document deleted or superseded since indexing is never cited.
   */
  async answer(ctx: OrgContext, req: TKnowledgeAnswerRequest): Promise<TKnowledgeAnswer> {
    const r = await this.retriever.retrieve(ctx, {
      query: req.question,
      machineModelId: req.machineModelId,
      assetId: req.assetId,
      documentId: req.documentId,
      limit: 8,
    });
    const context = await this.context(r);
    const extractive = extractiveAnswer(req.question, r, context);
    const answer =
      !this.model.enabled || !extractive.found
        ? extractive
        : ((await this.model.answer(req.question, r, context.labelOf)) ?? extractive);
    // a manual in the other language: its words quoted and the fact said (with a model, translated too)
    return this.crossLanguage.annotate(req.question, r, answer, extractive);
  }

  /** Whole sections of the passages, the texts and labels of their pages, and each manual's edition. */
  private async context(r: Retrieval): Promise<AnswerContext> {
    const sections = await this.repo.sections(r.passages.map((p) => p.chunkId));
    const byChunk = new Map(sections.map((s) => [s.childId, s]));
    const keys = r.passages.flatMap((p) => {
      const s = byChunk.get(p.chunkId);
      const [a, b] = s ? [s.pageStart, s.pageEnd] : [p.page, p.pageEnd];
      return Array.from({ length: b - a + 1 }, (_, i) => ({ versionId: p.versionId, page: a + i }));
    });
    const [pages, covers] = await Promise.all([
      this.repo.pages(keys),
      this.repo.firstPages([...new Set(r.passages.map((p) => p.versionId))]),
    ]);
    const labels = new Map(r.passages.map((p) => [`${p.versionId}:${p.page}`, p.pageLabel]));
    return {
      labelOf: (versionId, page) =>
        pages.get(`${versionId}:${page}`)?.label ?? labels.get(`${versionId}:${page}`) ?? String(page),
      sectionOf: (p) => {
        const s = byChunk.get(p.chunkId);
        if (!s) return undefined;
        const span = Array.from({ length: s.pageEnd - s.pageStart + 1 }, (_, i) => s.pageStart + i);
        return {
          text: s.text,
          pages: span.map((page) => ({ page, text: pages.get(`${p.versionId}:${page}`)?.text ?? '' })),
        };
      },
      editionOf: (versionId) => editionOf(covers.get(versionId) ?? ''),
    };
  }
}

const publicPassage = ({ coverage: _c, support: _s, words: _w, ...p }: RetrievedPassage) => p;
