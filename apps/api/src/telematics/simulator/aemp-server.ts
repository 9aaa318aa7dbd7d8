import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

/** One machine as a telematics unit: its header, and its readings over time. */
export interface SimUnit {
  equipmentId: string;
  serialNumber: string;
  pin?: string;
  oemName: string;
  model: string;
}

export interface SimSample {
  at: Date;
  lat: number;
  lon: number;
  hours: number;
  fuelL: number;
}

export interface SimFault {
  at: Date;
  code: string;
  description: string;
}

/** Where the readings come from: a scripted list (tests) or machines driving between fields (simulator). */
export interface FleetModel {
  units(): SimUnit[];
  /** the samples in [from, to], oldest first */
  samples(unit: SimUnit, from: Date, to: Date): SimSample[];
  faults(unit: SimUnit, from: Date, to: Date): SimFault[];
}

export type SimFailure = '401' | '429' | '500' | 'garbage' | 'hang' | 'not-iso';

export interface FakeAempOptions {
  model: FleetModel;
  pageSize?: number;
  /** Basic: user name / password; OAuth2: the client id / secret the token endpoint takes */
  username: string;
  secret: string;
  /** the time series offered (others answer 404); default all four */
  series?: readonly string[];
  /** "now" of the snapshot (tests pin it) */
  now?: () => Date;
}

const SERIES = ['Locations', 'CumulativeOperatingHours', 'FuelUsed', 'FaultCodes'];
const iso = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, 'Z');

/**
 * An ISO 15143-3 (AEMP 2.0) server in its JSON form, for the tests and the local simulator:
 * `GET /Fleet/{page}` (the fleet snapshot, `Links` self / next / last, one `Equipment` per unit
 * with `EquipmentHeader`, `Location`, `CumulativeOperatingHours`, `FuelUsed`), the time series
 * `GET /Fleet/Equipment/ID/{id}/{Locations|CumulativeOperatingHours|FuelUsed|FaultCodes}/{from}/{to}/{page}`,
 * HTTP Basic or OAuth2 client credentials (`POST /oauth/token`). It can be told to fail the next
 * requests: 401, 429 (Retry-After 1), 500, garbage, an answer that never comes, a JSON that is not ISO.
 */
export class FakeAempServer {
  readonly requests: { method: string; path: string; auth: string | null }[] = [];
  private failures: { kind: SimFailure; match: RegExp | null }[] = [];
  private server: Server | null = null;
  private hanging = new Set<ServerResponse>();
  private tokens = new Set<string>();
  base = '';

  constructor(private readonly o: FakeAempOptions) {}

  /** The next matching request(s) fail this way (in order). */
  failNext(kind: SimFailure, times = 1, match: RegExp | null = null): void {
    for (let i = 0; i < times; i++) this.failures.push({ kind, match });
  }

  /** Tokens handed out so far are no longer accepted (an expired token). */
  expireTokens(): void {
    this.tokens.clear();
  }

  async listen(port = 0, host = '127.0.0.1'): Promise<string> {
    this.server = createServer((req, res) => this.handle(req, res));
    await new Promise<void>((r) => this.server!.listen(port, host, r));
    const a = this.server.address();
    this.base = `http://${host}:${typeof a === 'object' && a ? a.port : port}`;
    return this.base;
  }

