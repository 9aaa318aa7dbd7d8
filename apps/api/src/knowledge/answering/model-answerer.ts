import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import type { TCitation, TKnowledgeAnswer } from '@amms/contracts/knowledge';
import { UntrustedText } from '../../platform/untrusted.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { chatJson } from './chat-json.js';
import { citationOf } from './extractive-answerer.js';
import type { Retrieval } from '../retrieval/retriever.js';

const ZModelReply = z.object({
  found: z.boolean(),
  answer: z.string().min(1).max(2000),
  /** evidence ids ("E1", "E2", …) the answer rests on */
  citations: z.array(z.string().regex(/^E\d{1,2}$/)).max(8),
});

/**
 * Optional generated answers (KNOWLEDGE_ANSWERER=openai-compatible, the agent's AGENT_OPENAI_*
 * model). The evidence goes in wrapped as untrusted data; the reply must be JSON whose cited ids
 * exist among the evidence, else null (the caller falls back to the extractive answer).
 */
@Injectable()
export class ModelAnswerer {
  private readonly log = new Logger('ModelAnswerer');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  get enabled(): boolean {
    return this.config.knowledge.answerModel !== null;
  }

  async answer(
    question: string,
    r: Retrieval,
    labelOf: (versionId: string, page: number) => string,
  ): Promise<TKnowledgeAnswer | null> {
    const m = this.config.knowledge.answerModel;
    if (!m || r.passages.length === 0) return null;
    const evidence = r.passages.slice(0, 6).flatMap((p) => p.support.slice(0, 2).map((s) => ({ p, s })));
    const boundary = new UntrustedText();
    const system = [
      'You answer questions about agricultural machinery manuals using ONLY the numbered evidence.',
      boundary.instruction(),
      'Reply with JSON only: {"found": boolean, "answer": string, "citations": ["E1", …]}. Every sentence of the answer must be supported by a cited evidence id.',
      'If the evidence does not answer the question, reply {"found": false, "answer": "…the manuals do not say…", "citations": []}. Answer in the language of the question.',
    ].join('\n');
    const user = `Question: ${boundary.wrap(question)}\n\nEvidence:\n${evidence.map((e, i) => `E${i + 1} (${e.p.title}, page ${e.s.page}): ${boundary.wrap(e.s.sentence)}`).join('\n')}`;
    try {
      const parsed = ZModelReply.safeParse(await chatJson(m, system, user));
      if (!parsed.success) throw new Error('reply is not the expected JSON');
      const reply = parsed.data;
      if (!reply.found) return null; // "not found" is decided by the extractive rule, never by the model alone
      const ids = [...new Set(reply.citations)];
      const picked = ids.map((id) => evidence[Number(id.slice(1)) - 1]);
      if (ids.length === 0 || picked.some((e) => e === undefined))
        throw new Error('the reply cites evidence that was not retrieved');
      const citations: TCitation[] = picked.map((e) => citationOf(e!.p, e!.s, labelOf(e!.p.versionId, e!.s.page)));
      // the model's [E2] marks become [n] in the order of `citations`
      const answer = ids.reduce((a, id, i) => a.split(`[${id}]`).join(`[${i + 1}]`), reply.answer);
      return { found: true, answer, citations, answerer: 'model', mode: r.mode };
    } catch (err) {
      this.log.warn(
        `model answer rejected, using the extractive one: ${err instanceof Error ? err.message : String(err)}`,
      );
      return null;
    }
  }
}
