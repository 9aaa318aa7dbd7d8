import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Tx } from '../platform/prisma/prisma.service.js';
import { MANUALS_DIR } from './manuals/index.js';
import type { ManualInfo } from './manuals/types.js';

/**
 * The demo pre-start lists (issue #31 §2): for the four catalog models with a demo manual, the
 * manual's daily-maintenance rows (or pre-flight steps) as items, each citing the manual and the
 * printed page its table is on. The page is read from the manuals' manifest by the table's fact
 * id, never typed here: a manual laid out again cites its new page.
 */
interface DemoItem {
  label: string;
  blocksStart: boolean;
}

const DEMO_LISTS: { modelKey: string; manualKey: string; fact: string; items: DemoItem[] }[] = [
  {
    // Table 3-2 "Every 10 h / daily"
    modelKey: 'jd-6r155',
    manualKey: 'jd-6r155-operator-en',
    fact: 'jd.int-10',
    items: [
      { label: '发动机机油油位', blocksStart: true },
      { label: '冷却液液位', blocksStart: true },
      { label: '变速箱 / 液压油油位', blocksStart: true },
      { label: '燃油预滤器放水', blocksStart: false },
      { label: '轮胎（气压、割伤）', blocksStart: true },
      { label: '冷却器组无杂物', blocksStart: false },
    ],
  },
  {
    // 表 4-1 每班（10 小时）
    modelKey: 'lovol-gn70',
    manualKey: 'lovol-gn70-manual-zh',
    fact: 'gn.int-10',
    items: [
      { label: '机油、冷却液、液压油油位', blocksStart: true },
      { label: '清理散热器、空滤预滤器和发动机舱积草', blocksStart: true },
      { label: '各传动皮带张紧度', blocksStart: false },
      { label: '按润滑图加注黄油', blocksStart: false },
    ],
  },
  {
    // 2.1 展开与检查
    modelKey: 'dji-t50',
    manualKey: 'dji-t50-manual-zh',
    fact: 't50.preflight',
    items: [
      { label: '机臂锁扣完全扣紧，各机臂无松动', blocksStart: true },
      { label: '桨叶无裂纹、无变形，桨夹螺丝无松动', blocksStart: true },
      { label: '药箱滤网、水泵和管路无堵塞、无渗漏', blocksStart: false },
    ],
  },
  {
    // Table 3-1 "Daily"
    modelKey: 'horsch-leeb6300',
    manualKey: 'horsch-leeb6300-en',
    fact: 'lb.int-daily',
    items: [
      { label: '吸入滤网和压力滤网已清洗', blocksStart: false },
      { label: '喷嘴滤网', blocksStart: false },
      { label: '喷雾机已冲洗', blocksStart: false },
    ],
  },
];

/** The manual's title and the printed page label its fact is on (the first page, when it spans two). */
export function citation(manuals: readonly ManualInfo[], manualKey: string, fact: string) {
  const m = manuals.find((x) => x.key === manualKey);
  const page = m?.facts[fact]?.[0];
  if (!m || page === undefined) throw new Error(`demo pre-start list: ${manualKey} has no fact ${fact}`);
  return { sourceTitle: m.title, sourcePage: m.pageLabels[page - 1] ?? String(page) };
}

/** Writes the demo lists of one org (replacing any it has). Answers the number of items. */
export async function seedPrestartLists(tx: Tx, organizationId: string, modelIds: Record<string, string>) {
  const manuals = JSON.parse(readFileSync(join(MANUALS_DIR, 'manifest.json'), 'utf8')) as ManualInfo[];
  await tx.prestartCheckItem.deleteMany({ where: { organizationId } });
  let n = 0;
  for (const list of DEMO_LISTS) {
    const modelId = modelIds[list.modelKey];
    if (!modelId) continue;
    const source = citation(manuals, list.manualKey, list.fact);
    await tx.prestartCheckItem.createMany({
      data: list.items.map((it, position) => ({ organizationId, modelId, position, ...it, ...source })),
    });
    n += list.items.length;
  }
  return n;
}
