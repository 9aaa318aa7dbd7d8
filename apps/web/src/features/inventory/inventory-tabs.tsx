'use client';

import type { TPermission } from '@amms/contracts/permissions';
import Link from 'next/link';
import { useMessages } from '@/i18n/messages';
import { orgPath } from '@/lib/nav';
import { inventoryMessages } from './messages';

export type InventoryTab = 'parts' | 'stock' | 'movements' | 'low' | 'counts' | 'writeOffs';

const TABS: readonly { tab: InventoryTab; segment: string; permission: readonly TPermission[] }[] = [
  { tab: 'parts', segment: 'inventory', permission: ['inventory.read'] },
  { tab: 'stock', segment: 'inventory/stock', permission: ['inventory.read'] },
  { tab: 'movements', segment: 'inventory/movements', permission: ['inventory.write', 'inventory.adjust'] },
  { tab: 'low', segment: 'inventory/low', permission: ['inventory.read'] },
  { tab: 'counts', segment: 'inventory/counts', permission: ['inventory.adjust'] },
  { tab: 'writeOffs', segment: 'inventory/write-offs', permission: ['inventory.adjust'] },
];

/** The inventory pages' sub-navigation: only the pages the member's permissions open. */
export function InventoryTabs({
  orgId,
  current,
  permissions,
}: {
  orgId: string;
  current: InventoryTab;
  permissions: readonly TPermission[];
}) {
  const m = useMessages(inventoryMessages).tabs;
  return (
    <nav aria-label={m.label} className="mb-4 overflow-x-auto border-b border-slate-200">
      <ul className="flex min-w-max gap-1">
        {TABS.filter((t) => t.permission.some((p) => permissions.includes(p))).map((t) => (
          <li key={t.tab}>
            <Link
              href={orgPath(orgId, t.segment)}
              aria-current={t.tab === current ? 'page' : undefined}
              className={`inline-flex min-h-10 items-center border-b-2 px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-emerald-700 ${
                t.tab === current
                  ? 'border-emerald-700 text-emerald-900'
                  : 'border-transparent text-slate-700 hover:text-slate-900'
              }`}
            >
              {m[t.tab]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
