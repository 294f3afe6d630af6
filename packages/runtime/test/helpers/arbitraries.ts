/** fast-check arbitraries of built-in objects, in the JSON shape Go writes (used by round-trip properties). */
import fc from 'fast-check';

const name = fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/);
const text = fc.string({ maxLength: 20 });
const labels = fc.dictionary(fc.stringMatching(/^[a-z]{1,8}$/), text, { maxKeys: 4 });
const time = fc
  .integer({ min: 0, max: 4_000_000_000 })
  .map((s) => `${new Date(s * 1000).toISOString().slice(0, 19)}Z`);

/** Arbitrary ObjectMeta with most fields. */
export const objectMeta = fc.record(
  {
    name,
    namespace: name,
    uid: fc.uuid(),
    resourceVersion: fc.integer({ min: 1, max: 1e9 }).map(String),
    generation: fc.integer({ min: 1, max: 1e6 }),
    creationTimestamp: time,
    deletionTimestamp: time,
    labels,
    annotations: labels,
    finalizers: fc.array(name, { minLength: 1, maxLength: 3 }),
    ownerReferences: fc.array(
      fc.record(
        { apiVersion: fc.constant('apps/v1'), kind: fc.constant('ReplicaSet'), name, uid: fc.uuid(), controller: fc.boolean() },
        { requiredKeys: ['apiVersion', 'kind', 'name', 'uid'] },
      ),
      { minLength: 1, maxLength: 2 },
    ),
  },
  { requiredKeys: ['name', 'creationTimestamp'] },
);

/** Arbitrary ConfigMap. */
export const configMap = fc.record({
  kind: fc.constant('ConfigMap'),
  apiVersion: fc.constant('v1'),
  metadata: objectMeta,
  data: labels.filter((d) => Object.keys(d).length > 0),
});

/** Arbitrary Secret (data base64). */
export const secret = fc.record({
  kind: fc.constant('Secret'),
  apiVersion: fc.constant('v1'),
  metadata: objectMeta,
  data: fc
    .dictionary(fc.stringMatching(/^[a-z]{1,8}$/), fc.uint8Array({ minLength: 1, maxLength: 16 }), { minKeys: 1, maxKeys: 3 })
    .map((d) => Object.fromEntries(Object.entries(d).map(([k, v]) => [k, Buffer.from(v).toString('base64')]))),
  type: fc.constantFrom('Opaque', 'kubernetes.io/tls'),
});

/** Arbitrary Service with IntOrString target ports. */
export const service = fc.record({
  kind: fc.constant('Service'),
  apiVersion: fc.constant('v1'),
  metadata: objectMeta,
  spec: fc.record({
    ports: fc.array(
      fc.record({
        name,
        protocol: fc.constant('TCP'),
        port: fc.integer({ min: 1, max: 65535 }),
        targetPort: fc.oneof(fc.integer({ min: 1, max: 65535 }), name),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    selector: labels.filter((d) => Object.keys(d).length > 0),
    type: fc.constantFrom('ClusterIP', 'NodePort'),
  }),
  status: fc.constant({ loadBalancer: {} }),
});

/** Arbitrary Deployment with containers and resources. */
export const deployment = fc.record({
  kind: fc.constant('Deployment'),
  apiVersion: fc.constant('apps/v1'),
  metadata: objectMeta,
  spec: fc.record({
    replicas: fc.integer({ min: 0, max: 100 }),
    selector: fc.record({ matchLabels: labels.filter((d) => Object.keys(d).length > 0) }),
    template: fc.record({
      metadata: fc.record({ creationTimestamp: fc.constant(null), labels: labels.filter((d) => Object.keys(d).length > 0) }),
      spec: fc.record({
        containers: fc.array(
          fc.record({
            name,
            image: name,
            args: fc.array(text, { minLength: 1, maxLength: 3 }),
            resources: fc.record({ limits: fc.constant({ cpu: '500m', memory: '1Gi' }) }),
            env: fc.array(
              fc.oneof(
                fc.record({ name, value: text }),
                fc.record({ name, valueFrom: fc.record({ configMapKeyRef: fc.record({ name, key: name }) }) }),
                fc.record({ name, valueFrom: fc.record({ fieldRef: fc.record({ fieldPath: fc.constant('metadata.name') }) }) }),
              ),
              { maxLength: 3 },
            ),
            envFrom: fc.array(fc.record({ prefix: name, secretRef: fc.record({ name, optional: fc.boolean() }) }), { maxLength: 2 }),
            livenessProbe: fc.record({
              httpGet: fc.record({ path: fc.constant('/healthz'), port: fc.oneof(fc.integer({ min: 1, max: 65535 }), name) }),
              periodSeconds: fc.integer({ min: 1, max: 60 }),
            }),
            readinessProbe: fc.record({ exec: fc.record({ command: fc.array(text, { minLength: 1, maxLength: 3 }) }) }),
          }),
          { minLength: 1, maxLength: 2 },
        ),
        volumes: fc.array(
          fc.oneof(
            fc.record({ name, configMap: fc.record({ name, items: fc.constant([{ key: 'a', path: 'a.txt', mode: 420 }]) }) }),
            fc.record({ name, secret: fc.record({ secretName: name, defaultMode: fc.constant(256) }) }),
            fc.record({ name, emptyDir: fc.record({ sizeLimit: fc.constant('1Gi') }) }),
          ),
          { maxLength: 3 },
        ),
        tolerations: fc.array(fc.record({ key: name, operator: fc.constant('Exists'), effect: fc.constant('NoSchedule') }), { maxLength: 2 }),
      }),
    }),
    strategy: fc.record({
      type: fc.constant('RollingUpdate'),
      rollingUpdate: fc.record({ maxSurge: fc.constantFrom('25%', 1), maxUnavailable: fc.constantFrom('25%', 0) }),
    }),
  }),
  status: fc.record({ replicas: fc.integer({ min: 1, max: 10 }), observedGeneration: fc.integer({ min: 1, max: 10 }) }),
});

/** Any of the arbitrary built-in objects. */
export const builtinObject = fc.oneof(configMap, secret, service, deployment);
