/** The two languages the API writes its own sentences in (findings, reasons, notices). */
export type ApiLanguage = 'zh' | 'en';

/**
 * The language to answer a person in: the request's `Accept-Language` when its most preferred
 * tag that the API writes is Chinese or English (the web's proxy sends the language chosen in
 * the UI), else the member's own locale (`User.locale`, zh-CN by default; "en…" is English), as
 * the notifications and the weekly purchase do.
 */
export function requestLanguage(acceptLanguage: string | undefined, userLocale: string | null): ApiLanguage {
  const tags = (acceptLanguage ?? '')
    .split(',')
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim().toLowerCase(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((t) => t.q > 0 && (t.tag.startsWith('zh') || t.tag.startsWith('en')))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  if (tags[0]) return tags[0].tag.startsWith('zh') ? 'zh' : 'en';
  return (userLocale ?? '').toLowerCase().startsWith('en') ? 'en' : 'zh';
}
