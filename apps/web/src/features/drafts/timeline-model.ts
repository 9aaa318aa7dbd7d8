import type { TDraftDetail, TDraftItem, TDraftVersion } from '@amms/contracts/drafts';
import type { TCalendarAssignment } from '@amms/contracts/jobs';
import type { TWorkOrder } from '@amms/contracts/maintenance';
import type { TimelineBar, TimelineCard, TimelineRow } from '@/components/timeline/timeline';
import type { ItemDiff } from './diff';
import { jobName, machineSetName, partLabel } from './diff';

/** Findings about the operator: drawn on the operator's lane, never on a (free) machine's row. */
export const OPERATOR_CODES = new Set([
  'OPERATOR_BUSY',
  'OPERATOR_DOUBLE_BOOKED',
  'UNKNOWN_OPERATOR',
  'AVOIDED_OPERATOR',
]);
const MACHINE_BUSY_CODES = new Set(['MACHINE_BUSY']);

type Finding = TDraftVersion['validation']['violations'][number];

export type TimelineText = {
  machines: string;
  operators: string;
  job: string;
  workOrder: string;
  machine: string;
  operator: string;
  time: string;
  field: string;
  symptom: string;
  priority: string;
  showItem: string;
  openJob: string;
  openWorkOrder: string;
  clashesWith: string;
  clashesWithItem: string;
  corrective: string;
  removed: string;
};

export type ModelInput = {
  orgId: string;
  draft: Pick<TDraftDetail, 'status'>;
  version: Pick<TDraftVersion, 'items' | 'workOrderItems' | 'correctiveItems' | 'validation'>;
  diff: ItemDiff | null;
  bookings: readonly TCalendarAssignment[];
  workOrders: readonly TWorkOrder[];
  op: (t: string) => string;
  findingText: (code: string, message: string) => string;
  range: (start: string, end: string) => string;
  path: (p: string) => string;
  t: TimelineText;
  locale: string;
};

const overlaps = (s1: string, e1: string, s2: string, e2: string) =>
  Date.parse(s1) < Date.parse(e2) && Date.parse(s2) < Date.parse(e1);

const bookingLabel = (a: TCalendarAssignment, op: (t: string) => string) =>
  (a.job.title || `${a.job.fieldName} · ${op(a.job.operationType)}`) + partLabel(a.part);

/**
 * The draft's timeline as rows and bars: a lane per machine and a lane per operator of the
 * version. A proposed item is drawn on its primary machine's row and on its operator's lane;
 * it is a conflict on the machine row only for a machine/item finding and on the operator lane
 * only for an operator finding. Every bar carries a card; a conflict's card links the booking
 * (existing job or work order, or the other draft item) it clashes with.
 */
