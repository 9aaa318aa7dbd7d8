'use client';

import type { TDueStatus, TWorkOrderStatus, TWorkOrderType } from '@amms/contracts/maintenance';
import { Badge, type Tone } from '@/components/ui/badge';
import { useMessages } from '@/i18n/messages';
import { DUE_STATUS_TONE } from '@/lib/labels';
import { orgPath } from '@/lib/nav';
import { SubNav } from '@/components/ui/sub-nav';
import { maintenanceMessages } from './messages';

const WO_TONES: Record<TWorkOrderStatus, Tone> = {
  OPEN: 'amber',
  IN_PROGRESS: 'blue',
  AWAITING_ACCEPTANCE: 'violet',
  CLOSED: 'green',
  CANCELLED: 'neutral',
};

export function WorkOrderStatusBadge({ status }: { status: TWorkOrderStatus }) {
  const m = useMessages(maintenanceMessages);
  return <Badge tone={WO_TONES[status]}>{m.status[status]}</Badge>;
}

const TYPE_TONES: Record<TWorkOrderType, Tone> = { PREVENTIVE: 'green', CORRECTIVE: 'red', INSPECTION: 'blue' };

export function WorkOrderTypeBadge({ type }: { type: TWorkOrderType }) {
  const m = useMessages(maintenanceMessages);
  return <Badge tone={TYPE_TONES[type]}>{m.type[type]}</Badge>;
}

const DUE_ICON: Record<TDueStatus, string> = { OVERDUE: '⚠', DUE_SOON: '◔', OK: '✓' };

/** Colour and a symbol: the state never depends on colour alone. */
export function DueBadge({ status }: { status: TDueStatus }) {
  const m = useMessages(maintenanceMessages);
  return (
    <Badge tone={DUE_STATUS_TONE[status]}>
      <span aria-hidden="true" className="mr-1">
        {DUE_ICON[status]}
      </span>
      {m.due.status[status]}
    </Badge>
  );
}

export const woNumber = (n: number) => `WO-${String(n).padStart(6, '0')}`;

export function MaintenanceTabs({ orgId }: { orgId: string }) {
  const m = useMessages(maintenanceMessages);
  return (
    <SubNav
      label={m.tabs.label}
      items={[
        { href: orgPath(orgId, 'maintenance'), label: m.tabs.board },
        { href: orgPath(orgId, 'maintenance/due'), label: m.tabs.due },
        { href: orgPath(orgId, 'maintenance/prestart'), label: m.tabs.prestart },
      ]}
    />
  );
}
