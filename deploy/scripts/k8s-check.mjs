// Offline checks of the Kubernetes manifests: every document against the Kubernetes OpenAPI
// schemas (kubernetes-models' compiled validators), unknown keys where typos hide (pod, container,
// probe, deployment spec: the schemas allow extra keys, the API server would drop them silently),
// and the references between documents (HPA → Deployment, Service → pods, Ingress → Service).
import { parseAllDocuments } from 'yaml';

const KNOWN = {
  deploymentSpec: [
    'replicas',
    'selector',
    'template',
    'strategy',
    'revisionHistoryLimit',
    'minReadySeconds',
    'progressDeadlineSeconds',
    'paused',
  ],
  podSpec: [
    'containers',
    'initContainers',
    'volumes',
    'securityContext',
    'terminationGracePeriodSeconds',
    'restartPolicy',
    'serviceAccountName',
    'nodeSelector',
    'affinity',
    'tolerations',
    'topologySpreadConstraints',
    'imagePullSecrets',
    'priorityClassName',
    'automountServiceAccountToken',
  ],
  container: [
    'name',
    'image',
    'imagePullPolicy',
    'command',
    'args',
    'workingDir',
    'ports',
    'env',
    'envFrom',
    'resources',
    'livenessProbe',
    'readinessProbe',
    'startupProbe',
    'lifecycle',
    'securityContext',
    'volumeMounts',
  ],
  probe: [
    'httpGet',
    'exec',
    'tcpSocket',
    'grpc',
    'initialDelaySeconds',
    'periodSeconds',
    'timeoutSeconds',
    'failureThreshold',
    'successThreshold',
    'terminationGracePeriodSeconds',
  ],
};

/** `apps/v1` + `Deployment` → the kubernetes-models class (throws for an unknown kind). */
async function modelFor(apiVersion, kind) {
  try {
    const mod = await import(`kubernetes-models/${apiVersion}/${kind}`);
    return mod[kind];
  } catch {
    throw new Error(`unknown apiVersion/kind ${apiVersion} ${kind}`);
  }
}

function unknownKeys(obj, allowed, where, problems) {
  for (const k of Object.keys(obj ?? {})) if (!allowed.includes(k)) problems.push(`${where}: unknown key "${k}"`);
}

function checkPod(spec, where, problems, { needsProbes }) {
  unknownKeys(spec, KNOWN.podSpec, `${where} pod spec`, problems);
  if (spec?.securityContext?.runAsNonRoot !== true)
    problems.push(`${where}: pod must set securityContext.runAsNonRoot: true`);
  for (const c of spec?.containers ?? []) {
    const at = `${where} container ${c.name}`;
    unknownKeys(c, KNOWN.container, at, problems);
    for (const p of ['livenessProbe', 'readinessProbe', 'startupProbe'])
      if (c[p]) unknownKeys(c[p], KNOWN.probe, `${at} ${p}`, problems);
    if (!c.resources?.requests?.cpu || !c.resources?.requests?.memory)
      problems.push(`${at}: resources.requests.cpu and .memory are required`);
    if (!c.resources?.limits?.memory) problems.push(`${at}: resources.limits.memory is required`);
    if (c.securityContext?.allowPrivilegeEscalation !== false)
      problems.push(`${at}: securityContext.allowPrivilegeEscalation must be false`);
    if (needsProbes && (!c.livenessProbe || !c.readinessProbe))
      problems.push(`${at}: liveness and readiness probes are required`);
  }
}

