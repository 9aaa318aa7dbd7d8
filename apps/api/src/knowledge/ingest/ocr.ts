import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { PageLine } from './pdf-text.js';
import { WIDE_GAP } from '../../platform/text/script.js';
import { correctOcrLine } from './ocr-correct.js';

const run = promisify(execFile);

/** What the OCR engine can do here: installed, and which of the wanted languages it has. */
export interface OcrEngine {
  available: boolean;
  languages: string[];
  /** why OCR cannot run (shown as the version's warning) */
  problem: string | null;
}

let probe: Promise<OcrEngine> | undefined;

/** Probes `tesseract --list-langs` once per process for the wanted languages ("chi_sim+eng"). */
export function ocrEngine(wanted: string): Promise<OcrEngine> {
  return (probe ??= (async () => {
    try {
      const { stdout, stderr } = await run('tesseract', ['--list-langs'], { timeout: 20_000 });
      const installed = new Set(`${stdout}\n${stderr}`.split(/\s+/).filter((l) => /^[a-z_]+$/.test(l)));
      const langs = wanted.split('+').filter((l) => installed.has(l));
      if (langs.length === 0)
        return {
          available: false,
          languages: [],
          problem: `OCR languages ${wanted} are not installed (tesseract-ocr-chi-sim / tesseract-ocr-eng)`,
        };
      const missing = wanted.split('+').filter((l) => !installed.has(l));
      return {
        available: true,
        languages: langs,
        problem: missing.length ? `OCR runs without ${missing.join(', ')} (not installed)` : null,
      };
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code;
      return {
        available: false,
        languages: [],
        problem:
          code === 'ENOENT'
            ? 'OCR is not installed (tesseract-ocr)'
            : `OCR failed to start (${String((err as Error).message).slice(0, 120)})`,
      };
    }
  })());
}

/**
 * Tesseract writes Chinese with a space between characters: those spaces go, words stay apart;
 * misread degree signs are put back (ocr-correct.ts).
 */
export function cleanOcrText(text: string): PageLine[] {
  return text
    .split(/\r?\n/)
    .map((l) => correctOcrLine(l.replace(WIDE_GAP, '').replace(/\s+/g, ' ').trim()))
    .filter((l) => l.length > 0)
    .map((t) => ({ text: t, size: 0 }));
}

/** Reads a rendered page image with tesseract (PSM 3: automatic page segmentation). */
export async function ocrPng(png: Buffer, languages: string[], timeoutMs = 120_000): Promise<PageLine[]> {
  const dir = await mkdtemp(path.join(tmpdir(), 'amms-ocr-'));
  try {
    const file = path.join(dir, 'page.png');
    await writeFile(file, png);
    const { stdout } = await run('tesseract', [file, 'stdout', '-l', languages.join('+'), '--psm', '3'], {
      timeout: timeoutMs,
      maxBuffer: 8 * 1024 * 1024,
    });
    return cleanOcrText(stdout);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