export function buildDraftTimeline(x: ModelInput): { rows: TimelineRow[]; bars: TimelineBar[] } {
  const { version, diff, t, op } = x;
  const machineRows = new Map<string, TimelineRow>();
  const operatorRows = new Map<string, TimelineRow>();
  const addMachine = (id: string, name: string | null) => {
    if (!machineRows.has(id)) machineRows.set(id, { id: `m-${id}`, label: name ?? id.slice(0, 8), group: t.machines });
  };
  const addOperator = (id: string, name: string | null) => {
    if (!operatorRows.has(id))
      operatorRows.set(id, { id: `o-${id}`, label: name ?? id.slice(0, 8), group: t.operators });
  };
  for (const i of version.items) {
    addMachine(i.primaryAssetId, i.primaryAssetName);
    addOperator(i.operatorMembershipId, i.operatorName);
  }
  for (const w of version.workOrderItems) addMachine(w.assetId, w.assetName);
  for (const c of version.correctiveItems) addMachine(c.assetId, c.assetName);
  for (const i of diff?.removed ?? []) {
    addMachine(i.primaryAssetId, i.primaryAssetName);
    addOperator(i.operatorMembershipId, i.operatorName);
  }
  for (const c of diff?.changed ?? []) {
    addMachine(c.before.primaryAssetId, c.before.primaryAssetName);
    addOperator(c.before.operatorMembershipId, c.before.operatorName);
  }

  const out: TimelineBar[] = [];
  const when = (s: string, e: string) => ({ label: t.time, value: x.range(s, e) });
  const itemLines = (i: TDraftItem) => [
    { label: t.machine, value: machineSetName(i) },
    { label: t.operator, value: i.operatorName ?? i.operatorMembershipId.slice(0, 8) },
    when(i.startsAt, i.endsAt),
    ...(i.job ? [{ label: t.field, value: i.job.fieldName }] : []),
  ];

  /** what an item's finding clashes with: existing bookings / work orders, or the other draft item */
  const clashes = (i: TDraftItem, f: Finding): TimelineCard['notes'] => {
    const { code, otherItemIndex, clash } = f;
    // the validator named the booking (newer drafts): link exactly that one
    if (clash) {
      const range = x.range(clash.startsAt, clash.endsAt);
      if (clash.kind === 'JOB') {
        const a = x.bookings.find((b) => b.jobId === clash.id);
        return [
          {
            tone: 'conflict',
            text: `${t.clashesWith} ${a ? bookingLabel(a, op) : t.job} (${range})`,
            href: x.path(`jobs/${clash.id}`),
            linkLabel: t.openJob,
          },
        ];
      }
      const w = x.workOrders.find((o) => o.id === clash.id);
      return [
        {
          tone: 'conflict',
          text: `${t.clashesWith} ${w?.title ?? t.workOrder} (${range})`,
          href: x.path(`maintenance/work-orders/${clash.id}`),
          linkLabel: t.openWorkOrder,
        },
      ];
    }
    if (otherItemIndex !== undefined) {
      const other = version.items[otherItemIndex];
      return other
        ? [
            {
              tone: 'conflict',
              text: `${t.clashesWithItem} ${jobName(other, op)} (${x.range(other.startsAt, other.endsAt)})`,
              href: `#item-${other.jobId}`,
              linkLabel: t.showItem,
            },
          ]
        : [];
    }
    const notes: NonNullable<TimelineCard['notes']> = [];
    const jobClash = (a: (typeof x.bookings)[number]) => ({
      tone: 'conflict' as const,
      text: `${t.clashesWith} ${bookingLabel(a, op)} (${x.range(a.startsAt, a.endsAt)})`,
      href: x.path(`jobs/${a.jobId}`),
      linkLabel: t.openJob,
    });
    if (MACHINE_BUSY_CODES.has(code)) {
      const ids = new Set([i.primaryAssetId, ...i.implementAssetIds]);
      for (const a of x.bookings)
        if (
          a.jobId !== i.jobId &&
          a.machines.some((m) => ids.has(m.assetId)) &&
          overlaps(a.startsAt, a.endsAt, i.startsAt, i.endsAt)
        )
          notes.push(jobClash(a));
      for (const w of x.workOrders)
        if (
          ids.has(w.assetId) &&
          w.plannedStart &&
          w.plannedEnd &&
          overlaps(w.plannedStart, w.plannedEnd, i.startsAt, i.endsAt)
        )
          notes.push({
            tone: 'conflict',
            text: `${t.clashesWith} ${w.title} (${x.range(w.plannedStart, w.plannedEnd)})`,
            href: x.path(`maintenance/work-orders/${w.id}`),
            linkLabel: t.openWorkOrder,
          });
    }
    if (code === 'OPERATOR_BUSY')
      for (const a of x.bookings)
        if (
          a.jobId !== i.jobId &&
          a.operatorMembershipId === i.operatorMembershipId &&
          overlaps(a.startsAt, a.endsAt, i.startsAt, i.endsAt)
        )
          notes.push(jobClash(a));
    return notes;
  };

  if (x.draft.status !== 'EXECUTED') {
    version.items.forEach((i, idx) => {
      const mine = version.validation.violations.filter((f) => f.itemIndex === idx);
      const warns = version.validation.warnings.filter((f) => f.itemIndex === idx);
      const card = (forOperator: boolean): TimelineCard => {
        const relevant = (code: string) => OPERATOR_CODES.has(code) === forOperator;
        return {
          title: jobName(i, op),
          lines: itemLines(i),
          notes: [
            ...mine
              .filter((f) => relevant(f.code))
              .flatMap((f) => [
                { tone: 'conflict' as const, text: x.findingText(f.code, f.message) },
                ...(clashes(i, f) ?? []),
              ]),
            ...warns
              .filter((f) => relevant(f.code))
              .map((f) => ({ tone: 'warning' as const, text: x.findingText(f.code, f.message) })),
          ],
          links: [{ href: `#item-${i.jobId}`, label: t.showItem }],
        };
      };
      const base = { start: i.startsAt, end: i.endsAt, label: jobName(i, op), href: `#item-${i.jobId}` };
      out.push({
        ...base,
        id: `p-${i.itemKey}`,
        rowId: `m-${i.primaryAssetId}`,
        kind: mine.some((f) => !OPERATOR_CODES.has(f.code)) ? 'conflict' : 'proposed',
        card: card(false),
      });
      out.push({
        ...base,
        id: `po-${i.itemKey}`,
        rowId: `o-${i.operatorMembershipId}`,
        kind: mine.some((f) => OPERATOR_CODES.has(f.code)) ? 'conflict' : 'proposed',
        card: card(true),
      });
    });
    const woFindings = (idx: number) => version.validation.violations.filter((f) => f.itemIndex === idx);
    type WoItem = {
      itemKey: string;
      assetId: string;
      assetName?: string | null;
      plannedStart: string;
      plannedEnd: string;
      title: string;
    };
    /** A work order's bar on its machine's row: its findings make it a conflict. */
    const woBar = (key: string, w: WoItem, idx: number, more: Pick<TimelineCard, 'title' | 'lines' | 'links'>) => {
      const found = woFindings(idx);
      out.push({
        id: `${key}-${w.itemKey}`,
        rowId: `m-${w.assetId}`,
        start: w.plannedStart,
        end: w.plannedEnd,
        label: w.title,
        kind: found.length > 0 ? 'conflict' : 'proposed',
        card: {
          title: more.title,
          lines: [
            { label: t.machine, value: w.assetName ?? w.assetId.slice(0, 8) },
            when(w.plannedStart, w.plannedEnd),
            ...more.lines,
          ],
          notes: found.map((f) => ({ tone: 'conflict' as const, text: x.findingText(f.code, f.message) })),
          ...(more.links ? { links: more.links } : {}),
        },
      });
    };
    version.workOrderItems.forEach((w, idx) => woBar('w', w, idx, { title: w.title, lines: [] }));
    version.correctiveItems.forEach((c, idx) =>
      woBar('cw', c, idx, {
        title: `${t.corrective}: ${c.title}`,
        lines: [
          { label: t.symptom, value: c.symptom },
          { label: t.priority, value: String(c.priority) },
        ],
        links: [{ href: '#draft-corrective', label: t.showItem }],
      }),
    );
    const removedBar = (i: TDraftItem, key: string) => {
      const card: TimelineCard = { title: `${t.removed}: ${jobName(i, op)}`, lines: itemLines(i) };
      const base = { start: i.startsAt, end: i.endsAt, label: jobName(i, op), kind: 'removed' as const, card };
      out.push({ ...base, id: `${key}-${i.itemKey}`, rowId: `m-${i.primaryAssetId}` });
      out.push({ ...base, id: `${key}o-${i.itemKey}`, rowId: `o-${i.operatorMembershipId}` });
    };
    for (const i of diff?.removed ?? []) removedBar(i, 'r');
    for (const c of diff?.changed ?? []) if (c.machine || c.time || c.operator) removedBar(c.before, 'c');
  }

  for (const a of x.bookings) {
    const primary = a.machines.find((m) => m.role === 'PRIMARY') ?? a.machines[0];
    const card: TimelineCard = {
      title: bookingLabel(a, op),
      lines: [
        { label: t.machine, value: a.machines.map((m) => m.name).join(' + ') },
        { label: t.operator, value: a.operatorName },
        when(a.startsAt, a.endsAt),
        { label: t.field, value: a.job.fieldName },
      ],
      links: [{ href: x.path(`jobs/${a.jobId}`), label: t.openJob }],
    };
    const base = { start: a.startsAt, end: a.endsAt, label: bookingLabel(a, op), kind: 'job' as const, card };
    // only the machines and people of the draft: the rest of the fleet is not what is being reviewed
    if (primary && machineRows.has(primary.assetId))
      out.push({ ...base, id: `a-${a.id}`, rowId: `m-${primary.assetId}` });
    if (operatorRows.has(a.operatorMembershipId))
      out.push({ ...base, id: `ao-${a.id}`, rowId: `o-${a.operatorMembershipId}` });
  }
  for (const w of x.workOrders) {
    if (!w.plannedStart || !w.plannedEnd || w.status === 'CLOSED' || w.status === 'CANCELLED') continue;
    if (!machineRows.has(w.assetId)) continue;
    out.push({
      id: `wo-${w.id}`,
      rowId: `m-${w.assetId}`,
      start: w.plannedStart,
      end: w.plannedEnd,
      label: w.title,
      kind: 'maintenance',
      card: {
        title: w.title,
        lines: [{ label: t.machine, value: w.assetName ?? w.assetId.slice(0, 8) }, when(w.plannedStart, w.plannedEnd)],
        links: [{ href: x.path(`maintenance/work-orders/${w.id}`), label: t.openWorkOrder }],
      },
    });
  }

  const byName = (a: TimelineRow, b: TimelineRow) => a.label.localeCompare(b.label, x.locale);
  return {
    rows: [...[...machineRows.values()].sort(byName), ...[...operatorRows.values()].sort(byName)],
    bars: out,
  };
}
