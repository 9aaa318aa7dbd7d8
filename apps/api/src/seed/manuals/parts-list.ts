import { DEMO_PARTS, SERVICE_USE } from '../inventory-catalog.js';
import type { Chapter, ManualSpec } from './types.js';

/**
 * The manual's parts list: the maker's part numbers of the seed catalog's parts for the manual's
 * models, with what one service uses. One table, from the catalog (never typed twice), appended
 * as the LAST chapter so every earlier page keeps its number (the evaluation cites pages). A
 * manual whose models have no catalog parts gets no such page.
 */
export function partsListChapter(spec: ManualSpec): Chapter | null {
  const parts = DEMO_PARTS.filter((p) => p.models.some((m) => spec.modelKeys.includes(m)));
  if (parts.length === 0) return null;
  const zh = spec.language === 'zh';
  const perService = (partNumber: string, unit: string) => {
    const q = SERVICE_USE.find((u) => u.partNumber === partNumber)?.quantity;
    if (q === undefined) return zh ? '按需' : 'as required';
    return unit === '个' ? String(q) : `${q} ${unit}`;
  };
  return {
    title: zh ? '配件表' : 'Parts list',
    // not in the contents: a longer contents list could take another page and move every page after it
    toc: false,
    blocks: [
      {
        k: 'table',
        cols: zh ? ['零件号', '名称', '每次用量'] : ['Part number', 'Description', 'Per service'],
        widths: [3, 5, 2],
        fact: 'parts-list',
        rows: parts.map((p) => ({
          cells: [p.makerPartNumber, zh ? p.nameZh : p.nameEn, perService(p.partNumber, p.unit)],
        })),
      },
    ],
  };
}

/** The spec with its parts list as the last chapter (unchanged when the catalog has none for it). */
export function withPartsList(spec: ManualSpec): ManualSpec {
  const chapter = partsListChapter(spec);
  return chapter ? { ...spec, chapters: [...spec.chapters, chapter] } : spec;
}