  async close(): Promise<void> {
    for (const r of this.hanging) r.destroy();
    if (this.server) await new Promise<void>((r) => this.server!.close(() => r()));
  }

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }

  private handle(req: IncomingMessage, res: ServerResponse): void {
    const path = (req.url ?? '/').split('?')[0]!;
    this.requests.push({ method: req.method ?? 'GET', path, auth: req.headers.authorization ?? null });
    const i = this.failures.findIndex((f) => !f.match || f.match.test(path));
    if (i >= 0) {
      const [f] = this.failures.splice(i, 1);
      return this.fail(f!.kind, res);
    }
    if (req.method === 'POST' && path === '/oauth/token') return this.token(req, res);
    if (!this.authorized(req.headers.authorization)) return this.json(res, 401, { error: 'unauthorized' });
    const fleet = /^\/Fleet\/(\d+)$/.exec(path);
    if (req.method === 'GET' && fleet) return this.fleetPage(Number(fleet[1]), res);
    const ts = /^\/Fleet\/Equipment\/ID\/([^/]+)\/([A-Za-z]+)\/([^/]+)\/([^/]+)\/(\d+)$/.exec(path);
    if (req.method === 'GET' && ts)
      return this.seriesPage(decodeURIComponent(ts[1]!), ts[2]!, ts[3]!, ts[4]!, Number(ts[5]), res);
    this.json(res, 404, { error: 'not found' });
  }

  private fail(kind: SimFailure, res: ServerResponse): void {
    if (kind === 'hang') {
      this.hanging.add(res);
      res.on('close', () => this.hanging.delete(res));
      return;
    }
    if (kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"Equipment": [ <<garbage');
      return;
    }
    if (kind === 'not-iso') return this.json(res, 200, { machines: [{ id: 1 }] });
    const status = Number(kind);
    res.writeHead(status, { 'content-type': 'application/json', ...(status === 429 ? { 'retry-after': '1' } : {}) });
    res.end(JSON.stringify({ error: kind }));
  }

  private authorized(header: string | undefined): boolean {
    if (!header) return false;
    if (header.startsWith('Bearer ')) return this.tokens.has(header.slice(7));
    if (header.startsWith('Basic ')) {
      const [u, ...p] = Buffer.from(header.slice(6), 'base64').toString('utf8').split(':');
      return u === this.o.username && p.join(':') === this.o.secret;
    }
    return false;
  }

  private token(req: IncomingMessage, res: ServerResponse): void {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const [u, ...p] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64')
        .toString('utf8')
        .split(':');
      const ok =
        new URLSearchParams(body).get('grant_type') === 'client_credentials' &&
        decodeURIComponent(u ?? '') === this.o.username &&
        decodeURIComponent(p.join(':')) === this.o.secret;
      if (!ok) return this.json(res, 401, { error: 'invalid_client' });
      const token = `tok-${Math.random().toString(36).slice(2)}`;
      this.tokens.add(token);
      this.json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
    });
  }

  private links(path: (p: number) => string, page: number, last: number) {
    return [
      { rel: 'self', href: `${this.base}${path(page)}` },
      ...(page < last ? [{ rel: 'next', href: `${this.base}${path(page + 1)}` }] : []),
      ...(page > 1 ? [{ rel: 'prev', href: `${this.base}${path(page - 1)}` }] : []),
      { rel: 'last', href: `${this.base}${path(last)}` },
    ];
  }

  private fleetPage(page: number, res: ServerResponse): void {
    const size = this.o.pageSize ?? 100;
    const units = this.o.model.units();
    const last = Math.max(1, Math.ceil(units.length / size));
    if (page < 1 || page > last) return this.json(res, 404, { error: 'no such page' });
    const now = this.now();
    const Equipment = units.slice((page - 1) * size, page * size).map((u) => {
      const s = this.o.model.samples(u, new Date(0), now).at(-1);
      return {
        EquipmentHeader: {
          OEMName: u.oemName,
          Model: u.model,
          EquipmentID: u.equipmentId,
          SerialNumber: u.serialNumber,
          ...(u.pin ? { PIN: u.pin } : {}),
        },
        ...(s
          ? {
              Location: { datetime: iso(s.at), Latitude: s.lat, Longitude: s.lon },
              CumulativeOperatingHours: { datetime: iso(s.at), Hour: s.hours },
              FuelUsed: { datetime: iso(s.at), FuelUnits: 'litre', FuelConsumed: s.fuelL },
            }
          : {}),
      };
    });
    this.json(res, 200, {
      Links: this.links((p) => `/Fleet/${p}`, page, last),
      Equipment,
      snapshotTime: iso(now),
      version: '1',
    });
  }

  private seriesPage(id: string, series: string, from: string, to: string, page: number, res: ServerResponse): void {
    const offered = this.o.series ?? SERIES;
    const unit = this.o.model.units().find((u) => u.equipmentId === id);
    if (!unit || !offered.includes(series)) return this.json(res, 404, { error: 'not offered' });
    const a = new Date(from);
    const b = new Date(to);
    if (Number.isNaN(a.getTime()) || Number.isNaN(b.getTime())) return this.json(res, 400, { error: 'bad dates' });
    const size = this.o.pageSize ?? 100;
    const rows: Record<string, unknown>[] =
      series === 'FaultCodes'
        ? this.o.model.faults(unit, a, b).map((f) => ({
            datetime: iso(f.at),
            CodeIdentifier: f.code,
            CodeDescription: f.description,
            CodeSeverity: '2',
            CodeSource: 'ECU',
          }))
        : this.o.model
            .samples(unit, a, b)
            .map((s) =>
              series === 'Locations'
                ? { datetime: iso(s.at), Latitude: s.lat, Longitude: s.lon }
                : series === 'FuelUsed'
                  ? { datetime: iso(s.at), FuelUnits: 'litre', FuelConsumed: s.fuelL }
                  : { datetime: iso(s.at), Hour: s.hours },
            );
    const key = {
      Locations: 'Location',
      CumulativeOperatingHours: 'CumulativeOperatingHours',
      FuelUsed: 'FuelUsed',
      FaultCodes: 'FaultCode',
    }[series]!;
    const last = Math.max(1, Math.ceil(rows.length / size));
    const path = (p: number) => `/Fleet/Equipment/ID/${encodeURIComponent(id)}/${series}/${from}/${to}/${p}`;
    this.json(res, 200, { Links: this.links(path, page, last), [key]: rows.slice((page - 1) * size, page * size) });
  }

  private json(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  }
}

/** A model from fixed lists (tests): samples and faults per equipment id; units can be added while it runs. */
export class ScriptedFleet implements FleetModel {
  constructor(
    readonly list: SimUnit[],
    readonly data: Map<string, { samples: SimSample[]; faults: SimFault[] }> = new Map(),
  ) {}
  units() {
    return this.list;
  }
  samples(u: SimUnit, from: Date, to: Date) {
    return (this.data.get(u.equipmentId)?.samples ?? [])
      .filter((s) => s.at >= from && s.at <= to)
      .sort((x, y) => x.at.getTime() - y.at.getTime());
  }
  faults(u: SimUnit, from: Date, to: Date) {
    return (this.data.get(u.equipmentId)?.faults ?? []).filter((f) => f.at >= from && f.at <= to);
  }
}
