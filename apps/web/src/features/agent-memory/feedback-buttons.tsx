'use client';

import { Button } from '@/components/ui/button';
import { ErrorAlert } from '@/components/ui/error-alert';
import { useMessages } from '@/i18n/messages';
import { memoryMessages } from './messages';
import { useRunFeedback } from './mutations';

/** Thumbs up / down on a run's answer or draft: stored per person and run (a new vote replaces the old one). */
export function FeedbackButtons({ orgId, runId }: { orgId: string; runId: string }) {
  const m = useMessages(memoryMessages);
  const vote = useRunFeedback(orgId, runId);
  const current = vote.data?.rating;
  return (
    <div role="group" aria-label={m.feedbackLabel} className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
      <span>{m.feedbackLabel}</span>
      {(
        [
          ['UP', `👍 ${m.up}`],
          ['DOWN', `👎 ${m.down}`],
        ] as const
      ).map(([rating, label]) => (
        <Button
          key={rating}
          variant="secondary"
          size="sm"
          aria-pressed={current === rating}
          disabled={vote.isPending}
          onClick={() => vote.mutate(rating)}
        >
          {label}
        </Button>
      ))}
      {vote.isSuccess ? <span role="status">{m.thanks}</span> : null}
      {vote.error ? <ErrorAlert error={vote.error} /> : null}
    </div>
  );
}
