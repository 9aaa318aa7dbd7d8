// Manuals used by the knowledge e2e tests, and an upload helper (multipart like a browser sends).
import { postForm, type Res } from '../harness.js';
import { buildPdf, scannedPage, type FixturePage } from './pdf-builder.js';

/** A Chinese combine manual: roman-numbered front matter, a maintenance table, a troubleshooting section across pages, a fault-code table. */
export function combineManual(opts: { coolantStep?: string } = {}): Buffer {
  const pages: FixturePage[] = [
    { lines: [{ text: '前言', size: 18 }, { text: '本手册适用于 GV-9 联合收割机。使用前请仔细阅读。' }] },
    { lines: [{ text: '目录', size: 18 }, { text: '保养 ........ 1' }, { text: '故障排除 ........ 2' }] },
    {
      lines: [
        { text: '5 保养', size: 18 },
        { text: '5.1 保养周期', size: 14 },
        { cells: ['项目', '间隔', '说明'] },
        { cells: ['发动机机油', '每 250 小时', '更换机油和机油滤清器'] },
        { cells: ['液压油', '每 1000 小时', '更换液压油并清洗吸油滤网'] },
      ],
    },
    {
      lines: [
        { text: '7 故障排除', size: 18 },
        { text: '7.2 发动机水温过高', size: 14 },
        { text: '发动机水温过高时，先让发动机怠速运转五分钟，不要立即熄火。' },
        { text: opts.coolantStep ?? '停机冷却后检查冷却液液位，必要时加注防冻冷却液。' },
        { text: '清理散热器和进气防尘网上的杂草和灰尘。' },
      ],
    },
    {
      lines: [
        { text: '检查风扇皮带张紧度，皮带打滑时调整或更换。' },
        { text: '7.3 故障代码', size: 14 },
        { cells: ['代码', '含义', '处理'] },
        { cells: ['E12', '水温传感器断路', '检查传感器插头和线束'] },
        { cells: ['E21', '液压油温过高', '清洗液压油散热器'] },
      ],
    },
  ];
  return buildPdf(pages, {
    labels: [
      { start: 0, style: 'r' },
      { start: 2, style: 'D', first: 1 },
    ],
  });
}

/** An English sprayer manual whose page 2 is a scan (image only: read by OCR). */
export function sprayerManualWithScan(word = 'nozzle'): Buffer {
  return buildPdf([
    { lines: [{ text: '1 Safety', size: 18 }, { text: 'Wear gloves and goggles when handling chemicals.' }] },
    scannedPage([
      { text: '4 Cleaning', size: 20 },
      { text: `Rinse the ${word} filters with clean water after every use.`, size: 16 },
    ]),
  ]);
}

/** A PDF of `n` pages, each an image: slow to read (OCR), for the crash test. */
export function scannedManual(n: number): Buffer {
  return buildPdf(
    Array.from({ length: n }, (_, i) =>
      scannedPage([{ text: `Chapter ${i + 1} tyre pressure ${100 + i} kPa`, size: 20 }], 100),
    ),
  );
}

export const textManual = (lines: string[]) => buildPdf([{ lines: lines.map((text) => ({ text })) }]);

export async function upload(
  base: string,
  token: string,
  path: string,
  pdf: Buffer,
  fields: Record<string, string | string[]> = {},
  opts: { key?: string; fileName?: string } = {},
): Promise<Res> {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const x of [v].flat()) form.append(k, x);
  form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), opts.fileName ?? 'manual.pdf');
  return postForm(base, path, token, form, opts.key ? { 'idempotency-key': opts.key } : {});
}
