// Types of knowledge-answers.mjs for the TypeScript callers (apps/api's eval floor test).
export interface EvalQuestion {
  id: string;
  question: string;
  kind: string;
  language: 'zh' | 'en';
  expected: { document: string; pages: number[] } | null;
  keyFacts?: string[][];
  procedure?: boolean;
}
export interface EvalAnswer {
  found: boolean;
  answer: string;
  citations: { documentId: string; page: number }[];
}
export interface Score {
  found: boolean;
  clean: boolean;
  unclean: [string, string][];
  right: boolean;
  stated?: boolean;
  citedRight?: boolean;
  complete?: boolean;
}
export interface ScoredRow {
  q: EvalQuestion;
  s: Score;
}
export interface Summary {
  n: number;
  answerable: number;
  right: number;
  clean: number;
  unclean: number;
  unanswerable: number;
  refused: number;
  procedures: number;
  complete: number;
}
export function splitOf(id: string): 'tuning' | 'held-out';
export function squash(s: string): string;
export function uncleanLines(answerText: string, titles: string[]): [string, string][];
export function statesKeyFacts(q: EvalQuestion, answerText: string): boolean;
export function scoreAnswer(
  q: EvalQuestion,
  answer: EvalAnswer,
  docKeyOf: (documentId: string) => string,
  titles: string[],
): Score;
export function summarize(rows: ScoredRow[]): Summary;
export function pickAfterAskBack(
  q: EvalQuestion,
  answer: EvalAnswer & { askBack?: { manuals: { documentId: string }[] } | null },
  docKeyOf: (documentId: string) => string,
): string | null;
