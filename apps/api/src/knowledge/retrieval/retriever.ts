import { Injectable, Logger } from '@nestjs/common';
import type { TKnowledgePassage } from '@amms/contracts/knowledge';
import type { OrgContext } from '../../platform/access/context.js';
import { DocumentsRepository } from '../documents.repository.js';
import { KnowledgeErrors } from '../knowledge.errors.js';
import {
  contentWords,
  expandQuery,
  EXPANSION_RANK_WEIGHT,
  realise,
  realiseAcross,
  type TermGroup,
} from '../glossary/expansion.js';
import { findForms, MACHINE_KIND_TERMS } from '../glossary/glossary.js';
import { withStatedTerms } from '../glossary/stated-terms.js';
import { hasHan, textLanguage } from '../../platform/text/script.js';
import {
  codeTerms,
  passageTokens,
  queryWords,
  querySearchTokens,
  words as wordTokens,
} from '../../platform/text/segment.js';
import { denseTopK } from './dense-scan.js';
import { EmbeddingsClient } from './embeddings.js';
import { coverage, supportingSentences, weighWords, type Located, type WeightedWords } from './evidence.js';
import {
  bestPerManual,
  machineMention,
  NAMED_MANUAL_SHARE,
  namedManuals,
  namesAny,
  type ManualIdentity,
} from './machines.js';
import { QueryEmbeddings } from './query-embeddings.js';
import { knownWords, regluedWords, shareWeights, wordsToLookUp } from './unknown-words.js';
import { SearchRepository, type ChunkDetail, type RankedId, type SearchScope } from './search.repository.js';

export const RRF_K = 60;
/**
 * Full-text ranks by term density, blind to how rare a word is ("tractor" on every page counts like
 * "wheelbase"): a candidate's idf-weighted coverage of the question is added to its fused score,
 * full coverage weighing like one more first rank.
 */
export const COVERAGE_RANK_WEIGHT = 1;
const LEXICAL_CANDIDATES = 100;
/** fused candidates looked at when the answer is limited to some manuals (a machine named, a manual chosen) */
const WIDE_CANDIDATES = 120;
const COVER_CACHE_MAX = 500;

export interface RetrievedPassage extends TKnowledgePassage {
  /** share of the question's (idf-weighted) words the passage and its section cover, 0..1 */
  coverage: number;
  /** the passage's best supporting sentences, each located on a page */
  support: Located[];
  /** the question's weighted words as this passage says them (glossary synonyms and translations chosen, see glossary/expansion.ts) */
  words: WeightedWords;
}

export interface Retrieval {
  passages: RetrievedPassage[];
  mode: 'lexical' | 'hybrid';
  words: WeightedWords;
  /**
   * Things the question names that the glossary knows (插秧机, warranty, 行距) but that no
   * visible manual says in any of the glossary's forms, in either language: the manuals do not
   * cover them, however well the question's other words are covered.
   */
  absent?: string[];
  /**
   * passages of a page that a better passage already stands for (one passage per page is ranked): another
   * section of a dense page can still print the value asked ("3.2 Forward speed" under "3.1 Starting work")
   */
  samePage?: RetrievedPassage[];
  /** each manual among the candidates with its best coverage, best first (what ask-back compares) */
  manuals?: (ManualIdentity & { coverage: number })[];
  /**
   * the question names a machine (kind, maker, model); `manuals` are that machine's manuals, `preferred`
   * the same when they answer nearly as well as the best, else null
   */
  machine?: { named: boolean; preferred: string[] | null; manuals?: string[] };
  /** the caller limited the manuals (a machine model, an asset, a chosen manual): nothing to ask back */
  scoped?: boolean;
}

/** Reciprocal Rank Fusion: Σ w / (k + rank) over the lists a chunk appears in (rank 1-based; w = the list's weight, 1 by default). */
export function rrf(lists: RankedId[][], k = RRF_K, weights: number[] = []): Map<string, number> {
  const fused = new Map<string, number>();
  lists.forEach((list, l) => {
    const w = weights[l] ?? 1;
    list.forEach((r, i) => fused.set(r.id, (fused.get(r.id) ?? 0) + w / (k + i + 1)));
  });
  return fused;
}

