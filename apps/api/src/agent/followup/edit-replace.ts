import type { TDraftItem, TEditedItem } from '@amms/contracts/drafts';
import type { MachineCandidate } from '../skills/machine-match.js';
import type { EditCommand, EditSelector } from './edit-grammar.js';
import type { RepairAsk } from './edit-repair.js';
import { described, itemLabel, list, type EditResult, type Lang } from './edit-select.js';

/**
 * A machine said by a model or brand that several working machines share ("高家圩1号地用GN70收"):
 * the selected items not on one of them go to the repair with every other machine ruled out, so it
 * takes one that is free and fit then (the same operator first). `replacing`: nothing found → the
 * draft stays as it was, and the answer says so.
 */
export function anyOf(
  usable: readonly MachineCandidate[],
  sel: EditSelector,
  chosen: TDraftItem[],
  items: readonly TDraftItem[],
  byJob: Map<TDraftItem, TEditedItem>,
  ask: (jobId: string, m: boolean, o: boolean, avoid?: Partial<RepairAsk>) => RepairAsk,
  machines: readonly MachineCandidate[],
  lang: Lang,
): EditResult {
  const ids = new Set(usable.map((m) => m.id));
  const explicit = sel.days.length + sel.fields.length + sel.assets.length + sel.operators.length > 0;
  const fits = (i: TDraftItem) => !i.job || usable.some((m) => m.operationTypes.includes(i.job!.operationType));
  const pool = (explicit ? chosen : chosen.filter(fits)).filter((i) => !ids.has(i.primaryAssetId));
  if (pool.length === 0)
    return {
      kind: 'nothing',
      message:
        lang === 'zh'
          ? `这些作业已经在用${list(
              usable.map((m) => m.name),
              lang,
            )}中的一台，没有改动。`
          : `Those jobs already use one of ${list(
              usable.map((m) => m.name),
              lang,
            )}; nothing changed.`,
    };
  const others = machines.filter((m) => m.kind !== 'IMPLEMENT' && !ids.has(m.id)).map((m) => m.id);
  const asks = pool.map((i) => ask(i.jobId, false, false, { avoidAssetIds: others }));
  return {
    kind: 'edit',
    items: items.map((i) => byJob.get(i)!),
    changed: asks.map((a) => a.jobId).sort(),
    asks,
    replacing: true,
  };
}

/**
 * AVOID ("不要用张三") and ANOTHER ("换一台"): the items that use what is avoided (or the selected
 * items) are handed to the repair with that machine or person ruled out; the items stay as they
 * are here (the repair finds who or what replaces them).
 */
export function replaceOut(
  cmd: Extract<EditCommand, { kind: 'AVOID' | 'ANOTHER' }>,
  items: readonly TDraftItem[],
  chosen: TDraftItem[],
  byJob: Map<TDraftItem, TEditedItem>,
  ask: (jobId: string, m: boolean, o: boolean, avoid?: Partial<RepairAsk>) => RepairAsk,
  tz: string,
  lang: Lang,
): EditResult {
  const zh = lang === 'zh';
  const explicit =
    cmd.select.days.length + cmd.select.fields.length + cmd.select.assets.length + cmd.select.operators.length > 0;
  let asks: RepairAsk[];
  if (cmd.kind === 'AVOID') {
    const a = new Set(cmd.assets.map((x) => x.id));
    const o = new Set(cmd.operators.map((x) => x.id));
    const pool = chosen.filter(
      (i) => a.has(i.primaryAssetId) || i.implementAssetIds.some((id) => a.has(id)) || o.has(i.operatorMembershipId),
    );
    if (pool.length === 0) {
      const names = [...cmd.assets, ...cmd.operators].map((x) => x.name);
      return {
        kind: 'nothing',
        message: zh
          ? `当前草案${explicit ? `里“${described(cmd.select, lang)}”的作业` : ''}没有用到${list(names, lang)}，没有改动。`
          : `The current draft${explicit ? `'s "${described(cmd.select, lang)}" jobs` : ''} does not use ${list(names, lang)}; nothing changed.`,
      };
    }
    asks = pool.map((i) => ask(i.jobId, false, false, { avoidAssetIds: [...a], avoidOperatorIds: [...o] }));
  } else {
    const key = (i: TDraftItem) => (cmd.what === 'MACHINE' ? i.primaryAssetId : i.operatorMembershipId);
    const keys = [...new Set(chosen.map(key))];
    if (!explicit && keys.length > 1) {
      const names = chosen.map(
        (i) =>
          `${(cmd.what === 'MACHINE' ? i.primaryAssetName : i.operatorName) ?? key(i).slice(0, 8)}（${itemLabel(i, tz, lang)}）`,
      );
      return {
        kind: 'question',
        question: zh
          ? `草案里有${keys.length}${cmd.what === 'MACHINE' ? '台机器' : '位机手'}：${list(names, lang)}。换掉哪一${cmd.what === 'MACHINE' ? '台' : '位'}？`
          : `The draft has ${keys.length} ${cmd.what === 'MACHINE' ? 'machines' : 'operators'}: ${list(names, lang)}. Which one should I replace?`,
      };
    }
    asks = chosen.map((i) =>
      cmd.what === 'MACHINE'
        ? ask(i.jobId, false, false, { avoidAssetIds: [i.primaryAssetId] })
        : ask(i.jobId, false, false, { avoidOperatorIds: [i.operatorMembershipId] }),
    );
  }
  return {
    kind: 'edit',
    items: items.map((i) => byJob.get(i)!),
    changed: asks.map((a) => a.jobId).sort(),
    asks,
  };
}
