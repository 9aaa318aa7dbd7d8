// A TCP relay in front of Postgres for the benchmarks: what a server asked of the database, read
// off the wire, which the machine's load does not change (unlike seconds). Frontend messages after
// the startup packet are `type(1) length(4) body`: a round trip ends with Sync ('S', the extended
// protocol node-postgres and Prisma's pg adapter use) or is a simple Query ('Q'); each Execute
// ('E') runs one statement. Backend DataRow ('D') messages are the rows sent back.
import net from 'node:net';

/** Splits a stream of `type(1) length(4) body` messages; `skipStartup` for the client side. */
function messageReader(onType, skipStartup) {
  let buf = Buffer.alloc(0);
  let started = !skipStartup;
  return (chunk) => {
    buf = buf.length ? Buffer.concat([buf, chunk]) : chunk;
    let at = 0;
    for (;;) {
      if (!started) {
        // startup packet (or SSLRequest, followed by another startup): length(4) code(4) …
        if (buf.length - at < 8) break;
        const len = buf.readInt32BE(at);
        if (buf.length - at < len) break;
        const code = buf.readInt32BE(at + 4);
        at += len;
        if (code !== 80877103) started = true;
        continue;
      }
      if (buf.length - at < 5) break;
      const len = buf.readInt32BE(at + 1);
      if (buf.length - at < len + 1) break;
      onType(buf[at], buf.subarray(at + 5, at + 1 + len));
      at += len + 1;
    }
    buf = buf.subarray(at);
  };
}

const S = 0x53;
const Q = 0x51;
const E = 0x45;
const D = 0x44;
const P = 0x50;

/**
 * Starts the relay in front of `target` (a postgresql:// URL); point the server's DATABASE_URL at
 * `url`. `counts()` are totals since the start: roundTrips (Sync + Query), statements (Execute +
 * Query) and rows (DataRow).
 */
export async function startPgWire(target, { keepSql = false } = {}) {
  const upstream = new URL(target);
  const sockets = new Set();
  const n = { roundTrips: 0, statements: 0, rows: 0 };
  // keepSql: the text of every Parse and simple Query, for reading where the round trips go
  const sql = [];
  const server = net.createServer((client) => {
    const db = net.connect(Number(upstream.port || 5432), upstream.hostname);
    sockets.add(client).add(db);
    const fromClient = messageReader((t, body) => {
      if (keepSql && (t === P || t === Q)) {
        const text = t === Q ? body : body.subarray(body.indexOf(0) + 1);
        sql.push(text.subarray(0, Math.max(0, text.indexOf(0))).toString('utf8'));
      }
      if (t === S || t === Q) n.roundTrips++;
      if (t === E || t === Q) n.statements++;
    }, true);
    const fromDb = messageReader((t) => {
      if (t === D) n.rows++;
    }, false);
    client.on('data', (chunk) => {
      db.write(chunk);
      fromClient(chunk);
    });
    // the server's first answer to an SSLRequest is one byte ('N'): no SSL on loopback
    let first = true;
    db.on('data', (chunk) => {
      client.write(chunk);
      if (first && chunk.length >= 1 && chunk[0] === 0x4e && chunk.length === 1) return;
      first = false;
      fromDb(chunk);
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
  await new Promise((r) => server.listen(0, '127.0.0.1', r));
  const url = new URL(target);
  url.hostname = '127.0.0.1';
  url.port = String(server.address().port);
  return {
    url: url.toString(),
    counts: () => ({ ...n }),
    /** the SQL kept so far (keepSql), emptied */
    takeSql: () => sql.splice(0),
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise((r) => server.close(() => r()));
    },
  };
}

/** The difference of two `counts()`. */
export const wireDelta = (after, before) => ({
  roundTrips: after.roundTrips - before.roundTrips,
  statements: after.statements - before.statements,
  rows: after.rows - before.rows,
});
