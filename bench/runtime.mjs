// Serializer micro-benchmark (GitHub issue 3): @apiserver/runtime's JSON and protobuf
// encode/decode of a 100-item ConfigMapList and of a server-shaped Deployment, against
// plain JSON.stringify / JSON.parse of the same objects. One process, interleaved rounds
// (order rotated), timed in process CPU time; ops/s = calls / CPU seconds (median of rounds).
// Also checks that every codec round-trips the objects (decode(encode(x)) deep-equals x).
// Run: `npx tsc -b packages/runtime && node bench/runtime.mjs`.
import { deepStrictEqual } from 'node:assert';
import { CodecFactory } from '@apiserver/runtime';
import { newBuiltinScheme } from '@apiserver/runtime/apis';
import { median, printTable, writeResults } from './lib/results.mjs';

const ROUNDS = Number(process.env.RUNTIME_BENCH_ROUNDS ?? 15);
/** CPU time budget of one contender pass, ns: passes are sized to about this. */
const PASS_NS = 40e6;

function cpuNanos() {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) * 1000;
}

const created = '2026-11-20T10:00:00Z';
const uid = (i) => `6f1c2a8e-0b3d-4c5e-9f7a-${String(100000000000 + i).slice(-12)}`;

/** A ConfigMap as an API server stores and returns it (metadata filled, a few data keys). */
function configMap(i) {
  return {
    metadata: {
      name: `app-config-${i}`,
      namespace: 'default',
      uid: uid(i),
      resourceVersion: String(1000 + i),
      creationTimestamp: created,
      labels: { app: 'web', tier: i % 2 === 0 ? 'frontend' : 'backend', 'app.kubernetes.io/managed-by': 'kubectl' },
      annotations: { 'example.com/owner': `team-${i % 7}` },
    },
    data: {
      mode: 'fast',
      replicas: String(i % 5),
      'config.yaml': `server:\n  port: ${8000 + i}\n  logLevel: info\n  features: [a, b, c]\n`,
      'endpoint': `https://svc-${i}.default.svc.cluster.local:443/api`,
    },
  };
}

const configMapList = {
  kind: 'ConfigMapList',
  apiVersion: 'v1',
  metadata: { resourceVersion: '1200' },
  items: Array.from({ length: 100 }, (_, i) => configMap(i)),
};

/** A Deployment as `kubectl create deployment web --image=nginx:1.27 --replicas=2` leaves it after defaulting and a rollout. */
const deployment = {
  kind: 'Deployment',
  apiVersion: 'apps/v1',
  metadata: {
    name: 'web',
    namespace: 'default',
    uid: uid(9999),
    resourceVersion: '4242',
    generation: 3,
    creationTimestamp: created,
    labels: { app: 'web', 'app.kubernetes.io/part-of': 'shop' },
    annotations: { 'deployment.kubernetes.io/revision': '3' },
  },
  spec: {
    replicas: 2,
    selector: { matchLabels: { app: 'web' } },
    template: {
      metadata: { creationTimestamp: null, labels: { app: 'web' }, annotations: { 'kubectl.kubernetes.io/restartedAt': created } },
      spec: {
        containers: [
          {
            name: 'nginx',
            image: 'nginx:1.27',
            ports: [{ name: 'http', containerPort: 8080, protocol: 'TCP' }],
            env: [
              { name: 'MODE', value: 'fast' },
              { name: 'POD_NAME', valueFrom: { fieldRef: { apiVersion: 'v1', fieldPath: 'metadata.name' } } },
              { name: 'DB_PASS', valueFrom: { secretKeyRef: { name: 'db-pass', key: 'password' } } },
            ],
            resources: { limits: { cpu: '500m', memory: '256Mi' }, requests: { cpu: '100m', memory: '128Mi' } },
            volumeMounts: [{ name: 'config', mountPath: '/etc/app', readOnly: true }],
            livenessProbe: {
              httpGet: { path: '/healthz', port: 8080, scheme: 'HTTP' },
              initialDelaySeconds: 5,
              timeoutSeconds: 1,
              periodSeconds: 10,
              successThreshold: 1,
              failureThreshold: 3,
            },
            terminationMessagePath: '/dev/termination-log',
            terminationMessagePolicy: 'File',
            imagePullPolicy: 'IfNotPresent',
          },
        ],
        volumes: [{ name: 'config', configMap: { name: 'app-config-0', defaultMode: 420 } }],
        restartPolicy: 'Always',
        terminationGracePeriodSeconds: 30,
        dnsPolicy: 'ClusterFirst',
        schedulerName: 'default-scheduler',
      },
    },
    strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } },
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
  },
  status: {
    observedGeneration: 3,
    replicas: 2,
    updatedReplicas: 2,
    readyReplicas: 2,
    availableReplicas: 2,
    conditions: [
      {
        type: 'Available',
        status: 'True',
        lastUpdateTime: created,
        lastTransitionTime: created,
        reason: 'MinimumReplicasAvailable',
        message: 'Deployment has minimum availability.',
      },
      {
        type: 'Progressing',
        status: 'True',
        lastUpdateTime: created,
        lastTransitionTime: created,
        reason: 'NewReplicaSetAvailable',
        message: 'ReplicaSet "web-5d9c7b8f4" has successfully progressed.',
      },
    ],
  },
};

