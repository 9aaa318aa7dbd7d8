import type { TAgentCitation, TPlanLanguage } from '@amms/contracts/agent';
import type { TCorrectiveItem } from '@amms/contracts/drafts';
import type { TCreateWorkOrderRequest } from '@amms/contracts/maintenance';
import { citationRef } from '../../knowledge/index.js';
import { canonicalJson } from '../../platform/crypto/hash-chain.js';
import { sha256 } from '../../planning/draft-content.js';
import { faultCodeForms, fold, startsWithCode } from './fault-code-forms.js';

/**
 * A diagnosis → one CORRECTIVE work-order item. Pure and deterministic: the same passages,
 * history and window give the same item (and item key).
 *
 * From the manual passages of the machine's model (best first, as retrieved):
 * - checklist steps: sentences with a servicing verb (检查/清理/更换/… check/clean/replace/…),
 *   in passage order, each citing its page; at most 10;
 * - likely causes, ranked: a fault-code table row's meaning first, then sentences that state a
 *   cause (堵塞/不足/损坏/打滑/… clogged/low/worn/loose/…), then — ranked below anything the
 *   manual says — checklist items that FAILED on this machine before (its own history);
 * - parts: what a step says to replace ("更换机油滤清器", "replace the fuel filter"), with a
 *   part number when the sentence carries one.
 * Nothing from the manual (no passage found) → one generic inspection step, causes from the
 * history only, `manualEvidence: false`.
 */

export interface DiagnosisPassage {
  documentId: string;
  versionId: string;
  title: string;
  page: number;
  pageLabel: string;
  text: string;
  snippet: string;
  /** the retriever's score: passages far below the best one are not used */
  score?: number;
}

export interface DiagnosisHistory {
  failedChecks: { label: string; note: string | null }[];
}

export interface CorrectiveInput {
  asset: { id: string; name: string; modelName: string | null };
  /** '' for a code a machine reported (telematics): the meaning its fault-code table row gives, else the code */
  symptom: string;
  faultCode: string | null;
  language: TPlanLanguage;
  passages: DiagnosisPassage[];
  history: DiagnosisHistory;
  window: { plannedStart: string; plannedEnd: string };
  estimatedHours: number;
}

const MAX_STEPS = 10;
/** passages used: at most this many, and only those scoring at least RELEVANT × the best one */
const MAX_PASSAGES = 4;
const RELEVANT = 0.4;
const HEADING = /^\d+(?:\.\d+)*\s+\S{1,20}$/;
const PAGE_LABEL = /^(?:[ivxlc]+|\d+(?:-\d+)?)$/i;

/** A running header / footer ("<manual title> | 5 故障排除", "5 故障排除 | 5-1") or a bare numbered heading. */
function isPageFurniture(s: string, title: string): boolean {
  if (s.includes(title) || HEADING.test(s)) return true;
  const cells = s.split(/\s\|\s/).map((c) => c.trim());
  return cells.length === 2 && cells.some((c) => PAGE_LABEL.test(c) || HEADING.test(c));
}
/** "1. ", "2) ", "（3）" in front of a step */
const NUMBERING = /^(?:\d{1,2}[.)、]|[（(]\d{1,2}[)）])\s*/;
const MAX_CAUSES = 6;
const MAX_PARTS = 8;
const LABEL_CHARS = 200;

const STEP_VERB =
  /检查|清理|清洗|清除|更换|调整|加注|补充|拧紧|紧固|排放|排气|测量|校准|疏通|润滑|\b(?:check|inspect|clean|replace|adjust|top up|refill|tighten|drain|bleed|measure|calibrate|flush|lubricate|grease|test)\b/i;
const CAUSE_WORD =
  /原因|可能|由于|因为|堵塞|不足|过低|过少|损坏|断路|短路|打滑|松动|泄漏|磨损|老化|卡滞|失效|\b(?:cause[ds]?|due to|because|clogged|blocked|low|worn|damaged|loose|slipping|leaking|faulty|failed|open circuit|short)\b/i;
