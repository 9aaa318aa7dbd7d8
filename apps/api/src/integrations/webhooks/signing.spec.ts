import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { newSecret, signedHeaders } from './signing.js';
import { backoffMs } from './webhook-deliverer.js';

describe('Standard Webhooks signing', () => {
  it('the standardwebhooks package verifies what we sign, with either secret during an overlap', () => {
    const [current, previous] = [newSecret(), newSecret()];
    const body = JSON.stringify({ id: 'e1', type: 'job.created', data: { name: '收割' } });
    const ts = Math.floor(Date.now() / 1000);
    const headers = signedHeaders([current, previous], 'e1', ts, body);
    expect(String(headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(new Webhook(current).verify(body, headers)).toMatchObject({ type: 'job.created' });
    expect(new Webhook(previous).verify(body, headers)).toMatchObject({ type: 'job.created' });
    expect(() => new Webhook(newSecret()).verify(body, headers)).toThrow();
    expect(() => new Webhook(current).verify(body.replace('收割', 'x'), headers)).toThrow();
  });

  it('backoff doubles per retry within ±10 %', () => {
    for (const [retry, base] of [
      [1, 90_000],
      [2, 180_000],
      [10, 90_000 * 512],
    ] as const) {
      const d = backoffMs(90_000, retry);
      expect(d).toBeGreaterThanOrEqual(base * 0.9);
      expect(d).toBeLessThanOrEqual(base * 1.1);
    }
  });
});