/**
 * Hybrid retrieval: lexical full-text over jieba tokens and trigram matching of codes, plus the
 * dense stage when embeddings are configured, fused by RRF (k = 60). The glossary's expansion
 * of the question (the other language's terms, the terms behind colloquial sayings) runs as its
 * own lexical and code lists at a lower fusion weight, so the question's own words rank first.
 * Permissions and current versions are part of each query and re-checked when the passages are loaded.
 */
@Injectable()
export class Retriever {
  private readonly log = new Logger('Retriever');
  /** cover texts by version id (a READY version's pages never change) */
  private readonly covers = new Map<string, string>();

  constructor(
    private readonly repo: SearchRepository,
    private readonly documents: DocumentsRepository,
    private readonly embeddings: EmbeddingsClient,
    private readonly queryVectors: QueryEmbeddings,
  ) {}

  async scopeOf(ctx: OrgContext, input: { machineModelId?: string; assetId?: string }): Promise<SearchScope | null> {
    let machineModelId = input.machineModelId;
    if (input.assetId) {
      const modelId = await this.documents.assetModelId(ctx.organizationId, input.assetId);
      if (!modelId) throw KnowledgeErrors.assetNotFound();
      if (machineModelId && machineModelId !== modelId) return null;
      machineModelId = modelId;
    }
    return { organizationId: ctx.organizationId, ...(machineModelId ? { machineModelId } : {}) };
  }

