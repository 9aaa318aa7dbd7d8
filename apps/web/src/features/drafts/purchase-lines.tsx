'use client';

import type { TDraftVersion, TPurchaseLine } from '@amms/contracts/drafts';
import { Card } from '@/components/ui/card';
import { HeadRow } from '@/components/ui/list';
import { Empty } from '@/components/ui/states';
import { defineMessages, useMessages } from '@/i18n/messages';
import { format } from '@/i18n/dictionaries';
import { useI18n } from '@/i18n/i18n-provider';
import { formatNumber } from '@/lib/format';

const messages = defineMessages(
  {
    title: '采购明细（{count} 项）',
    none: '没有需要采购的配件。',
    noSupplier: '未指定供应商',
    colPart: '配件',
    colQty: '数量',
    colPrice: '单价',
    colAmount: '金额',
    colReason: '原因',
    subtotal: '小计 {amount}',
    total: '合计 {amount}',
    unknownPrice: '价格未知',
    note: '确认并执行后，每家供应商生成一张“配件”费用单，提交审批；到货后在采购单上登记入库。',
  },
  {
    title: 'Parts to order ({count})',
    none: 'Nothing to order.',
    noSupplier: 'No supplier',
    colPart: 'Part',
    colQty: 'Quantity',
    colPrice: 'Unit price',
    colAmount: 'Amount',
    colReason: 'Why',
    subtotal: 'Subtotal {amount}',
    total: 'Total {amount}',
    unknownPrice: 'price unknown',
    note: 'Once confirmed and executed, each supplier gets a PARTS cost document submitted for approval; receive the goods on it when they arrive.',
  },
);

/** CNY fen → "¥1,234.50" */
const yuan = (fen: number, locale: string) =>
  new Intl.NumberFormat(locale === 'en' ? 'en-US' : 'zh-CN', { style: 'currency', currency: 'CNY' }).format(fen / 100);

/**
 * A PURCHASE draft's lines as the person reviews them before confirming: grouped by supplier
 * name (each group becomes one cost document), each line with the part, quantity, price and the
 * agent's reason ("2 planned services … need RE504836 ×2; 1 available").
 */
export function PurchaseLinesCard({ version }: { version: TDraftVersion }) {
  const m = useMessages(messages);
  const { locale } = useI18n();
  const lines = version.purchaseLines;
  const groups = new Map<string, TPurchaseLine[]>();
  for (const l of lines) {
    // a supplier is its name (each part has its own supplier row): one cost document per name
    const key = l.supplierName?.trim() ?? '';
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const amount = (l: TPurchaseLine) => (l.unitCostMinor === null ? null : Math.round(l.quantity * l.unitCostMinor));
  const sum = (ls: TPurchaseLine[]) => ls.reduce((t, l) => t + (amount(l) ?? 0), 0);
  return (
    <Card id="draft-purchase" title={format(m.title, { count: lines.length })}>
      {lines.length === 0 ? (
        <Empty>{m.none}</Empty>
      ) : (
        <div className="space-y-5">
          <p className="text-sm text-slate-700">{m.note}</p>
          {[...groups.values()].map((ls) => (
            <section key={ls[0]!.itemKey} data-testid="purchase-supplier" className="space-y-2">
              <h3 className="flex flex-wrap items-baseline justify-between gap-2 text-base font-semibold text-slate-900">
                <span>{ls[0]!.supplierName ?? m.noSupplier}</span>
                <span className="text-sm font-normal text-slate-700">
                  {format(m.subtotal, { amount: yuan(sum(ls), locale) })}
                </span>
              </h3>
              <div className="overflow-x-auto">
                <table className="w-full min-w-[44rem] text-left text-sm">
                  <thead className="border-b border-slate-200 text-xs text-slate-600">
                    <HeadRow
                      className="py-2 pr-3 font-semibold"
                      lastClassName="py-2 font-semibold"
                      cells={[m.colPart, m.colQty, m.colPrice, m.colAmount, m.colReason]}
                    />
                  </thead>
                  <tbody className="divide-y divide-slate-100 align-top">
                    {ls.map((l) => {
                      const a = amount(l);
                      return (
                        <tr key={l.itemKey} data-testid="purchase-line">
                          <th scope="row" className="py-2 pr-3 font-medium text-slate-900">
                            <span className="block">{l.partName}</span>
                            <span className="block font-mono text-xs text-slate-600">{l.partNumber}</span>
                          </th>
                          <td className="whitespace-nowrap py-2 pr-3 tabular-nums">
                            {formatNumber(l.quantity, locale, 3)}
                          </td>
                          <td className="whitespace-nowrap py-2 pr-3 tabular-nums">
                            {l.unitCostMinor === null ? m.unknownPrice : yuan(l.unitCostMinor, locale)}
                          </td>
                          <td className="whitespace-nowrap py-2 pr-3 tabular-nums">
                            {a === null ? '—' : yuan(a, locale)}
                          </td>
                          <td className="py-2 text-slate-700">{l.reason}</td>
                        </tr>
                      );
                    })}
                  </tbody>
                </table>
              </div>
            </section>
          ))}
          <p className="text-right text-sm font-semibold text-slate-900">
            {format(m.total, { amount: yuan(sum(lines), locale) })}
          </p>
        </div>
      )}
    </Card>
  );
}