const REPLACE = /(?:更换|换新)\s*([^，,。；;：:\n]{2,24})|\breplace\s+(?:the\s+)?([^.,;:\n]{2,40})/i;
// a row of a fault-code table: "E12 …", "P0217 …", or J1939 SPN.FMI behind a controller or not ("ECU 000110.16 …", "110.16 …")
const CODE_ROW = /^(?:[A-Z]{1,3}-?\d{1,5}|(?:[A-Z]{2,4}\s)?\d{2,6}\.\d{1,2})\s/;
const PART_NUMBER = /\b([A-Z]{1,4}\d{3,}[A-Z0-9-]*)\b/;

const citationOf = (p: DiagnosisPassage, snippet: string): TAgentCitation => citationRef(p, snippet.slice(0, 160));

/** A passage's text as sentences (Chinese and English punctuation, line breaks, table rows). */
export function sentences(text: string): string[] {
  return text
    .split(/(?<=[。！？!?；;])|\n+|(?<=\.)\s+(?=[A-Z])/)
    .map((s) => s.replace(/\s+/g, ' ').trim())
    .filter((s) => s.length >= 4);
}

const clip = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

export function buildCorrective(input: CorrectiveInput): TCorrectiveItem {
  const zh = input.language === 'zh';
  const steps: TCorrectiveItem['checklist'] = [];
  const causes: { cause: string; citation: TAgentCitation | null }[] = [];
  const parts: TCorrectiveItem['parts'] = [];
  const seen = new Set<string>();
  let codeCauses = 0;
  let meaning: string | null = null;
  const forms = input.faultCode ? faultCodeForms(input.faultCode) : [];

  const best = Math.max(0, ...input.passages.map((p) => p.score ?? 0));
  // a passage naming the fault code is always relevant (its table row says what the code means)
  const hasCode = (p: DiagnosisPassage) => forms.some((f) => fold(p.text).includes(f));
  // front matter (pages numbered i, ii, iii …: preface, contents) never troubleshoots
  const frontMatter = (p: DiagnosisPassage) => /^[ivxlc]+$/i.test(p.pageLabel);
  const used = input.passages
    .filter((p) => !frontMatter(p) && (hasCode(p) || p.score === undefined || best <= 0 || p.score >= best * RELEVANT))
    .slice(0, MAX_PASSAGES);
  for (const p of used) {
    for (const raw of sentences(p.text)) {
      const s = raw.replace(NUMBERING, '');
      const key = s.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const cite = citationOf(p, s);
      // a fault-code table row: "E12 | 水温传感器断路 | 检查…" (meaning, action) or
      // "E12 | 冷却液温度过高 | 散热器堵塞、冷却液不足 | 按 5.3 节排除" (meaning, causes, action): its causes come first
      if (input.faultCode && startsWithCode(fold(s), forms) && s.length <= 200) {
        // the row's first cell is the code (in any of its forms): the cells after it say what it means
        const cells = (s.includes('|') ? s.split('|').slice(1) : s.split(/\s+/).slice(1))
          .map((c) => c.trim())
          .filter(Boolean);
        meaning ??= cells[0] ?? null;
        const named =
          cells.length >= 3
            ? cells[1]!
                .split(/[、，,;；]/)
                .map((c) => c.trim())
                .filter(Boolean)
            : cells.slice(0, 1);
        causes.splice(codeCauses, 0, ...named.map((c) => ({ cause: clip(c), citation: cite })));
        codeCauses += named.length;
        if (cells.length > 1) steps.push({ label: clip(cells.at(-1)!), citation: cite });
        continue;
      }
      if (isPageFurniture(s, p.title)) continue;
      // another code's row of a fault-code table says nothing about this fault
      if (CODE_ROW.test(s)) continue;
      if (STEP_VERB.test(s) && steps.length < MAX_STEPS) steps.push({ label: clip(s), citation: cite });
      else if (CAUSE_WORD.test(s)) causes.push({ cause: clip(s), citation: cite });
      const r = REPLACE.exec(s);
      const name = r ? (r[1] ?? r[2] ?? '').trim() : '';
      if (name && parts.length < MAX_PARTS && !parts.some((x) => x.name === name)) {
        parts.push({ name: clip(name), partNumber: PART_NUMBER.exec(s)?.[1] ?? null, citation: cite });
      }
    }
  }
  // the manual's steps also say where to look when it names no cause outright
  if (causes.length === 0)
    for (const s of steps.slice(0, 3))
      causes.push({ cause: clip(zh ? `需排查：${s.label}` : `To rule out: ${s.label}`), citation: s.citation });
  for (const f of input.history.failedChecks) {
    if (causes.length >= MAX_CAUSES) break;
    causes.push({
      cause: clip(
        zh
          ? `此前检查未通过：${f.label}${f.note ? `（${f.note}）` : ''}`
          : `Failed at an earlier check: ${f.label}${f.note ? ` (${f.note})` : ''}`,
      ),
      citation: null,
    });
  }
  const manualEvidence = used.length > 0;
  const symptom =
    input.symptom || clip(meaning ?? (zh ? `故障码 ${input.faultCode}` : `fault code ${input.faultCode}`));
  if (steps.length === 0)
    steps.push({
      label: zh
        ? `按报告的症状检查机器并记录发现：${symptom}`
        : `Inspect the machine for the reported symptom and record the findings: ${symptom}`,
      citation: null,
    });

  const citations: TAgentCitation[] = [];
  for (const c of [
    ...causes.map((x) => x.citation),
    ...steps.map((x) => x.citation),
    ...parts.map((x) => x.citation),
  ]) {
    if (c && !citations.some((x) => x.versionId === c.versionId && x.page === c.page)) citations.push(c);
  }
  const title = clip(
    input.faultCode
      ? zh
        ? `故障码 ${input.faultCode}：${symptom}`
        : `Fault code ${input.faultCode}: ${symptom}`
      : zh
        ? `故障维修：${symptom}`
        : `Repair: ${symptom}`,
  );
  const base = {
    kind: 'CORRECTIVE_WORK_ORDER' as const,
    assetId: input.asset.id,
    assetName: input.asset.name,
    modelName: input.asset.modelName,
    title,
    symptom: symptom,
    faultCode: input.faultCode,
    priority: 4,
    causes: causes.slice(0, MAX_CAUSES).map((c, i) => ({ rank: i + 1, ...c })),
    checklist: steps.slice(0, MAX_STEPS),
    parts,
    estimatedHours: input.estimatedHours,
    ...input.window,
    manualEvidence,
    citations,
  };
  return { ...base, itemKey: correctiveItemKey(base) };
}