  async retrieve(
    ctx: OrgContext,
    input: { query: string; machineModelId?: string; assetId?: string; documentId?: string; limit: number },
  ): Promise<Retrieval> {
    const scope = await this.scopeOf(ctx, input);
    const asked = contentWords(queryWords(input.query));
    if (!scope) return { passages: [], mode: 'lexical', words: weighWords(asked, new Map(), 0) };
    const reglued = regluedWords(input.query);
    const stats = await this.repo.documentFrequencies(scope, wordsToLookUp(asked, reglued));
    const forms = findForms(input.query).map((m) => m.form.toLowerCase());
    const known = knownWords(asked, stats.df, forms, reglued);
    const words = contentWords(known.words);
    const tokens = [...new Set([...querySearchTokens(input.query), ...words.filter((w) => !asked.includes(w))])];
    const codes = codeTerms(input.query);
    const exp = expandQuery(input.query, words, tokens);
    const [lexical, trigram, lexicalExp, trigramExp, dense, titles] = await Promise.all([
      this.repo.lexical(scope, tokens, LEXICAL_CANDIDATES),
      this.repo.trigram(scope, codes, 50),
      this.repo.lexical(scope, exp.lexicalTokens, LEXICAL_CANDIDATES),
      this.repo.trigram(
        scope,
        exp.codeTerms.filter((c) => !codes.includes(c)),
        50,
      ),
      this.dense(scope, input.query),
      this.repo.titles(scope),
    ]);
    const ww = shareWeights(weighWords(words, stats.df, stats.total), known.split, stats.df, stats.total);
    const absentP = this.absentConcepts(scope, exp.groups, stats.df, titles);
    const x = EXPANSION_RANK_WEIGHT;
    const fused = dense
      ? rrf([lexical, trigram, dense, lexicalExp, trigramExp], RRF_K, [1, 1, 1, x, x])
      : rrf([lexical, trigram, lexicalExp, trigramExp], RRF_K, [1, 1, x, x]);
    // a manual chosen by the caller (the answer to an ask-back) must be one it may read
    if (input.documentId && !titles.some((t) => t.id === input.documentId)) throw KnowledgeErrors.documentNotFound();
    const identities = await this.identities(titles);
    const mention = machineMention(input.query, exp.groups);
    const named = input.documentId ? [] : namedManuals(mention, identities);
    const limitTo = input.documentId ? [input.documentId] : named;
    const narrow = Math.max(30, input.limit * 4);
    const ranked = [...fused].sort((a, b) => b[1] - a[1]).slice(0, limitTo.length ? WIDE_CANDIDATES : narrow);
    const details = await this.repo.details(
      scope,
      ranked.map(([id]) => id),
    );
    const byId = new Map(details.map((d) => [d.id, d]));
    // a title naming what the question names (联合收割机, "sprayer") lifts that manual's passages
    const titleBoost = new Map(
      titles.map((t) => [t.id, coverage(realise(ww, exp.groups, t.title), t.title) / RRF_K / 2]),
    );

    let candidates = ranked
      .map(([id, s], i) => ({ d: byId.get(id), s, first: i < narrow }))
      .filter((x): x is { d: ChunkDetail; s: number; first: boolean } => x.d !== undefined);
    if (limitTo.length) {
      // the first candidates overall, and the first of the manuals the answer may be limited to
      const inLimit = candidates.filter((x) => limitTo.includes(x.d.documentId)).slice(0, narrow);
      candidates = input.documentId ? inLimit : [...new Set([...candidates.filter((x) => x.first), ...inLimit])];
    } else candidates = candidates.filter((x) => x.first);
    const pages = await this.repo.pages(
      candidates.flatMap(({ d }) => range(d.pageStart, d.pageEnd).map((page) => ({ versionId: d.versionId, page }))),
    );
    const questionZh = isChineseQuestion(input.query);
    // the synonyms the candidate passages state themselves (拾禾器（又称捡拾器）, 动力输出轴（PTO）) join the glossary's
    const texts = candidates.map((x) => x.d.text);
    const groups = withStatedTerms(exp.groups, input.query, words, texts);
    let scored = candidates.map((x) => {
      const said = `${x.d.title}\n${x.d.section ?? ''}\n${x.d.text}`;
      // a passage in the other language is not held to the words no glossary entry translates
      const across = (x.d.language === 'zh') !== questionZh;
      const pw = across ? realiseAcross(ww, groups, said, questionZh) : realise(ww, groups, said);
      return { ...x, said, pw, own: coverage(ww, said), covered: coverage(pw, said) };
    });
    // the machine the question names is its subject when its manuals answer nearly as well as the best
    let preferred: string[] | null = null;
    if (named.length) {
      const best = Math.max(0, ...scored.map((c) => c.covered));
      const bestNamed = Math.max(0, ...scored.filter((c) => named.includes(c.d.documentId)).map((c) => c.covered));
      if (bestNamed > 0 && bestNamed >= best * NAMED_MANUAL_SHARE) {
        preferred = named;
        scored = scored.filter((c) => named.includes(c.d.documentId));
      } else scored = scored.filter((c) => c.first);
    }
    const manuals = bestPerManual(scored, identities);
    // the glossary lifts a passage only by what it covers beyond the best passage in the
    // question's own words: a Chinese question the Chinese manuals answer well stays with them
    const bestOwn = Math.max(0, ...scored.map((c) => c.own));
    const ordered = scored
      .map((x) => ({
        ...x,
        s:
          x.s +
          (titleBoost.get(x.d.documentId) ?? 0) +
          Math.max(0, x.covered - bestOwn) / RRF_K +
          (COVERAGE_RANK_WEIGHT * x.covered) / RRF_K,
      }))
      .sort((a, b) => b.s - a.s);
    const passages: RetrievedPassage[] = [];
    const samePage: RetrievedPassage[] = [];
    const seenPages = new Set<string>();
    for (const { d, s, said, pw } of ordered) {
      const pageTexts = range(d.pageStart, d.pageEnd).map((page) => ({
        page,
        text: pages.get(`${d.versionId}:${page}`)?.text ?? '',
      }));
      const support = supportingSentences(pw, d.text, d.section, pageTexts);
      const best = support[0];
      if (!best) continue;
      const key = `${d.versionId}:${best.page}`;
      const shown = !seenPages.has(key);
      seenPages.add(key);
      if (!shown && samePage.length >= input.limit * 2) continue;
      (shown ? passages : samePage).push({
        chunkId: d.id,
        documentId: d.documentId,
        versionId: d.versionId,
        title: d.title,
        language: d.language,
        page: best.page,
        pageEnd: Math.max(d.pageEnd, best.page),
        pageLabel: pages.get(key)?.label ?? String(best.page),
        section: d.section,
        snippet: best.snippet,
        text: d.text,
        score: Math.round(s * 1e6) / 1e6,
        // the title counts: it names the machine ("联合收割机") the question may name
        coverage: coverage(pw, said),
        support,
        words: pw,
      });
      if (passages.length >= input.limit) break;
    }
    return {
      passages,
      samePage,
      mode: dense ? 'hybrid' : 'lexical',
      words: ww,
      absent: await absentP,
      manuals,
      machine: { named: namesAny(mention), preferred, manuals: named },
      scoped: Boolean(input.documentId || scope.machineModelId),
    };
  }

