import 'server-only';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { getI18n } from '@/i18n/server';
import { orgPath } from '@/lib/nav';
import { FieldFrame } from './field-frame';
import { fieldMessages } from './messages';
import { fieldOrgProps, usesFieldApp, type FieldContext } from './server';
import type { FieldOrgProps } from './types';

/**
 * Frame + the cases without a usable org: no membership at all, or a role the field app has
 * nothing for (accountant, viewer): an explanation and the way to the dashboard.
 */
export async function FieldPage({
  ctx,
  path,
  children,
}: {
  ctx: FieldContext;
  path?: string;
  children: (props: FieldOrgProps) => ReactNode;
}) {
  const { locale } = await getI18n();
  const m = fieldMessages[locale];
  const membership = ctx.membership;
  let body: ReactNode;
  if (!membership) {
    body = (
      <>
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{m.appTitle}</h1>
        <EmptyState title={m.noOrg.title}>
          <p>{m.noOrg.body}</p>
        </EmptyState>
      </>
    );
  } else if (!usesFieldApp(membership)) {
    body = (
      <>
        <h1 className="mb-4 text-2xl font-bold tracking-tight text-slate-900">{m.appTitle}</h1>
        <EmptyState title={m.noAccess.title}>
          <p>{m.noAccess.body}</p>
          <p className="pt-2">
            <Link
              href={orgPath(membership.organization.id)}
              className="font-semibold text-emerald-800 underline underline-offset-2 hover:text-emerald-900"
            >
              {m.dashboard}
            </Link>
          </p>
        </EmptyState>
      </>
    );
  } else {
    body = children(fieldOrgProps(membership));
  }
  return (
    <FieldFrame membership={membership} memberships={ctx.memberships} path={path}>
      {body}
    </FieldFrame>
  );
}
