import { Injectable } from '@nestjs/common';
import type {
  TKnowledgeAnswer,
  TKnowledgeAnswerRequest,
  TKnowledgeSearchRequest,
  TKnowledgeSearchResponse,
} from '@amms/contracts/knowledge';
import type { OrgContext } from '../platform/access/context.js';
import { CrossLanguageAnswers } from './search/cross-language.js';
import { extractiveAnswer, isFound } from './search/extractive-answerer.js';
import { ModelAnswerer } from './search/model-answerer.js';
import { Retriever } from './search/retriever.js';

/** Search and cited answers over the manuals an org may read (its own + the platform's, current READY versions). */
@Injectable()
export class KnowledgeService {
  constructor(
    private readonly retriever: Retriever,
    private readonly model: ModelAnswerer,
    private readonly crossLanguage: CrossLanguageAnswers,
  ) {}

  async search(ctx: OrgContext, req: TKnowledgeSearchRequest): Promise<TKnowledgeSearchResponse> {
    const r = await this.retriever.retrieve(ctx, {
      query: req.query,
      machineModelId: req.machineModelId,
      assetId: req.assetId,
      limit: req.limit,
    });
    return { items: r.passages.map(({ coverage: _c, support: _s, words: _w, ...p }) => p), mode: r.mode };
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
      limit: 8,
    });
    const labels = new Map(r.passages.flatMap((p) => [[`${p.versionId}:${p.page}`, p.pageLabel] as const]));
    const labelOf = (versionId: string, page: number) => labels.get(`${versionId}:${page}`) ?? String(page);
    const extractive = extractiveAnswer(req.question, r, labelOf);
    const answer =
      !this.model.enabled || !isFound(r)
        ? extractive
        : ((await this.model.answer(req.question, r, labelOf)) ?? extractive);
    // a manual in the other language: its words quoted and the fact said (with a model, translated too)
    return this.crossLanguage.annotate(req.question, r, answer, extractive);
  }
}
