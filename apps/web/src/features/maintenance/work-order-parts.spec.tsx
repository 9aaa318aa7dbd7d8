// @vitest-environment happy-dom
import type { TWorkOrderDetailWithPeople } from '@amms/contracts/maintenance';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { Parts } from './work-order-parts';

/**
 * The parts form of a work order against an API answer: the browser's fetch is replaced by one
 * that records the request and answers with the API's error envelope (the web's own code under
 * test — apiFetch's envelope parsing, the mutation hook, useFieldErrors, the form fields — runs as is).
 */
const WO = {
  id: '00000000-0000-4000-8000-000000000001',
  status: 'IN_PROGRESS',
  parts: [],
} as unknown as TWorkOrderDetailWithPeople;
const requests: { url: string; method: string; body: unknown; idempotencyKey: string | null }[] = [];
let answer: { status: number; body: unknown } = { status: 500, body: null };

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const headers = new Headers(init.headers);
    requests.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
      idempotencyKey: headers.get('idempotency-key'),
    });
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(locale: Locale = 'zh-CN') {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <I18nProvider locale={locale}>
        <Parts orgId="org-1" wo={WO} canWork />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};

/** The API's 400 VALIDATION_FAILED answer with `details`. */
const validationFailed = (requestId: string, details: { path: string; message: string; code: string }[]) => ({
  status: 400,
  body: { error: { code: 'VALIDATION_FAILED', message: 'Validation failed', requestId, details } },
});

describe('Parts form (a form showing the API’s field errors)', () => {
  it('puts each VALIDATION_FAILED detail on its field, in the reader’s language, and sends the amount in fen', async () => {
    answer = validationFailed('req-1', [
      { path: 'name', message: 'Too small: expected string to have >=1 characters', code: 'too_small' },
      { path: 'unitCostMinor', message: 'Invalid string: must match pattern /^\\d+$/', code: 'invalid_format' },
    ]);
    show('zh-CN');
    fireEvent.change(field('单价（元）'), { target: { value: '12.5' } });
    fireEvent.click(screen.getByRole('button', { name: '添加配件' }));

    await waitFor(() => expect(field('名称').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(field('名称'))).toBe('不能为空，或数值太小。');
    expect(field('单价（元）').getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(field('单价（元）'))).toBe('格式不正确。');
    expect(field('数量').getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByRole('alert').textContent).toContain('req-1');

    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({
      url: '/api/proxy/orgs/org-1/work-orders/00000000-0000-4000-8000-000000000001/parts',
      method: 'POST',
      body: { name: '', quantity: 1, unitCostMinor: '1250' },
    });
    expect(requests[0]!.idempotencyKey).toBeTruthy();
  });

  it('sends an unreadable amount as typed so that the API names the field (English)', async () => {
    answer = validationFailed('req-2', [
      {
        path: 'unitCostMinor',
        message: 'Invalid input: expected string, received undefined',
        code: 'invalid_type',
      },
    ]);
    show('en');
    fireEvent.change(field('Name'), { target: { value: 'Filter' } });
    fireEvent.change(field('Unit cost (¥)'), { target: { value: '-3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add part' }));

    await waitFor(() => expect(field('Unit cost (¥)').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(field('Unit cost (¥)'))).toBe('Required.');
    expect(field('Name').getAttribute('aria-invalid')).toBeNull();
    expect(requests[0]!.body).toMatchObject({ name: 'Filter', unitCostMinor: '-3' });
  });
});
