import { randomInt } from 'node:crypto';
import { expect, type APIRequestContext } from '@playwright/test';
import { API_URL, type ApiUser } from './field.js';

/** Helpers of the knowledge journeys (j11) and the accessibility pass over the knowledge pages. */

/**
 * A small, valid PDF with a text layer: one page per entry, each a list of ASCII lines in
 * Helvetica (a standard font: nothing embedded, every PDF reader extracts the text).
 * `padBytes`: an unreferenced stream of that many bytes (a large file, same pages; readers skip it).
 */
export function textPdf(pages: string[][], padBytes = 0): Buffer {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const objects: string[] = [];
  const pageIds: number[] = [];
  // 1 catalog, 2 page tree, 3 font; then a page and its content stream per page
  const fontId = 3;
  pages.forEach((lines, i) => {
    const pageId = 4 + i * 2;
    pageIds.push(pageId);
    const stream = `BT /F1 12 Tf 16 TL 72 760 Td ${lines.map((l) => `(${esc(l)}) Tj T*`).join(' ')} ET`;
    objects[pageId] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${fontId} 0 R >> >> /Contents ${pageId + 1} 0 R >>`;
    objects[pageId + 1] = `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`;
  });
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`;
  objects[fontId] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>';

  if (padBytes > 0) objects.push(`<< /Length ${padBytes} >>\nstream\n${'x'.repeat(padBytes)}\nendstream`);
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(out, 'latin1');
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * A unique, searchable tag (letters and digits only: one token for every tokenizer), always shaped
 * as an identifier (letters, digits, letters, digits): a random hex tag such as "kbabcde123" is
 * sometimes no identifier at all, and a question naming it names no manual.
 */
export const uniqueTag = () => `kb${randomInt(100_000, 1_000_000)}q${randomInt(100, 1000)}`;

/**
 * A three-page hydraulics manual whose page 2 (and only page 2) says what pressure the relief
 * valve of pump `tag` opens at; `variant` changes the text (a new version of the same manual).
 */
export function hydraulicManual(tag: string, variant = 1, padBytes = 0): Buffer {
  return textPdf(
    [
      [`Hydraulic system manual ${tag}`, 'Contents', '1 Safety', '4 Hydraulic pump', '5 Storage'],
      [
        `4 Hydraulic pump ${tag}`,
        `The relief valve of pump ${tag} opens at ${variant === 1 ? '18.5' : '19.0'} MPa.`,
        'Check the relief pressure every 250 operating hours.',
        'Replace the return filter element when the indicator shows red.',
      ],
      ['5 Storage', 'Lower all implements to the ground before storage.', `Edition ${variant}`],
    ],
    padBytes,
  );
}

type Doc = {
  id: string;
  title: string;
  currentVersionId: string | null;
  latestVersion: { id: string; versionNumber: number; status: string; failureReason: string | null };
};

/** Uploads a PDF through the API (setup of the pages that need a READY manual). */
export async function uploadManual(
  request: APIRequestContext,
  user: ApiUser,
  input: { title: string; pdf: Buffer; language: 'zh' | 'en'; machineModelIds?: string[]; fileName?: string },
): Promise<{ document: Doc; duplicate: boolean }> {
  const form = new FormData();
  form.set('title', input.title);
  form.set('language', input.language);
  for (const id of input.machineModelIds ?? []) form.append('machineModelIds[]', id);
  form.set('file', new Blob([new Uint8Array(input.pdf)], { type: 'application/pdf' }), input.fileName ?? 'manual.pdf');
  const res = await request.post(`${API_URL}/api/v1/orgs/${user.orgId}/documents`, {
    headers: { authorization: `Bearer ${user.token}` },
    multipart: form,
  });
  expect(res.status(), `upload: ${await res.text()}`).toBeLessThan(300);
  return (await res.json()) as { document: Doc; duplicate: boolean };
}

/** Waits until the document's latest version is READY; fails with the reason of a FAILED one. */
export async function waitReady(user: ApiUser, documentId: string, timeout = 180_000): Promise<Doc> {
  let doc: Doc | null = null;
  await expect
    .poll(
      async () => {
        doc = await user.get<Doc>(`documents/${documentId}`);
        return doc.latestVersion.status === 'FAILED'
          ? `FAILED: ${doc.latestVersion.failureReason}`
          : doc.latestVersion.status;
      },
      { timeout, intervals: [500, 1000, 2000] },
    )
    .toBe('READY');
  return doc!;
}
