import { Inject, Injectable, Logger } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../../platform/config/config.js';
import { BlobStore } from '../../platform/storage/blob-store.js';
import { IngestFailure } from '../knowledge.errors.js';
import { EmbeddingsClient, vectorToBytes } from '../retrieval/embeddings.js';
import { planDocument, type ChunkPage } from './chunker.js';
import { IngestRepository, type ClaimedVersion, type IndexedChunk, type StoredPage } from './ingest.repository.js';
import { cleanOcrText, ocrEngine, ocrPng } from './ocr.js';
import { hasTextLayer, openPdf, pageLabels, pageLinesOf, type PageLine, type PdfDoc } from './pdf-text.js';
import { popplerAvailable, renderPagePng } from './poppler.js';
import { indexTokens } from '../../platform/text/segment.js';

/** Resolution image-only pages are rendered at for OCR. */
export const OCR_DPI = 200;

export type IngestResult =
  | { outcome: 'READY'; pages: number; ocrPages: number[]; chunks: number; resumedFrom: number; warnings: string[] }
  | { outcome: 'FAILED'; code: string }
  | { outcome: 'DONE_ALREADY' | 'GONE' }
  | { outcome: 'BUSY'; retryInMs: number };

const pageList = (pages: number[]) =>
  pages.length > 12 ? `${pages.slice(0, 12).join(', ')} … (${pages.length} pages)` : pages.join(', ');

/**
 * `knowledge.ingest`: reads one stored version. Pages are read in order and saved one by one
 * (a resumed run starts after the last saved page), image-only pages go through OCR, then the
 * whole version is chunked and indexed and becomes READY in one transaction (promoted to the
 * document's current version when newest). A content problem (encrypted, broken, too many
 * pages) ends FAILED with its reason; anything else throws so the queue retries.
 */
