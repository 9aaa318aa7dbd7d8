import type { Tone } from '@/components/ui/badge';

export function draftStatusTone(status: string): Tone {
  return status === 'OPEN'
    ? 'blue'
    : status === 'EXECUTED'
      ? 'green'
      : status === 'EXECUTING'
        ? 'violet'
        : status === 'REJECTED'
          ? 'neutral'
          : 'neutral';
}

export function executionTone(status: string): Tone {
  return status === 'SUCCEEDED'
    ? 'green'
    : status === 'PARTIAL'
      ? 'amber'
      : status === 'FAILED' || status === 'REFUSED'
        ? 'red'
        : 'blue';
}

export function receiptTone(status: string): Tone {
  return status === 'SUCCEEDED' ? 'green' : status === 'CONFLICT' ? 'amber' : status === 'FAILED' ? 'red' : 'neutral';
}
