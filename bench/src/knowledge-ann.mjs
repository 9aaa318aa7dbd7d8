// `node bench/src/knowledge-ann.mjs`: the dense stage's nearest-neighbour index measured against
// the exact scan (issue #30): KB_ANN_N (1,000,000) synthetic unit vectors of KB_ANN_DIM (384)
// dimensions in KB_ANN_CLUSTERS (2,000) clusters (embeddings of manual passages are clustered by
// topic, not uniform), an HNSW index of usearch (cosine, connectivity KB_ANN_M 16, expansion_add
// 128) built with both cores, then KB_ANN_QUERIES (200) queries near the data: recall@10 of the
// index against the exact top 10 and the index's p50 / p95 per query at expansion_search KB_ANN_EF
// (128; usearch's JS binding sets it when the index is made). Figures, not pass/fail; the targets are printed beside them (recall ≥ 0.95, p95 ≤ 50 ms).
import { readFileSync } from 'node:fs';
import usearch from 'usearch';
import { quantile } from './knowledge-lib.mjs';

const N = Number(process.env.KB_ANN_N ?? 1_000_000);
const DIM = Number(process.env.KB_ANN_DIM ?? 384);
const CLUSTERS = Number(process.env.KB_ANN_CLUSTERS ?? 2_000);
const QUERIES = Number(process.env.KB_ANN_QUERIES ?? 200);
const M = Number(process.env.KB_ANN_M ?? 16);
const EF = Number(process.env.KB_ANN_EF ?? 128);
const load = () => readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');

let seed = 42;
const rnd = () => {
  // xorshift32: the same vectors every run
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 4294967296;
};
const gauss = () => Math.sqrt(-2 * Math.log(rnd() + 1e-12)) * Math.cos(2 * Math.PI * rnd());
const normalise = (v) => {
  let n = 0;
  for (let i = 0; i < v.length; i++) n += v[i] * v[i];
  n = Math.sqrt(n) || 1;
  for (let i = 0; i < v.length; i++) v[i] /= n;
  return v;
};

console.log(
  `AMMS knowledge ANN — ${N} vectors × ${DIM} dims, ${CLUSTERS} clusters, ${QUERIES} queries (load ${load()})`,
);
const centres = Array.from({ length: CLUSTERS }, () => normalise(Float32Array.from({ length: DIM }, gauss)));
const data = new Float32Array(N * DIM);
const near = (out, offset, spread) => {
  const c = centres[Math.floor(rnd() * CLUSTERS)];
  for (let i = 0; i < DIM; i++) out[offset + i] = c[i] + (spread * gauss()) / Math.sqrt(DIM);
  normalise(out.subarray(offset, offset + DIM));
};
let t0 = performance.now();
for (let k = 0; k < N; k++) near(data, k * DIM, 0.6);
const queries = new Float32Array(QUERIES * DIM);
for (let q = 0; q < QUERIES; q++) near(queries, q * DIM, 0.6);
console.log(`  generated in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

// the exact scan: what the dense stage did over its (capped) rows, here over all of them
const exactMs = [];
const exact = [];
for (let q = 0; q < QUERIES; q++) {
  const s = performance.now();
  const qv = queries.subarray(q * DIM, (q + 1) * DIM);
  const top = []; // [score, id] ascending, at most 10
  for (let k = 0; k < N; k++) {
    let dot = 0;
    const o = k * DIM;
    for (let i = 0; i < DIM; i++) dot += qv[i] * data[o + i];
    if (top.length < 10 || dot > top[0][0]) {
      top.push([dot, k]);
      top.sort((a, b) => a[0] - b[0]);
      if (top.length > 10) top.shift();
    }
  }
  exact.push(new Set(top.map((x) => x[1])));
  exactMs.push(performance.now() - s);
}
console.log(
  `  exact scan (JS, one core)     p50 ${quantile(exactMs, 0.5).toFixed(1)} ms  p95 ${quantile(exactMs, 0.95).toFixed(1)} ms`,
);

const index = new usearch.Index({
  metric: 'cos',
  dimensions: DIM,
  connectivity: M,
  quantization: 'f32',
  expansion_add: 128,
  expansion_search: EF,
});
t0 = performance.now();
const keys = new BigUint64Array(N);
for (let k = 0; k < N; k++) keys[k] = BigInt(k);
const BATCH = 50_000;
for (let k = 0; k < N; k += BATCH) {
  const end = Math.min(N, k + BATCH);
  index.add(keys.subarray(k, end), data.subarray(k * DIM, end * DIM), 2);
}
const buildS = (performance.now() - t0) / 1000;
console.log(
  `  usearch HNSW built in ${buildS.toFixed(1)} s (${Math.round(N / buildS)} vectors/s, 2 threads; load ${load()})`,
);

{
  const ef = EF;
  const ms = [];
  let hits = 0;
  for (let q = 0; q < QUERIES; q++) {
    const s = performance.now();
    const r = index.search(queries.subarray(q * DIM, (q + 1) * DIM), 10, 1);
    ms.push(performance.now() - s);
    for (const key of r.keys) if (exact[q].has(Number(key))) hits++;
  }
  const recall = hits / (QUERIES * 10);
  const p95 = quantile(ms, 0.95);
  console.log(
    `  expansion_search ${String(ef).padStart(4)}   recall@10 ${recall.toFixed(3)} (target ≥ 0.95: ${recall >= 0.95 ? 'met' : 'NOT met'})  p50 ${quantile(ms, 0.5).toFixed(2)} ms  p95 ${p95.toFixed(2)} ms (target ≤ 50 ms: ${p95 <= 50 ? 'met' : 'NOT met'})`,
  );
}
console.log(`load at the end: ${load()} (2 cores)`);
