// @vitest-environment happy-dom
import { onlineManager, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { I18nProvider } from '@/i18n/i18n-provider';
import type { Locale } from '@/i18n/locales';
import { AddMachine } from './add-machine';

/**
 * The field app's "add a machine from a photo" against API answers: the browser's fetch is replaced
 * by one that records each request and answers per route (the web's own code — RecognisePhoto, the
 * multipart upload, apiFetch, the asset mutation, the model filter — runs as is).
 */
const ORG = '00000000-0000-4000-8000-0000000000aa';
const DEERE = '00000000-0000-4000-8000-000000000001';
const LOVOL = '00000000-0000-4000-8000-000000000002';
const REC = '00000000-0000-4000-8000-0000000000cc';
const model = (id: string, manufacturer: string, name: string) => ({
  id,
  organizationId: null,
  manufacturer,
  name,
  kind: 'POWER_UNIT',
  operationTypes: ['TILLAGE'],
  workingWidthM: null,
  powerKw: 120,
  roadSpeedKmh: null,
  effectiveRoadSpeedKmh: 30,
  planning: {
    workingSpeedKmh: null,
    fieldEfficiency: null,
    workRateHaPerHour: null,
    requiredPowerKw: null,
    hitchTypes: [],
    requiredQualifications: [],
    outputHaPerHour: null,
  },
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
});
const MODELS = { items: [model(DEERE, 'John Deere', '6M 1204'), model(LOVOL, 'Lovol', 'M1504')], nextCursor: null };

type Recorded = { url: string; method: string; body: unknown; idempotencyKey: string | null };
const requests: Recorded[] = [];
let recognition: { status: number; body: unknown };

function asset(body: Record<string, unknown>) {
  return {
    id: '00000000-0000-4000-8000-0000000000dd',
    modelId: body.modelId,
    teamId: null,
    name: body.name,
    serialNumber: body.serialNumber,
    plateNumber: null,
    purchaseDate: null,
    purchaseCostMinor: null,
    status: 'ACTIVE',
    recognition: null,
    version: 1,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  requests.length = 0;
  onlineManager.setOnline(true);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const headers = new Headers(init.headers);
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    requests.push({ url, method, body, idempotencyKey: headers.get('idempotency-key') });
    if (url.includes('/machine-models/recognitions')) return json(recognition.status, recognition.body);
    if (url.includes('/machine-models')) return json(200, MODELS);
    if (url.endsWith('/assets') && method === 'POST') return json(201, asset(body as Record<string, unknown>));
    return json(404, { error: { code: 'ROUTE_NOT_FOUND', message: 'no', requestId: 'r' } });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  onlineManager.setOnline(true);
});

function show(locale: Locale = 'en') {
  const qc = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  render(
    <QueryClientProvider client={qc}>
      <I18nProvider locale={locale}>
        <AddMachine orgId={ORG} />
      </I18nProvider>
    </QueryClientProvider>,
  );
}

async function takePhoto() {
  const input = document.querySelector('input[type=file]') as HTMLInputElement;
  expect(input.getAttribute('capture')).toBe('environment');
  expect(input.getAttribute('accept')).toBe('image/*');
  const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'machine.jpg', { type: 'image/jpeg' });
  fireEvent.change(input, { target: { files: [file] } });
}

const createRequests = () => requests.filter((r) => r.url.endsWith('/assets') && r.method === 'POST');

describe('AddMachine (field app: a machine from a photo)', () => {
  it('shows the candidates with confidence; the picked one is created quoting the recognition', async () => {
    recognition = {
      status: 200,
      body: {
        recognitionId: REC,
        status: 'RECOGNISED',
        modelVersion: 'fake-2026.1',
        candidates: [
          {
            machineModelId: DEERE,
            label: 'John Deere 6M 1204',
            manufacturer: 'John Deere',
            name: '6M 1204',
            confidence: 0.91,
          },
          { machineModelId: null, label: 'Kubota M7', manufacturer: null, name: null, confidence: 0.05 },
        ],
        minConfidence: 0.5,
        message: 'ok',
      },
    };
    show('en');
    await screen.findByRole('option', { name: 'Lovol M1504' });
    await takePhoto();
    const pick = await screen.findByRole('button', { name: /Use John Deere 6M 1204 \(confidence 91 %\)/ });
    expect(screen.getByText('Kubota M7 (not in the catalog) · 5 %')).toBeTruthy();
    expect(screen.getByText('Recognition model version: fake-2026.1')).toBeTruthy();
    fireEvent.click(pick);
    expect((screen.getByLabelText('Model') as HTMLSelectElement).value).toBe(DEERE);

    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Tractor 7' } });
    fireEvent.change(screen.getByLabelText('Serial number'), { target: { value: 'SN-77' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add the machine' }));
    await screen.findByText('Machine Tractor 7 (John Deere 6M 1204) added.');
    const [create] = createRequests();
    expect(create!.body).toMatchObject({
      modelId: DEERE,
      name: 'Tractor 7',
      serialNumber: 'SN-77',
      recognition: { recognitionId: REC },
    });
    expect(create!.idempotencyKey).toBeTruthy();
  });

  it('no recognition service: says so plainly; the catalog search narrows the models and no recognition is quoted', async () => {
    recognition = {
      status: 200,
      body: {
        recognitionId: null,
        status: 'NOT_CONFIGURED',
        modelVersion: null,
        candidates: [],
        minConfidence: 0.5,
        message: 'not configured',
      },
    };
    show('zh-CN');
    await screen.findByRole('option', { name: 'Lovol M1504' });
    await takePhoto();
    await screen.findByText('本系统未配置照片识别：请在下方目录中手动选择型号。');

    fireEvent.change(screen.getByLabelText('在目录中搜索型号'), { target: { value: 'lovol' } });
    const select = screen.getByLabelText('机型') as HTMLSelectElement;
    const names = within(select)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(names).toContain('Lovol M1504');
    expect(names).not.toContain('John Deere 6M 1204');
    fireEvent.change(select, { target: { value: LOVOL } });
    fireEvent.change(screen.getByLabelText('名称'), { target: { value: '二号拖拉机' } });
    fireEvent.change(screen.getByLabelText('序列号'), { target: { value: 'L-2' } });
    fireEvent.click(screen.getByRole('button', { name: '添加机具' }));
    await waitFor(() => expect(createRequests()).toHaveLength(1));
    expect(createRequests()[0]!.body).toMatchObject({ modelId: LOVOL, name: '二号拖拉机' });
    expect(createRequests()[0]!.body).not.toHaveProperty('recognition');
  });

  it('offline: says the page needs the network and does not send', async () => {
    onlineManager.setOnline(false);
    show('en');
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      expect.stringContaining('You are offline: adding a machine needs the network'),
    );
    expect((screen.getByRole('button', { name: 'Add the machine' }) as HTMLButtonElement).disabled).toBe(true);
    expect(createRequests()).toHaveLength(0);
  });
});
