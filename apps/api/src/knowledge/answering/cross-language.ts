import { Inject, Injectable, Logger } from '@nestjs/common';
import { z } from 'zod';
import type { TCitation, TCrossLanguage, TKnowledgeAnswer } from '@amms/contracts/knowledge';
import { UntrustedText } from '../../platform/untrusted.js';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { chatJson } from './chat-json.js';
import type { Retrieval } from '../retrieval/retriever.js';
import { textLanguage } from '../../platform/text/script.js';

type Lang = 'zh' | 'en';

/** The question's language: Chinese when its Chinese characters outweigh its Latin words (an English question may name "东岗"). */
export const questionLanguage = (q: string): Lang => textLanguage(q);

const NAME: Record<Lang, Record<Lang, string>> = {
  zh: { zh: '中文', en: '英文' },
  en: { zh: 'Chinese', en: 'English' },
};
const marks = (ns: number[]) => ns.map((n) => `[${n}]`).join('');

/** The marked sentence, in the question's language: the quoted lines are the manual's own words in its language. */
export function crossLanguageNote(language: Lang, source: Lang, cited: number[], all: boolean): string {
  if (language === 'zh')
    return all
      ? `以下内容引自${NAME.zh[source]}原版手册，按原文引用（未翻译）。`
      : `其中 ${marks(cited)} 引自${NAME.zh[source]}原版手册，按原文引用（未翻译）。`;
  return all
    ? `Quoted from the original ${NAME.en[source]} manual, as printed (not translated).`
    : `${marks(cited)} quoted from the original ${NAME.en[source]} manual, as printed (not translated).`;
}

const TRANSLATION_LABEL: Record<Lang, string> = {
  zh: '译文（由模型翻译，仅供参考，以原文为准）：',
  en: 'Translation (by a model, for reference only; the original prevails):',
};

const ZTranslation = z.object({ translation: z.string().min(1).max(4000) });

/**
 * An answer taken from a manual in the other language quotes the original and says so. A
 * model's own answer is kept only when it cites the question's language; otherwise the
 * extractive answer (the manual's words) is given with the note, and, with a model configured,
 * the model's translation of the quoted lines, marked as a translation.
 */
@Injectable()
export class CrossLanguageAnswers {
  private readonly log = new Logger('CrossLanguageAnswers');

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  async annotate(
    question: string,
    r: Retrieval,
    answer: TKnowledgeAnswer,
    extractive: TKnowledgeAnswer,
  ): Promise<TKnowledgeAnswer> {
    const language = questionLanguage(question);
    const langOf = new Map(r.passages.map((p) => [p.versionId, p.language] as const));
    const crossOf = (cs: TCitation[]) =>
      cs.flatMap((c, i) => {
        const l = langOf.get(c.versionId);
        return l && l !== language ? [{ n: i + 1, l }] : [];
      });
    if (!answer.found || crossOf(answer.citations).length === 0) return answer;
    const base = extractive.found ? extractive : answer;
    const cross = crossOf(base.citations);
    if (cross.length === 0) return answer;
    const source = cross[0]!.l;
    const cited = cross.map((c) => c.n);
    const note = crossLanguageNote(language, source, cited, cited.length === base.citations.length);
    const translation = await this.translate(base.answer, language, base.citations.length);
    const info: TCrossLanguage = {
      language,
      sourceLanguage: source,
      citations: cited,
      note,
      translation: translation ? `${TRANSLATION_LABEL[language]}\n${translation}` : null,
    };
    const text = [note, base.answer, ...(info.translation ? ['', info.translation] : [])].join('\n');
    return { ...base, answer: text, crossLanguage: info };
  }

  /** The model's translation of the quoted lines, its citation marks kept; null without a model or on any failure. */
  private async translate(text: string, language: Lang, citations: number): Promise<string | null> {
    const m = this.config.knowledge.answerModel;
    if (!m) return null;
    const boundary = new UntrustedText();
    const target = language === 'zh' ? 'Simplified Chinese' : 'English';
    const system = [
      `You translate quoted lines of an agricultural machinery manual into ${target}.`,
      boundary.instruction(),
      'Translate faithfully, line by line; keep numbers, units, codes and every citation mark like [1] exactly as they are. Add nothing.',
      'Reply with JSON only: {"translation": string}.',
    ].join('\n');
    try {
      const parsed = ZTranslation.safeParse(await chatJson(m, system, boundary.wrap(text)));
      if (!parsed.success) throw new Error('reply is not the expected JSON');
      const out = parsed.data.translation.trim();
      // a mark the quote does not have would cite nothing: the translation is not used
      const bad = [...out.matchAll(/\[(\d+)\]/g)].some((x) => Number(x[1]) < 1 || Number(x[1]) > citations);
      if (bad) throw new Error('the translation cites a mark the answer does not have');
      return out;
    } catch (err) {
      this.log.warn(`translation skipped: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}
