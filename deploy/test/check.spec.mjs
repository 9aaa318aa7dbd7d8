import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkCompose, checkDockerfile } from '../scripts/compose-check.mjs';
import { checkManifests } from '../scripts/k8s-check.mjs';

const repo = new URL('../../', import.meta.url);
const read = (p) => readFileSync(new URL(p, repo), 'utf8');
const dockerfile = read('deploy/docker/Dockerfile');
const compose = read('docker-compose.yml');
const api = read('deploy/k8s/api.yaml');
const config = read('deploy/k8s/config.yaml');
const storage = read('deploy/k8s/storage.yaml');
const opts = { served: ['api', 'web'], runnable: ['api', 'worker', 'migrate', 'web'] };

describe('Kubernetes manifest check', () => {
  it('accepts the shipped api manifests', async () => {
    expect(
      (await checkManifests({ 'api.yaml': api, 'config.yaml': config, 'storage.yaml': storage })).problems,
    ).toEqual([]);
  });

  it('refuses a schema violation, a typo in a container key and a missing probe', async () => {
    const broken = api
      .replace('containerPort: 3001', 'containerPort: "http"')
      .replace('readinessProbe:', 'readinesProbe:');
    const { problems } = await checkManifests({ 'api.yaml': broken, 'config.yaml': config, 'storage.yaml': storage });
    expect(problems.join('\n')).toMatch(/containerPort must be integer/);
    expect(problems.join('\n')).toMatch(/unknown key "readinesProbe"/);
  });

  it('refuses dangling references (HPA target, ConfigMap, claim)', async () => {
    const { problems } = await checkManifests({
      'api.yaml': api.replace('kind: Deployment, name: amms-api', 'kind: Deployment, name: amms-apii'),
    });
    const text = problems.join('\n');
    expect(text).toMatch(/scaleTargetRef Deployment\/amms-apii is not defined/);
    expect(text).toMatch(/ConfigMap\/amms-config is not defined/);
    expect(text).toMatch(/PersistentVolumeClaim\/amms-blobs is not defined/);
  });

  it('refuses an unknown kind', async () => {
    const { problems } = await checkManifests({
      'x.yaml': 'apiVersion: apps/v1\nkind: Deploymnt\nmetadata: { name: x }\n',
    });
    expect(problems).toEqual(['x.yaml Deploymnt/x: unknown apiVersion/kind apps/v1 Deploymnt']);
  });
});

describe('Dockerfile and compose check', () => {
  it('accepts the shipped files', () => {
    const d = checkDockerfile(dockerfile, opts);
    expect(d.problems).toEqual([]);
    expect(checkCompose(compose, d.stages, { appServices: ['api', 'worker', 'web', 'migrate'] }).problems).toEqual([]);
  });

  it('refuses an image that runs as root or a served image without a healthcheck', () => {
    const rootWeb = dockerfile.replace(/FROM base AS web([\s\S]*?)USER node\n/, 'FROM base AS web$1');
    expect(checkDockerfile(rootWeb, opts).problems).toContain('Dockerfile stage web: runs as root (set USER)');
    const noHealth = dockerfile.replace(/(FROM base AS web[\s\S]*?)HEALTHCHECK[^\n]*\\\n[^\n]*\n/, '$1');
    expect(checkDockerfile(noHealth, opts).problems).toContain(
      'Dockerfile stage web: serves HTTP but has no HEALTHCHECK',
    );
  });

  it('refuses a compose schema error, an unknown build target and a dependency outside the profile', () => {
    const { stages } = checkDockerfile(dockerfile, opts);
    const bad = compose
      .replace('target: worker', 'target: wroker')
      .replace('stop_grace_period: 30s', 'stop_grace_period: [30]')
      .replace('profiles: [app, seed]', 'profiles: [app]');
    const text = checkCompose(bad, stages, { appServices: ['api'] }).problems.join('\n');
    expect(text).toMatch(/build target wroker is not a Dockerfile stage/);
    expect(text).toMatch(/stop_grace_period/);
    expect(text).toMatch(/seed: depends_on migrate, which its profiles \["seed"\] do not start/);
  });
});
