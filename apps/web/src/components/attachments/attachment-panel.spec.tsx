// @vitest-environment happy-dom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import { AttachmentPanel } from './attachment-panel';

/** The panel's delete against API answers (fetch replaced; the panel, its hooks and apiFetch run as is). */
const ORG = '00000000-0000-4000-8000-0000000000aa';
const WO = '00000000-0000-4000-8000-0000000000bb';
const ATT = {
  id: '00000000-0000-4000-8000-0000000000cc',
  ownerType: 'WORK_ORDER',
  ownerId: WO,
  fileName: 'leak.jpg',
  contentType: 'image/jpeg',
  sizeBytes: 1000,
  sha256: 'a'.repeat(64),
  width: 10,
  height: 10,
  hasThumbnail: true,
  locationKept: false,
  createdByUserId: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};
const requests: { url: string; method: string }[] = [];
let deleteAnswer: Response;

beforeEach(() => {
  requests.length = 0;
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    requests.push({ url, method });
    if (method === 'DELETE') return deleteAnswer;
    return new Response(JSON.stringify({ items: [ATT] }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function show(canDelete: boolean) {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <I18nProvider locale="en">
        <AttachmentPanel orgId={ORG} ownerType="WORK_ORDER" ownerId={WO} canUpload={false} canDelete={canDelete} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

const deletes = () => requests.filter((r) => r.method === 'DELETE');

describe('AttachmentPanel delete', () => {
  it('asks first; cancel sends nothing; confirm sends DELETE and refreshes the list', async () => {
    deleteAnswer = new Response(null, { status: 204 });
    show(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete leak.jpg' }));
    expect(screen.getByRole('alertdialog').textContent).toContain('Delete leak.jpg? This cannot be undone.');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(deletes()).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Delete leak.jpg' }));
    const lists = requests.filter((r) => r.method === 'GET').length;
    fireEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    await waitFor(() => expect(deletes()).toHaveLength(1));
    expect(deletes()[0]!.url).toContain(`attachments/${ATT.id}`);
    await waitFor(() => expect(requests.filter((r) => r.method === 'GET').length).toBeGreaterThan(lists));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
  });

  it('a locked owner: the API’s 409 is shown in words', async () => {
    deleteAnswer = new Response(
      JSON.stringify({ error: { code: 'ATTACHMENT_LOCKED', message: 'closed', requestId: 'r' } }),
      { status: 409, headers: { 'content-type': 'application/json' } },
    );
    show(true);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete leak.jpg' }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete it' }));
    await screen.findByText(/its files can no longer be deleted/);
  });

  it('without the right: no delete button', async () => {
    show(false);
    await screen.findByRole('link', { name: 'Open leak.jpg' });
    expect(screen.queryByRole('button', { name: 'Delete leak.jpg' })).toBeNull();
  });
});
