/** What the answerer reads besides the retrieval: page labels, whole sections, a version's edition. */
import type { RetrievedPassage } from '../retrieval/retriever.js';

export interface AnswerContext {
  labelOf(versionId: string, page: number): string;
  /** the whole section (parent chunk) of a passage, with the texts of the pages it spans */
  sectionOf?(p: RetrievedPassage): { text: string; pages: { page: number; text: string }[] } | undefined;
  /** the edition / publication line of a version's cover, when it has one */
  editionOf?(versionId: string): string | null;
}
