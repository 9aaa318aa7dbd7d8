import { EmptyState } from '@/components/empty-state';
import { getI18n } from '@/i18n/server';

export async function NoAccess() {
  const { t } = await getI18n();
  return (
    <EmptyState title={t.noAccess.title}>
      <p>{t.noAccess.body}</p>
    </EmptyState>
  );
}
