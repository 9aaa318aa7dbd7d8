import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { NextConfig } from 'next';

// The monorepo root: Turbopack must see hoisted node_modules and packages/*, and
// file tracing must include them for `next start` / standalone output.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

process.env.NEXT_TELEMETRY_DISABLED ??= '1';

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  // camera: the field app scans parts' barcodes (issue #29); only our own pages may ask for it
  { key: 'Permissions-Policy', value: 'camera=(self), microphone=(), geolocation=(self)' },
];

const nextConfig: NextConfig = {
  // a separate build dir per parallel checkout/run (default .next)
  distDir: process.env.NEXT_DIST_DIR ?? '.next',
  // container images (deploy/docker/Dockerfile) run the standalone server: server.js + traced deps
  output: process.env.NEXT_OUTPUT === 'standalone' ? 'standalone' : undefined,
  transpilePackages: ['@amms/contracts'],
  turbopack: { root: repoRoot },
  outputFileTracingRoot: repoRoot,
  poweredByHeader: false,
  reactStrictMode: true,
  async headers() {
    return [{ source: '/:path*', headers: securityHeaders }];
  },
};

export default nextConfig;