@Injectable()
export class Ingestor {
  private readonly log = new Logger('Ingestor');

  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly repo: IngestRepository,
    private readonly blobs: BlobStore,
    private readonly embeddings: EmbeddingsClient,
  ) {}

  async run(versionId: string): Promise<IngestResult> {
    const claim = await this.repo.claim(versionId, this.config.knowledge.ingestLeaseMs);
    if (claim.kind === 'done') return { outcome: 'DONE_ALREADY' };
    if (claim.kind === 'gone') return { outcome: 'GONE' };
    if (claim.kind === 'busy') return { outcome: 'BUSY', retryInMs: claim.retryInMs };
    const v = claim.version;
    try {
      return await this.ingest(v);
    } catch (err) {
      if (err instanceof IngestFailure && v.reingest) {
        // the version stays READY with what it had
        this.log.warn(`re-ingestion of version ${v.id} stopped (${err.code}); its earlier index is kept`);
        await this.repo.keepAsIs(v.id);
        return { outcome: 'FAILED', code: err.code };
      }
      if (err instanceof IngestFailure) {
        await this.repo.fail(v, err.code, err.reason);
        return { outcome: 'FAILED', code: err.code };
      }
      throw err;
    }
  }

  /** The last attempt failed on something other than the file: FAILED, so it does not stay PROCESSING forever. */
  async giveUp(versionId: string, attempts: number): Promise<boolean> {
    const v = await this.repo.versionForFailure(versionId);
    if (!v) return false;
    // a READY version whose re-ingestion kept failing stays READY with its earlier index
    if (await this.repo.keepAsIs(versionId)) return true;
    return this.repo.fail(
      v,
      'PROCESSING_ERROR',
      `Processing failed ${attempts} times; the error is in the worker log. Upload the file again to retry.`,
    );
  }

  private async ingest(v: ClaimedVersion): Promise<IngestResult> {
    const key = BlobStore.contentKey(v.sha256);
    const data = await this.blobs.get(key);
    if (!data) throw new IngestFailure('FILE_MISSING', 'The uploaded file is missing from the storage');
    const doc = await openPdf(new Uint8Array(data));
    try {
      if (doc.numPages === 0) throw new IngestFailure('NO_PAGES', 'The PDF has no pages');
      if (doc.numPages > this.config.knowledge.maxPages) {
        throw new IngestFailure(
          'TOO_MANY_PAGES',
          `The PDF has ${doc.numPages} pages; at most ${this.config.knowledge.maxPages} are read`,
        );
      }
      const labels = await pageLabels(doc);
      const stored = new Map((await this.repo.storedPages(v.id)).map((p) => [p.page, p]));
      const resumedFrom = stored.size;
      const pages: ReadPage[] = [];
      for (let n = 1; n <= doc.numPages; n++) {
        const saved = stored.get(n);
        if (saved) {
          // a resumed run: OCR is not repeated; a text page's lines are re-read for their font sizes (cheap)
          pages.push({
            ...saved,
            // (stored OCR text gets today's post-correction: a re-ingestion brings it to older versions)
            lines: saved.ocr
              ? cleanOcrText(saved.text)
              : saved.noText
                ? textLines(saved.text)
                : await this.textLayer(doc, n),
          });
          continue;
        }
        const page = await this.readPage(doc, key, n, labels[n - 1]!);
        await this.repo.savePage(v.id, stripLines(page));
        if (!(await this.repo.heartbeat(v.id, v.reingest))) return { outcome: 'GONE' };
        pages.push(page);
      }
      return await this.index(v, pages, resumedFrom);
    } finally {
      await doc.destroy().catch(() => undefined);
    }
  }

  private async textLayer(doc: PdfDoc, n: number): Promise<PageLine[]> {
    try {
      return await pageLinesOf(doc, n);
    } catch (err) {
      throw new IngestFailure(
        'BROKEN_PDF',
        `Page ${n} cannot be read (${err instanceof Error ? err.message.slice(0, 160) : 'unknown error'})`,
      );
    }
  }

  private async readPage(doc: PdfDoc, key: string, n: number, label: string): Promise<ReadPage> {
    const lines = await this.textLayer(doc, n);
    const text = lines.map((l) => l.text).join('\n');
    if (hasTextLayer(lines)) return { page: n, label, text, ocr: false, noText: false, lines };
    const engine = await ocrEngine(this.config.knowledge.ocrLanguages);
    if (!engine.available || !(await popplerAvailable()))
      return { page: n, label, text, ocr: false, noText: true, lines };
    const png = await this.blobs.withLocalFile(key, (file) => renderPagePng(file, n, OCR_DPI, { gray: true }));
    const ocrLines = await ocrPng(png, engine.languages);
    const ocrText = ocrLines.map((l) => l.text).join('\n');
    return { page: n, label, text: ocrText, ocr: true, noText: ocrText.replace(/\s/g, '').length < 3, lines: ocrLines };
  }

  private async index(v: ClaimedVersion, pages: ReadPage[], resumedFrom: number): Promise<IngestResult> {
    const warnings: string[] = [];
    const noText = pages.filter((p) => p.noText);
    const engine = await ocrEngine(this.config.knowledge.ocrLanguages);
    const unreadable = noText.filter((p) => !p.ocr).map((p) => p.page);
    if (unreadable.length)
      warnings.push(
        `${engine.problem ?? 'OCR is not available'}: pages ${pageList(unreadable)} have no text and are not searchable`,
      );
    const blank = noText.filter((p) => p.ocr).map((p) => p.page);
    if (blank.length) warnings.push(`OCR found no text on pages ${pageList(blank)}`);
    if (engine.available && engine.problem && pages.some((p) => p.ocr)) warnings.push(engine.problem);

    const plan = planDocument(pages.filter((p) => !p.noText).map((p): ChunkPage => ({ page: p.page, lines: p.lines })));
    const byPage = new Map(pages.map((p) => [p.page, p]));
    // the stored page text becomes the reflowed one (what snippets are checked against); a page
    // number printed in its header or footer is its label
    const pageUpdates = plan.pages.flatMap((pp) => {
      const stored = byPage.get(pp.page)!;
      const label = pp.printedLabel ?? stored.label;
      return label === stored.label && pp.text === stored.text ? [] : [{ page: pp.page, label, text: pp.text }];
    });
    const chunks: IndexedChunk[] = plan.chunks.map((c) => ({
      ...c,
      tokens: indexTokens(`${c.section ?? ''}\n${c.text}`),
      embedding: null,
    }));

    let embeddingModel: string | null = null;
    if (this.embeddings.enabled) {
      const children = chunks.filter((c) => c.parentOrdinal !== null);
      try {
        const vectors = await this.embeddings.embed(children.map((c) => `${c.section ?? ''}\n${c.text}`));
        children.forEach((c, i) => (c.embedding = vectorToBytes(vectors[i]!)));
        embeddingModel = this.embeddings.modelKey;
      } catch (err) {
        this.log.warn(`embeddings failed for version ${v.id}: ${err instanceof Error ? err.message : String(err)}`);
        warnings.push('Embeddings were not available: this version is searched lexically only');
      }
    }
    const ocrPages = pages.filter((p) => p.ocr && !p.noText).map((p) => p.page);
    const ok = await this.repo.finishReady(v, chunks, {
      pageCount: pages.length,
      ocrPages,
      warnings,
      embeddingModel,
      pages: pageUpdates,
    });
    if (!ok) return { outcome: 'GONE' };
    return { outcome: 'READY', pages: pages.length, ocrPages, chunks: chunks.length, resumedFrom, warnings };
  }
}

/** A page as read: what is stored, plus its lines with font sizes (OCR lines have size 0). */
type ReadPage = StoredPage & { lines: PageLine[] };
const stripLines = ({ lines: _lines, ...page }: ReadPage): StoredPage => page;
const textLines = (text: string): PageLine[] =>
  text
    .split('\n')
    .filter(Boolean)
    .map((t) => ({ text: t, size: 0 }));
