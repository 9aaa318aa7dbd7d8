'use client';

import { useQuery } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorAlert } from '@/components/ui/error-alert';
import { format } from '@/i18n/dictionaries';
import { useMessages } from '@/i18n/messages';
import { verifyQuery } from './queries';
import { auditMessages } from './messages';

/** The chain status from GET audit-events/verify; `auto` checks at once, else on the button. */
export function VerifyChain({ orgId, auto }: { orgId: string; auto: boolean }) {
  const m = useMessages(auditMessages);
  const q = useQuery({ ...verifyQuery(orgId), enabled: auto });
  const ran = q.fetchStatus !== 'idle' || q.data !== undefined || q.isError;
  return (
    <Card
      id="verify"
      title={m.verifyTitle}
      actions={
        <Button variant="secondary" onClick={() => void q.refetch()} pending={q.isFetching}>
          {q.data ? m.verifyAgain : m.verify}
        </Button>
      }
    >
      <div role="status" aria-live="polite" className="text-sm">
        {q.isFetching && !q.data ? (
          <p className="text-slate-600">{m.checking}</p>
        ) : q.data ? (
          q.data.ok ? (
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="green">✓ {m.verified}</Badge>
              <span className="text-slate-700">{format(m.verifiedDetail, { checked: q.data.checked })}</span>
            </p>
          ) : (
            <p className="flex flex-wrap items-center gap-2">
              <Badge tone="red">✗ {m.broken}</Badge>
              {q.data.firstBroken ? (
                <span className="text-red-900">
                  {format(m.brokenDetail, {
                    seq: q.data.firstBroken.seq,
                    reason: m.reasons[q.data.firstBroken.reason],
                  })}
                </span>
              ) : null}
            </p>
          )
        ) : null}
      </div>
      {ran && q.isError ? <ErrorAlert error={q.error} className="mt-2" /> : null}
    </Card>
  );
}
