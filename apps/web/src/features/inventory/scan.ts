/**
 * What a scanned code names. A part's label may carry
 * - a link to the part's page (…/inventory/parts/<uuid>, or any URL with `?part=<uuid>`): the part itself;
 * - `AMMS:PART:<uuid>` (our own label format): the part itself;
 * - anything else (an EAN/UPC/Code 128 on the maker's box, our part number, the maker's number in a
 *   QR code): looked up with `GET /parts?barcode=`, which matches the barcode and both part numbers.
 * Control characters (a GS1 group separator, a scanner's trailing newline) are dropped; an empty
 * or overlong payload is no scan at all.
 */
export type ScanTarget = { kind: 'part'; partId: string } | { kind: 'code'; code: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** the API's `barcode` filter takes at most 200 characters */
export const MAX_CODE_LENGTH = 200;

export function parseScan(raw: string): ScanTarget | null {
  // eslint-disable-next-line no-control-regex
  const text = raw.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  if (text === '' || text.length > MAX_CODE_LENGTH) return null;
  const own = /^AMMS:PART:(.+)$/i.exec(text);
  if (own) return UUID.test(own[1]!) ? { kind: 'part', partId: own[1]!.toLowerCase() } : null;
  if (/^https?:\/\//i.test(text)) {
    let url: URL;
    try {
      url = new URL(text);
    } catch {
      return { kind: 'code', code: text };
    }
    const fromQuery = url.searchParams.get('part');
    if (fromQuery && UUID.test(fromQuery)) return { kind: 'part', partId: fromQuery.toLowerCase() };
    const fromPath = /\/parts\/([^/?#]+)\/?$/.exec(url.pathname)?.[1];
    if (fromPath && UUID.test(fromPath)) return { kind: 'part', partId: fromPath.toLowerCase() };
  }
  return { kind: 'code', code: text };
}

/** The text of our own label for a part (what `parseScan` reads back as that part). */
export const partLabelPayload = (partId: string): string => `AMMS:PART:${partId}`;
