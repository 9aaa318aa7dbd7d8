import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { isIP } from 'node:net';

/**
 * Outbound webhook targets must be public: private, loopback, link-local, CGNAT, multicast,
 * reserved and unspecified addresses are refused (IPv4 and IPv6, including IPv4-mapped / NAT64 /
 * 6to4 forms that embed an IPv4 address), unless the URL's host is listed in WEBHOOK_ALLOW_HOSTS.
 * The check runs on the addresses the connection will actually use (`guardedLookup`), so a
 * DNS answer that changes between "create" and "send" (rebinding) is caught at send time.
 */

const V4_BLOCKED: readonly [number, number][] = [
  [0x00000000, 8], // 0.0.0.0/8 "this network"
  [0x0a000000, 8], // 10/8
  [0x64400000, 10], // 100.64/10 CGNAT
  [0x7f000000, 8], // loopback
  [0xa9fe0000, 16], // 169.254/16 link-local (cloud metadata)
  [0xac100000, 12], // 172.16/12
  [0xc0000000, 24], // 192.0.0/24 IETF protocol assignments
  [0xc0000200, 24], // 192.0.2/24 TEST-NET-1
  [0xc0a80000, 16], // 192.168/16
  [0xc6120000, 15], // 198.18/15 benchmarking
  [0xc6336400, 24], // 198.51.100/24 TEST-NET-2
  [0xcb007100, 24], // 203.0.113/24 TEST-NET-3
  [0xe0000000, 4], // multicast
  [0xf0000000, 4], // reserved + broadcast
];

function v4ToInt(ip: string): number | null {
  const parts = ip.split('.');
  if (parts.length !== 4) return null;
  let n = 0;
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p) || Number(p) > 255) return null;
    n = n * 256 + Number(p);
  }
  return n;
}

function v4Blocked(n: number): boolean {
  return V4_BLOCKED.some(([base, bits]) => (bits === 0 ? true : n >>> (32 - bits) === base >>> (32 - bits)));
}

/** 8 hextets of an IPv6 address (with an embedded dotted IPv4 tail expanded), or null. */
function v6Hextets(ip: string): number[] | null {
  let s = ip.split('%')[0]!.toLowerCase();
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(s);
  if (dotted) {
    const n = v4ToInt(dotted[1]!);
    if (n === null) return null;
    s = s.slice(0, -dotted[1]!.length) + `${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const halves = s.split('::');
  if (halves.length > 2) return null;
  const head = halves[0] ? halves[0].split(':') : [];
  const tail = halves.length === 2 && halves[1] ? halves[1].split(':') : [];
  const fill = halves.length === 2 ? 8 - head.length - tail.length : 0;
  if (fill < 0 || (halves.length === 1 && head.length !== 8)) return null;
  const all = [...head, ...Array<string>(fill).fill('0'), ...tail];
  if (all.length !== 8 || all.some((h) => !/^[0-9a-f]{1,4}$/.test(h))) return null;
  return all.map((h) => parseInt(h, 16));
}

/** true when a webhook must not connect to this address (non-IPs are refused too). */
export function isBlockedAddress(address: string): boolean {
  const family = isIP(address.split('%')[0]!);
  if (family === 4) return v4Blocked(v4ToInt(address)!);
  if (family !== 6) return true;
  const h = v6Hextets(address);
  if (!h) return true;
  const embedded = (hi: number, lo: number) => v4Blocked(((hi << 16) >>> 0) + lo);
  if (h.every((x) => x === 0)) return true; // ::
  if (h.slice(0, 7).every((x) => x === 0) && h[7] === 1) return true; // ::1
  if (h.slice(0, 5).every((x) => x === 0) && h[5] === 0xffff) return true; // ::ffff:a.b.c.d IPv4-mapped: refused whatever it embeds (a public target has a plain address)
  if (h.slice(0, 6).every((x) => x === 0)) return true; // ::a.b.c.d (deprecated IPv4-compatible)
  if (h[0] === 0x64 && h[1] === 0xff9b) return embedded(h[6]!, h[7]!); // 64:ff9b::/96 NAT64
  if (h[0] === 0x2002) return embedded(h[1]!, h[2]!); // 6to4
  if ((h[0]! & 0xffc0) === 0xfe80) return true; // link-local
  if ((h[0]! & 0xffc0) === 0xfec0) return true; // site-local (deprecated)
  if ((h[0]! & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((h[0]! & 0xff00) === 0xff00) return true; // multicast
  if (h[0] === 0x2001 && h[1] === 0x0db8) return true; // documentation
  if (h[0] === 0x0100 && h.slice(1, 4).every((x) => x === 0)) return true; // discard-only 100::/64
  return false;
}

/** The URL's host as WEBHOOK_ALLOW_HOSTS lists it: lower case, IPv6 without brackets. */
export function hostOf(url: URL): string {
  return url.hostname.toLowerCase().replace(/^\[(.*)\]$/, '$1');
}

export class TargetRefused extends Error {
  constructor(
    readonly host: string,
    readonly address: string,
  ) {
    super(`webhook target ${host} resolves to a refused address (${address})`);
    this.name = 'TargetRefused';
  }
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http.request: resolves the host, refuses when ANY of its addresses is blocked
 * (an attacker's name may answer public and private addresses in turn), unless allowed.
 */
export function guardedLookup(allowed: boolean) {
  return (hostname: string, options: { all?: boolean } | number | undefined, callback: LookupCallback): void => {
    dnsLookup(hostname, { all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const bad = addresses.find((a) => isBlockedAddress(a.address));
      if (bad && !allowed) return callback(new TargetRefused(hostname, bad.address) as NodeJS.ErrnoException, []);
      if (typeof options === 'object' && options?.all) return callback(null, addresses);
      const first = addresses[0]!;
      callback(null, first.address, first.family);
    });
  };
}

/** Create / update time: the same rule on the URL as it resolves now (send time checks again). */
export async function checkTarget(
  url: URL,
  allowHosts: readonly string[],
): Promise<{ ok: true } | { ok: false; reason: string }> {
  const host = hostOf(url);
  if (allowHosts.includes(host)) return { ok: true };
  if (isIP(host))
    return isBlockedAddress(host)
      ? { ok: false, reason: `address ${host} is private, loopback or link-local` }
      : { ok: true };
  if (host === 'localhost' || host.endsWith('.localhost')) return { ok: false, reason: 'localhost is refused' };
  try {
    const addresses = await new Promise<LookupAddress[]>((resolve, reject) =>
      dnsLookup(host, { all: true }, (e, a) => (e ? reject(e) : resolve(a))),
    );
    const bad = addresses.find((a) => isBlockedAddress(a.address));
    return bad
      ? { ok: false, reason: `${host} resolves to ${bad.address} (private, loopback or link-local)` }
      : { ok: true };
  } catch {
    // a name that does not resolve yet is not refused (DNS may follow); send time checks again
    return { ok: true };
  }
}