/** Parses `{ file: text }` and returns the list of problems (empty = valid). */
export async function checkManifests(files) {
  const problems = [];
  const docs = [];
  for (const [file, text] of Object.entries(files)) {
    for (const d of parseAllDocuments(text)) {
      if (d.errors.length) {
        problems.push(`${file}: YAML: ${d.errors[0].message}`);
        continue;
      }
      const obj = d.toJS();
      if (obj) docs.push({ file, obj });
    }
  }
  for (const { file, obj } of docs) {
    const at = `${file} ${obj.kind}/${obj.metadata?.name}`;
    if (!obj.apiVersion || !obj.kind) {
      problems.push(`${file}: a document without apiVersion/kind`);
      continue;
    }
    let Model;
    try {
      Model = await modelFor(obj.apiVersion, obj.kind);
    } catch (err) {
      problems.push(`${at}: ${err.message}`);
      continue;
    }
    try {
      new Model(obj).validate();
    } catch (err) {
      problems.push(`${at}: ${err.message}`);
    }
    if (obj.kind === 'Deployment') {
      unknownKeys(obj.spec, KNOWN.deploymentSpec, `${at} spec`, problems);
      const sel = obj.spec.selector?.matchLabels ?? {};
      const labels = obj.spec.template?.metadata?.labels ?? {};
      for (const [k, v] of Object.entries(sel))
        if (labels[k] !== v) problems.push(`${at}: selector ${k}=${v} does not match the pod labels`);
      // a worker has no port: its liveness is the heartbeat file (exec probe)
      checkPod(obj.spec.template.spec, at, problems, { needsProbes: true });
    }
    if (obj.kind === 'Job') checkPod(obj.spec.template.spec, at, problems, { needsProbes: false });
  }
  const find = (kind, name) => docs.find((d) => d.obj.kind === kind && d.obj.metadata?.name === name);
  for (const { file, obj } of docs) {
    const at = `${file} ${obj.kind}/${obj.metadata?.name}`;
    if (obj.kind === 'HorizontalPodAutoscaler' && !find(obj.spec.scaleTargetRef.kind, obj.spec.scaleTargetRef.name)) {
      problems.push(
        `${at}: scaleTargetRef ${obj.spec.scaleTargetRef.kind}/${obj.spec.scaleTargetRef.name} is not defined`,
      );
    }
    if (obj.kind === 'Service') {
      const sel = obj.spec.selector ?? {};
      const target = docs.find(
        (d) =>
          d.obj.kind === 'Deployment' &&
          Object.entries(sel).every(([k, v]) => d.obj.spec.template.metadata?.labels?.[k] === v),
      );
      if (!target) problems.push(`${at}: selector matches no Deployment's pods`);
      const portNames = new Set(
        (target?.obj.spec.template.spec.containers ?? []).flatMap((c) => (c.ports ?? []).map((p) => p.name)),
      );
      for (const p of obj.spec.ports ?? [])
        if (typeof p.targetPort === 'string' && target && !portNames.has(p.targetPort))
          problems.push(`${at}: targetPort ${p.targetPort} is no container port name`);
    }
    if (obj.kind === 'Ingress') {
      for (const rule of obj.spec.rules ?? []) {
        for (const p of rule.http?.paths ?? []) {
          const svc = find('Service', p.backend.service?.name);
          if (!svc) problems.push(`${at}: backend service ${p.backend.service?.name} is not defined`);
          else if (
            p.backend.service.port?.name &&
            !svc.obj.spec.ports.some((sp) => sp.name === p.backend.service.port.name)
          )
            problems.push(`${at}: service ${svc.obj.metadata.name} has no port ${p.backend.service.port.name}`);
        }
      }
    }
    for (const ref of refsOf(obj))
      if (!find(ref.kind, ref.name) && !ref.external) problems.push(`${at}: ${ref.kind}/${ref.name} is not defined`);
  }
  return { problems, documents: docs.length };
}

/** ConfigMaps and claims a pod refers to (Secrets are created out of band: external). */
function refsOf(obj) {
  const spec = obj.spec?.template?.spec;
  if (!spec) return [];
  const refs = [];
  for (const c of spec.containers ?? []) {
    for (const e of c.envFrom ?? []) {
      if (e.configMapRef) refs.push({ kind: 'ConfigMap', name: e.configMapRef.name });
      if (e.secretRef) refs.push({ kind: 'Secret', name: e.secretRef.name, external: true });
    }
  }
  for (const v of spec.volumes ?? [])
    if (v.persistentVolumeClaim) refs.push({ kind: 'PersistentVolumeClaim', name: v.persistentVolumeClaim.claimName });
  return refs;
}
