import net from 'node:net';

/**
 * A TCP relay in front of Postgres that counts the database round trips its clients make, read
 * off the wire (not from the app's own bookkeeping). After the startup packet every frontend
 * message is `type(1) length(4) body`; a round trip ends with `Sync` ('S', extended protocol:
 * Parse/Bind/Execute… Sync, what node-postgres and Prisma's pg adapter send) or is a simple
 * `Query` ('Q'). Point an app's DATABASE_URL at `url` and read `roundTrips` around a request.
 */
export interface PgRoundTripCounter {
  url: string;
  /** Sync + Query messages sent by all clients so far */
  roundTrips: number;
  /**
   * Transactions the server ended so far, read off the backend's ReadyForQuery messages: each
   * one that reports the session idle ('I') closes either an autocommit statement or an explicit
   * BEGIN … COMMIT. (A round trip that ran nothing also counts: an upper bound, as Postgres' own
   * xact_commit counter.)
   */
  transactions: number;
  close(): Promise<void>;
}

export async function startPgRoundTripCounter(target: string): Promise<PgRoundTripCounter> {
  const upstream = new URL(target);
  const sockets = new Set<net.Socket>();
  const counter = { roundTrips: 0, transactions: 0 };
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(db);
    let buf = Buffer.alloc(0);
    let started = false;
    client.on('data', (chunk) => {
      db.write(chunk);
      buf = Buffer.concat([buf, chunk]);
      for (;;) {
        if (!started) {
          // startup packet (or SSLRequest, which is followed by another startup): length(4) payload
          if (buf.length < 8) break;
          const len = buf.readInt32BE(0);
          if (buf.length < len) break;
          const code = buf.readInt32BE(4);
          buf = buf.subarray(len);
          if (code !== 80877103) started = true; // 80877103: SSLRequest
          continue;
        }
        if (buf.length < 5) break;
        const len = buf.readInt32BE(1);
        if (buf.length < len + 1) break;
        const type = String.fromCharCode(buf[0]!);
        if (type === 'S' || type === 'Q') counter.roundTrips++;
        buf = buf.subarray(len + 1);
      }
    });
    let back = Buffer.alloc(0);
    db.on('data', (chunk) => {
      client.write(chunk);
      back = Buffer.concat([back, chunk]);
      for (;;) {
        if (back.length < 5) break;
        const len = back.readInt32BE(1);
        if (back.length < len + 1) break;
        // ReadyForQuery: 'Z', length 5, status byte I (idle) / T (in a transaction) / E (failed one)
        if (back[0] === 0x5a && back[5] === 0x49) counter.transactions++;
        back = back.subarray(len + 1);
      }
    });
    const end = () => {
      client.destroy();
      db.destroy();
      sockets.delete(client);
      sockets.delete(db);
    };
    client.on('close', end).on('error', end);
    db.on('close', end).on('error', end);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const addr = server.address() as net.AddressInfo;
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(addr.port);
  return {
    url: url.toString(),
    get roundTrips() {
      return counter.roundTrips;
    },
    get transactions() {
      return counter.transactions;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
