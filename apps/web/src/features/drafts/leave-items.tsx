'use client';

import type { TDraftVersion } from '@amms/contracts/drafts';
import { Card } from '@/components/ui/card';
import { Empty } from '@/components/ui/states';
import { defineMessages, useMessages } from '@/i18n/messages';
import { format } from '@/i18n/dictionaries';

const messages = defineMessages(
  {
    title: '请假（{count} 项）',
    none: '没有要登记的请假。',
    days: '{from} 至 {to}',
    note: '确认并执行后，记入成员的请假日历；与日历上已有的请假重叠的一项会被拒绝并说明原因。',
    said: '原话：{text}',
  },
  {
    title: 'Leave ({count})',
    none: 'No leave to record.',
    days: '{from} to {to}',
    note: "Once confirmed and executed, each item is recorded on the member's leave calendar; one that overlaps leave already there is refused, saying why.",
    said: 'As said: {text}',
  },
);

/** A LEAVE draft's items as the person reviews them: who, which local days (inclusive), and the words said. */
export function LeaveItemsCard({ version }: { version: TDraftVersion }) {
  const m = useMessages(messages);
  const items = version.leaveItems;
  return (
    <Card id="draft-leave" title={format(m.title, { count: items.length })}>
      {items.length === 0 ? (
        <Empty>{m.none}</Empty>
      ) : (
        <div className="space-y-3">
          <p className="text-sm text-slate-700">{m.note}</p>
          <ul className="divide-y divide-slate-200">
            {items.map((i) => (
              <li key={i.itemKey} data-testid="leave-item" className="py-2">
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span className="font-medium text-slate-900">{i.memberName ?? i.membershipId.slice(0, 8)}</span>
                  <span className="text-sm text-slate-700">
                    {i.from === i.to ? i.from : format(m.days, { from: i.from, to: i.to })}
                  </span>
                </div>
                {i.reason ? <p className="text-sm text-slate-600">{format(m.said, { text: i.reason })}</p> : null}
              </li>
            ))}
          </ul>
        </div>
      )}
    </Card>
  );
}
