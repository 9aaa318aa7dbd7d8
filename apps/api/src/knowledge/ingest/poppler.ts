import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Renders one page (1-based) of a PDF file to PNG with poppler's pdftoppm. */
export async function renderPagePng(
  pdfFile: string,
  page: number,
  dpi: number,
  opts: { gray?: boolean; timeoutMs?: number } = {},
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(tmpdir(), 'amms-page-'));
  try {
    const out = path.join(dir, 'page');
    await run(
      'pdftoppm',
      [
        '-f',
        String(page),
        '-l',
        String(page),
        '-r',
        String(dpi),
        '-png',
        '-singlefile',
        ...(opts.gray ? ['-gray'] : []),
        pdfFile,
        out,
      ],
      {
        timeout: opts.timeoutMs ?? 60_000,
        maxBuffer: 1024 * 1024,
      },
    );
    return await readFile(`${out}.png`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

let available: Promise<boolean> | undefined;
/** Whether pdftoppm is installed (checked once per process). */
export function popplerAvailable(): Promise<boolean> {
  return (available ??= run('pdftoppm', ['-v'], { timeout: 10_000 }).then(
    () => true,
    (err: NodeJS.ErrnoException) => err.code !== 'ENOENT',
  ));
}
