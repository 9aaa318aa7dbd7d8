'use client';

import type { TPersonRef } from '@amms/contracts/members';
import { useI18n } from '@/i18n/i18n-provider';

/** A person named on a record: "王磊（调度员）" / "Wang Lei (Dispatcher)"; nothing when unknown. */
export function PersonName({ person }: { person: TPersonRef | null }) {
  const { t, locale } = useI18n();
  if (!person) return null;
  const role = person.role ? t.roles[person.role] : null;
  return (
    <span className="text-slate-900">
      {role ? (locale === 'en' ? `${person.name} (${role})` : `${person.name}（${role}）`) : person.name}
    </span>
  );
}