  /** The visible manuals with their title page (title + cover text), covers cached by version. */
  private async identities(
    titles: { id: string; versionId: string; title: string; language: 'zh' | 'en' }[],
  ): Promise<ManualIdentity[]> {
    const missing = titles.filter((t) => !this.covers.has(t.versionId)).map((t) => t.versionId);
    if (missing.length) {
      const covers = await this.repo.firstPages(missing);
      if (this.covers.size + missing.length > COVER_CACHE_MAX) this.covers.clear();
      for (const v of missing) this.covers.set(v, covers.get(v) ?? '');
    }
    return titles.map((t) => ({
      documentId: t.id,
      title: t.title,
      language: t.language,
      text: `${t.title}\n${this.covers.get(t.versionId) ?? ''}`,
    }));
  }

  /**
   * The glossary concepts of the question that the visible manuals never say: none of the
   * question's words for it (df 0), nor the form matched, nor any other term of the entry in
   * either language, in any chunk or title. Units and the words of what kind of answer is wanted
   * (interval, capacity) are left out: they say nothing about a topic.
   */
  private async absentConcepts(
    scope: SearchScope,
    groups: TermGroup[],
    df: Map<string, number>,
    titles: { title: string }[],
  ): Promise<string[]> {
    let candidates = groups.filter(
      (g) => g.domain !== 'units' && !g.answerKind && !g.maker && g.words.every((w) => (df.get(w) ?? 0) === 0),
    );
    if (candidates.length === 0) return [];
    const titleText = titles.map((t) => t.title.toLowerCase()).join('\n');
    const titleTokens = passageTokens(titleText);
    const said = (terms: string[]) => {
      const han = terms.filter(hasHan);
      const latin = terms
        .filter((t) => !hasHan(t))
        .map((t) => wordTokens([t]).join(' '))
        .filter(Boolean);
      const inTitle =
        han.some((t) => titleText.includes(t.toLowerCase())) ||
        latin.some((t) => t.split(' ').every((w) => titleTokens.has(w)));
      return { han, latin, inTitle };
    };
    // a machine kind the manuals never name says the library has no manual for that machine only
    // when its manuals name the machines they are for; a manual of a part ("Auger") names none
    if (candidates.some((g) => g.machineKind)) {
      const kinds = said([...MACHINE_KIND_TERMS]);
      const namesKinds = kinds.inTitle || (await this.repo.saysAny(scope, { han: kinds.han, latin: kinds.latin }));
      if (!namesKinds) candidates = candidates.filter((g) => !g.machineKind);
      if (candidates.length === 0) return [];
    }
    const absent = await Promise.all(
      candidates.map(async (g) => {
        const { han, latin, inTitle } = said([g.form, ...g.words, ...g.alternatives.map((a) => a.join(' '))]);
        return inTitle || (await this.repo.saysAny(scope, { han, latin })) ? null : g.form;
      }),
    );
    return absent.filter((f): f is string => f !== null);
  }

  /** Cosine over all visible chunks embedded by the current model (no cap); null when the stage is off or failing. */
  private async dense(scope: SearchScope, query: string): Promise<RankedId[] | null> {
    const modelKey = this.embeddings.modelKey;
    if (!modelKey) return null;
    try {
      const q = await this.queryVectors.vector(query);
      if (!q) return null;
      return await denseTopK(this.repo, scope, modelKey, q, LEXICAL_CANDIDATES);
    } catch (err) {
      this.log.warn(`dense stage skipped: ${err instanceof Error ? err.message : String(err)}`);
      return null;
    }
  }
}

const isChineseQuestion = (q: string) => textLanguage(q) === 'zh';

const range = (a: number, b: number) => Array.from({ length: b - a + 1 }, (_, i) => a + i);
