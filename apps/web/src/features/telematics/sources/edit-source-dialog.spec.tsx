// @vitest-environment happy-dom
import type { TTelematicsSource } from '@amms/contracts/telematics-sources';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { EditSourceDialog } from './edit-source-dialog';

/**
 * Editing a telematics source against the API's answers: the browser's fetch is replaced by one
 * that records the request and answers (the web's own code — apiFetch, the mutation, the form's
 * field errors — runs as is).
 */
const SOURCE: TTelematicsSource = {
  id: '00000000-0000-4000-8000-0000000000aa',
  name: '雷沃 AEMP',
  baseUrl: 'https://aemp.example.com/v2',
  authKind: 'BASIC',
  username: 'fleet',
  tokenUrl: null,
  hasSecret: true,
  pollEveryMinutes: 15,
  enabled: true,
  status: 'OK',
  consecutiveFailures: 0,
  lastPolledAt: null,
  lastSuccessAt: null,
  lastError: null,
  linkedUnits: 3,
  unmatchedUnits: 0,
  version: 4,
  createdAt: '2026-12-01T00:00:00.000Z',
};
const requests: { url: string; method: string; body: unknown }[] = [];
let answer: { status: number; body: unknown } = { status: 500, body: null };
const onSaved = vi.fn();
const onClose = vi.fn();

beforeEach(() => {
  requests.length = 0;
  onSaved.mockReset();
  onClose.mockReset();
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    requests.push({
      url,
      method: init.method ?? 'GET',
      body: init.body ? JSON.parse(String(init.body)) : undefined,
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

function show(source: TTelematicsSource = SOURCE, locale: Locale = 'zh-CN') {
  const qc = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <I18nProvider locale={locale}>
        <EditSourceDialog orgId="org-1" source={source} onClose={onClose} onSaved={onSaved} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const errorOf = (input: HTMLElement) => {
  const id = input.getAttribute('aria-describedby');
  return id ? (document.getElementById(id)?.textContent ?? null) : null;
};
const apiError = (status: number, code: string, details: unknown[] = []) => ({
  status,
  body: { error: { code, message: code, requestId: 'req-1', details } },
});

describe('EditSourceDialog', () => {
  it('shows the source (never its secret) and sends only what changed, at the version shown', async () => {
    answer = {
      status: 200,
      body: { ...SOURCE, name: '雷沃 新接口', pollEveryMinutes: 30, enabled: false, version: 5 },
    };
    show();
    expect(field('名称').value).toBe('雷沃 AEMP');
    expect(field('接口地址（Base URL）').value).toBe('https://aemp.example.com/v2');
    expect(field('用户名').value).toBe('fleet');
    expect(field('新密码').value).toBe('');
    expect(screen.getByText(/留空则保留原密钥/)).toBeTruthy();

    fireEvent.change(field('名称'), { target: { value: ' 雷沃 新接口 ' } });
    fireEvent.change(field('读取间隔（分钟）'), { target: { value: '30' } });
    fireEvent.click(screen.getByLabelText('按计划读取（取消勾选即暂停）'));
    fireEvent.click(screen.getByRole('button', { name: '保存' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests).toHaveLength(1);
    expect(requests[0]).toEqual({
      url: `/api/proxy/orgs/org-1/telematics/sources/${SOURCE.id}`,
      method: 'PATCH',
      body: { version: 4, name: '雷沃 新接口', pollEveryMinutes: 30, enabled: false },
    });
  });

  it('replaces the credentials: a new user name and secret go, the token URL of an OAuth2 source too', async () => {
    answer = { status: 200, body: SOURCE };
    show({ ...SOURCE, authKind: 'OAUTH2', tokenUrl: 'https://auth.example.com/token', username: 'client-1' }, 'en');
    fireEvent.change(field('Client ID'), { target: { value: 'client-2' } });
    fireEvent.change(field('New client secret'), { target: { value: 's3cret-rotated' } });
    fireEvent.change(field('Token URL'), { target: { value: 'https://auth.example.com/oauth/token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(requests[0]!.body).toEqual({
      version: 4,
      tokenUrl: 'https://auth.example.com/oauth/token',
      username: 'client-2',
      secret: 's3cret-rotated',
    });
  });

  it('closes without a request when nothing changed', () => {
    show();
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    expect(requests).toHaveLength(0);
    expect(onClose).toHaveBeenCalled();
  });

  it('puts the API’s validation errors on their fields, a refused address on the URL', async () => {
    answer = apiError(400, 'VALIDATION_FAILED', [
      { path: 'name', message: 'Too small', code: 'too_small' },
      { path: 'pollEveryMinutes', message: 'Too big', code: 'too_big' },
    ]);
    show();
    fireEvent.change(field('名称'), { target: { value: '' } });
    fireEvent.change(field('读取间隔（分钟）'), { target: { value: '100000' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(field('名称').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(field('名称'))).toBe('不能为空，或数值太小。');
    expect(errorOf(field('读取间隔（分钟）'))).toBe('超出允许的长度或范围。');
    expect(requests[0]!.body).toEqual({ version: 4, name: '', pollEveryMinutes: 100000 });
    expect(onSaved).not.toHaveBeenCalled();

    cleanup();
    answer = apiError(400, 'TELEMATICS_URL_REFUSED', [
      { path: 'baseUrl', message: 'private address', code: 'invalid_value' },
    ]);
    show();
    fireEvent.change(field('接口地址（Base URL）'), { target: { value: 'http://10.0.0.5/aemp' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(field('接口地址（Base URL）').getAttribute('aria-invalid')).toBe('true'));
    expect(errorOf(field('接口地址（Base URL）'))).toContain('这个地址不允许');
  });

  it('says so when someone else changed the source meanwhile (409)', async () => {
    answer = apiError(409, 'VERSION_CONFLICT');
    show();
    fireEvent.change(field('名称'), { target: { value: '另一个名字' } });
    fireEvent.click(screen.getByRole('button', { name: '保存' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('刚被别人修改过'));
    expect(onSaved).not.toHaveBeenCalled();
  });
});
