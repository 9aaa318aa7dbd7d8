// `npm run check -w @amms/deploy` (a step of `npm test`): the deployment files, checked offline.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkCompose, checkDockerfile } from './compose-check.mjs';
import { checkManifests } from './k8s-check.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const k8sDir = path.join(root, 'deploy/k8s');
const read = (p) => readFileSync(path.join(root, p), 'utf8');

const kustomization = read('deploy/k8s/kustomization.yaml');
const listed = [...kustomization.matchAll(/^\s+-\s+(\S+\.yaml)\s*$/gm)].map((m) => m[1]);
const files = Object.fromEntries(listed.map((f) => [f, readFileSync(path.join(k8sDir, f), 'utf8')]));
const problems = [];
for (const f of readdirSync(k8sDir)) {
  if (f.endsWith('.yaml') && f !== 'kustomization.yaml' && !f.endsWith('.example.yaml') && !listed.includes(f))
    problems.push(`deploy/k8s/${f} is not listed in kustomization.yaml`);
}
// the example Secret is validated too, it just is not applied
const k8s = await checkManifests({
  ...files,
  'secret.example.yaml': readFileSync(path.join(k8sDir, 'secret.example.yaml'), 'utf8'),
});
const docker = checkDockerfile(read('deploy/docker/Dockerfile'), {
  served: ['api', 'web'],
  runnable: ['api', 'worker', 'migrate', 'web'],
});
const compose = checkCompose(read('docker-compose.yml'), docker.stages, {
  appServices: ['postgres', 'redis', 'migrate', 'api', 'worker', 'web'],
});
problems.push(...k8s.problems, ...docker.problems, ...compose.problems);

if (problems.length) {
  console.error(`deployment files: ${problems.length} problem(s)\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `deployment files ok: ${k8s.documents} Kubernetes documents, ${docker.stages.size} Dockerfile stages, ${compose.services} compose services`,
);