const codecs = new CodecFactory(newBuiltinScheme());
const utf8 = new TextEncoder();

/** Checks that a codec round-trips `obj` and returns the bytes it encodes it to. */
function roundTrip(name, serializer, obj) {
  const bytes = serializer.encode(obj);
  deepStrictEqual(JSON.parse(JSON.stringify(serializer.decode(bytes))), JSON.parse(JSON.stringify(obj)), `${name} round trip`);
  return bytes;
}

/** Calls `fn` `n` times; returns a value depending on the results so nothing is optimised away. */
function loop(n, fn) {
  let sink = 0;
  for (let i = 0; i < n; i++) sink += fn() === undefined ? 0 : 1;
  return sink;
}

/** Runs contenders in interleaved rounds; returns rows of ops/s (median) with the best round noted. */
function race(contenders) {
  let sink = 0;
  // Calibrate: how many calls fill PASS_NS of CPU time (after warm-up).
  const sized = contenders.map(([name, fn]) => {
    sink += loop(200, fn);
    const start = cpuNanos();
    sink += loop(200, fn);
    const perCall = Math.max(1, (cpuNanos() - start) / 200);
    return { name, fn, n: Math.max(20, Math.round(PASS_NS / perCall)), samples: [] };
  });
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < sized.length; k++) {
      const c = sized[(round + k) % sized.length];
      const start = cpuNanos();
      sink += loop(c.n, c.fn);
      c.samples.push((c.n * 1e9) / Math.max(1, cpuNanos() - start));
    }
  }
  if (sink === 0.5) console.log(sink);
  return sized.map((c) => ({ name: c.name, value: median(c.samples), best: Math.max(...c.samples) }));
}

function benchObject(label, obj) {
  const jsonBytes = roundTrip('json', codecs.json, obj);
  const pbBytes = roundTrip('protobuf', codecs.protobuf, obj);
  const plainText = JSON.stringify(obj);
  const plainBytes = utf8.encode(plainText);
  const sizes = `JSON ${jsonBytes.length} B (plain JSON.stringify ${plainBytes.length} B), protobuf ${pbBytes.length} B`;
  const encode = race([
    ['JSON.stringify(obj)', () => JSON.stringify(obj)],
    ['JSON.stringify + UTF-8 bytes', () => utf8.encode(JSON.stringify(obj))],
    ['runtime JSONSerializer.encode', () => codecs.json.encode(obj)],
    ['runtime ProtobufSerializer.encode', () => codecs.protobuf.encode(obj)],
  ]);
  const decode = race([
    ['JSON.parse(text)', () => JSON.parse(plainText)],
    ['JSON.parse(Buffer.toString())', () => JSON.parse(Buffer.from(plainBytes.buffer, plainBytes.byteOffset, plainBytes.length).toString())],
    ['runtime JSONSerializer.decode', () => codecs.json.decode(jsonBytes)],
    ['runtime ProtobufSerializer.decode', () => codecs.protobuf.decode(pbBytes)],
  ]);
  const table = (what, rows, baseline) => {
    const base = rows.find((r) => r.name === baseline);
    for (const row of rows) row.note = `best round ${Math.round(row.best)} ops/s (${(row.best / base.best).toFixed(2)}x)`;
    return {
      title: `${what} ${label}`,
      unit: 'ops/s (median of rounds, CPU time)',
      baseline,
      better: 'higher',
      rows: rows.map(({ name, value, note }) => ({ name, value, note })),
    };
  };
  return { tables: [table('encode', encode, 'JSON.stringify(obj)'), table('decode', decode, 'JSON.parse(text)')], sizes: `${label}: ${sizes}` };
}

const deadline = Date.now() + 150_000;
const results = [benchObject('ConfigMapList (100 items)', configMapList)];
if (Date.now() < deadline) results.push(benchObject('Deployment', deployment));
const tables = results.flatMap((r) => r.tables);
const notes = results.map((r) => r.sizes);
notes.push('Objects are server-shaped (uid, resourceVersion, timestamps, labels; the Deployment defaulted with status and conditions); every codec round-trips them (checked before timing).');
notes.push('runtime encode writes Go field order with omitempty and HTML escaping into bytes; decode parses bytes and shapes the object; protobuf includes the k8s\\0 envelope. The plain baselines do none of that.');
notes.push(`${ROUNDS} interleaved rounds (order rotated), each pass ~${PASS_NS / 1e6} ms of process CPU time; ratios vs the plain JSON baseline of the same run.`);
for (const table of tables) {
  const base = table.rows.find((r) => r.name === table.baseline);
  for (const row of table.rows) row.ratio = row.value / base.value;
  printTable(table);
}
for (const note of notes) console.log(`  ${note}`);
const file = writeResults('runtime', { title: 'Serializers (JSON, protobuf) vs JSON.stringify/parse', command: 'npx tsc -b packages/runtime && node bench/runtime.mjs', tables, notes });
console.log(`\nwrote ${file}`);
