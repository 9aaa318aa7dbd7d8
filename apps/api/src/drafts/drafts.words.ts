import type { ApiLanguage } from '../platform/http/language.js';

/** The reader's language for the drafts module's own texts. */
export type DraftLang = ApiLanguage;

/** An unplaced job's detail when an edit left it out of the draft. */
export const removedByEdit = (lang: DraftLang, version: number): string =>
  lang === 'zh' ? `第${version}版编辑时移出了草案` : `Removed from the draft in version ${version}`;
