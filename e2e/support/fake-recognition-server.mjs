// A stand-in for the machine recognition service (RECOGNITION_URL) in the browser journeys:
// `POST /v1/recognise` with multipart `image` (the JPEG the API re-encoded). The known photo of
// j21 (641 × 481 px) gets a top-3 naming seeded catalog models by label; any other photo gets no
// candidate. `GET /health` for Playwright's webServer check. No model, no weights.
import { createServer } from 'node:http';
import sharp from 'sharp';

const port = Number(process.env.PORT ?? 3103);
const KNOWN = { width: 641, height: 481 };
const TOP_K = {
  modelVersion: 'e2e-fake-2026.12',
  candidates: [
    { label: 'John Deere 6R 155', confidence: 0.87 },
    { label: '东方红 LX2204', confidence: 0.08 },
    { label: 'Unknown Harvester X', confidence: 0.03 },
  ],
};

/** The bytes of the first multipart part (between its blank line and the next boundary). */
function firstPart(body, contentType) {
  const boundary = /boundary=(?:"([^"]+)"|([^;]+))/.exec(contentType ?? '');
  if (!boundary) return body;
  const delimiter = Buffer.from(`\r\n--${boundary[1] ?? boundary[2]}`);
  const start = body.indexOf('\r\n\r\n') + 4;
  const end = body.indexOf(delimiter, start);
  return body.subarray(start, end < 0 ? body.length : end);
}

createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') return void res.writeHead(200).end('ok');
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', async () => {
    let reply = { modelVersion: TOP_K.modelVersion, candidates: [] };
    try {
      const meta = await sharp(firstPart(Buffer.concat(chunks), req.headers['content-type'])).metadata();
      if (meta.width === KNOWN.width && meta.height === KNOWN.height) reply = TOP_K;
    } catch {
      // not an image: no candidate
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(reply));
  });
}).listen(port, '127.0.0.1', () => console.log(`fake recognition on ${port}`));