/** Stable key: the same machine, title and window always give the same key (one work order per execution retry). */
export function correctiveItemKey(i: {
  assetId: string;
  title: string;
  plannedStart: string;
  plannedEnd: string;
}): string {
  return `cwo:${sha256(canonicalJson({ assetId: i.assetId, title: i.title, plannedStart: i.plannedStart, plannedEnd: i.plannedEnd })).slice(0, 40)}`;
}

/** The work order a confirmed diagnosis item creates: the causes, parts and pages in its description, the steps as its checklist. */
export function correctiveRequest(item: TCorrectiveItem): TCreateWorkOrderRequest {
  const page = (c: TAgentCitation | null) => (c ? ` [${c.title} p.${c.pageLabel}]` : '');
  const lines = [
    `Symptom: ${item.symptom}${item.faultCode ? ` (code ${item.faultCode})` : ''}`,
    ...(item.causes.length
      ? ['Likely causes:', ...item.causes.map((c) => `${c.rank}. ${c.cause}${page(c.citation)}`)]
      : []),
    ...(item.parts.length
      ? [
          'Parts named by the manual:',
          ...item.parts.map((p) => `- ${p.name}${p.partNumber ? ` (${p.partNumber})` : ''}${page(p.citation)}`),
        ]
      : []),
    item.manualEvidence
      ? `Manual pages: ${item.citations.map((c) => `${c.title} p.${c.pageLabel}`).join('; ')}`
      : 'No manual passage found for this symptom; based on the machine history.',
  ];
  return {
    type: 'CORRECTIVE',
    assetId: item.assetId,
    title: item.title.slice(0, 200),
    description: lines.join('\n').slice(0, 4000),
    priority: item.priority,
    plannedStart: item.plannedStart,
    plannedEnd: item.plannedEnd,
    checklist: item.checklist.slice(0, 50).map((s) => ({ label: s.label.slice(0, 200) })),
  };
}
