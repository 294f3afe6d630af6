import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import t from 'tap';
import { newBuiltinScheme } from '../../src/apis/register.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';

/** JSON bodies captured from real kubectl 1.31 (fixtures/kubectl-bodies/README.md). */
const FIXTURES = fileURLToPath(new URL('../fixtures/kubectl-bodies/kubectl-1.31-json', import.meta.url));
const scheme = newBuiltinScheme();
const codecs = new CodecFactory(scheme);
const load = (f: string) => JSON.parse(readFileSync(`${FIXTURES}/${f}`, 'utf8'));

t.test('kubectl create deployment gets apps/v1 defaults', async (t) => {
  const dep = load('06_apis_apps_v1_namespaces_default_deployments.json');
  scheme.default(dep);
  t.same(dep.spec.strategy, { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: '25%', maxSurge: '25%' } });
  t.equal(dep.spec.replicas, 2, 'set replicas are kept');
  t.equal(dep.spec.revisionHistoryLimit, 10);
  t.equal(dep.spec.progressDeadlineSeconds, 600);
  t.match(dep.spec.template.spec, {
    restartPolicy: 'Always',
    dnsPolicy: 'ClusterFirst',
    schedulerName: 'default-scheduler',
    terminationGracePeriodSeconds: 30,
  });
  t.same(dep.spec.template.spec.containers[0], {
    name: 'nginx',
    image: 'nginx:1.27',
    resources: {},
    terminationMessagePath: '/dev/termination-log',
    terminationMessagePolicy: 'File',
    imagePullPolicy: 'IfNotPresent',
  });
  t.ok(codecs.protobuf.supports(dep), 'defaults stay within the declared fields');
  const bare = { kind: 'Deployment', apiVersion: 'apps/v1', spec: { strategy: { type: 'Recreate' } } };
  scheme.default(bare);
  t.same(bare.spec, {
    strategy: { type: 'Recreate' },
    replicas: 1,
    revisionHistoryLimit: 10,
    progressDeadlineSeconds: 600,
    template: { spec: { restartPolicy: 'Always', dnsPolicy: 'ClusterFirst', schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30, securityContext: {} } },
  });
});

t.test('containers: pull policy by tag, ports, probes, env and volumes', async (t) => {
  const images: [string | undefined, string][] = [
    ['nginx', 'Always'],
    ['nginx:latest', 'Always'],
    ['registry:5000/nginx', 'Always'],
    ['registry:5000/nginx:1.2', 'IfNotPresent'],
    ['nginx@sha256:abc', 'IfNotPresent'],
    [undefined, 'IfNotPresent'],
  ];
  for (const [image, policy] of images) {
    const dep = { kind: 'Deployment', apiVersion: 'apps/v1', spec: { template: { spec: { containers: [{ name: 'c', image }] } } } };
    scheme.default(dep);
    t.equal((dep.spec.template.spec.containers[0] as Record<string, unknown>).imagePullPolicy, policy, String(image));
  }
  const spec: Record<string, unknown> = {
    initContainers: [{ name: 'i', image: 'x:1', imagePullPolicy: 'Never' }],
    containers: [
      {
        name: 'c',
        image: 'x:1',
        ports: [{ containerPort: 80 }],
        env: [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }],
        livenessProbe: { httpGet: { port: 80 } },
        readinessProbe: { exec: { command: ['true'] }, periodSeconds: 3 },
        lifecycle: { postStart: { httpGet: { port: 8080, scheme: 'HTTPS' } }, preStop: { exec: { command: ['true'] } } },
      },
    ],
    volumes: [{ name: 'a', configMap: { name: 'cm' } }, { name: 'b', secret: { secretName: 's', defaultMode: 256 } }, { name: 'e', emptyDir: {} }],
  };
  scheme.default({ kind: 'Deployment', apiVersion: 'apps/v1', spec: { template: { spec } } });
  const [init] = spec.initContainers as Record<string, unknown>[];
  const [c] = spec.containers as Record<string, Record<string, unknown>>[];
  t.equal(init?.imagePullPolicy, 'Never', 'set values are kept');
  t.same(c?.ports, [{ containerPort: 80, protocol: 'TCP' }]);
  t.same(c?.env, [{ name: 'N', valueFrom: { fieldRef: { fieldPath: 'metadata.name', apiVersion: 'v1' } } }]);
  t.same(c?.livenessProbe, { httpGet: { port: 80, path: '/', scheme: 'HTTP' }, timeoutSeconds: 1, periodSeconds: 10, successThreshold: 1, failureThreshold: 3 });
  t.equal(c?.readinessProbe?.periodSeconds, 3);
  t.same(c?.lifecycle, { postStart: { httpGet: { port: 8080, scheme: 'HTTPS', path: '/' } }, preStop: { exec: { command: ['true'] } } }, 'hook httpGet defaulted');
  t.same(spec.volumes, [
    { name: 'a', configMap: { name: 'cm', defaultMode: 420 } },
    { name: 'b', secret: { secretName: 's', defaultMode: 256 } },
    { name: 'e', emptyDir: {} },
  ]);
});

t.test('services, secrets and namespaces', async (t) => {
  const svc = load('05_api_v1_namespaces_default_services.json');
  scheme.default(svc);
  t.same(svc.spec, {
    ports: [{ name: '80-8080', protocol: 'TCP', port: 80, targetPort: 8080 }],
    selector: { app: 'web' },
    type: 'ClusterIP',
    sessionAffinity: 'None',
    internalTrafficPolicy: 'Cluster',
  });
  const lb = { kind: 'Service', apiVersion: 'v1', spec: { type: 'LoadBalancer', ports: [{ port: 443 }] } };
  scheme.default(lb);
  t.same(lb.spec, {
    type: 'LoadBalancer',
    ports: [{ port: 443, protocol: 'TCP', targetPort: 443 }],
    sessionAffinity: 'None',
    externalTrafficPolicy: 'Cluster',
    internalTrafficPolicy: 'Cluster',
    allocateLoadBalancerNodePorts: true,
  });
  const ext: Record<string, unknown> = { kind: 'Service', apiVersion: 'v1', spec: { type: 'ExternalName', externalName: 'x.example' } };
  scheme.default(ext);
  t.notOk('internalTrafficPolicy' in (ext.spec as object));
  const secret = load('03_api_v1_namespaces_default_secrets.json');
  scheme.default(secret);
  t.equal(secret.type, 'Opaque');
  const ns = load('01_api_v1_namespaces.json');
  scheme.default(ns);
  t.same(ns.status, { phase: 'Active' });
  const cm = load('02_api_v1_namespaces_default_configmaps.json');
  const before = JSON.stringify(cm);
  scheme.default(cm);
  t.equal(JSON.stringify(cm), before, 'ConfigMap has no defaults');
});

t.test('SetDefaults_Pod: requests from limits and hostNetwork host ports, for pods but not templates', async (t) => {
  const spec = () => ({
    hostNetwork: true,
    initContainers: [{ name: 'init', image: 'x', resources: { limits: { cpu: '1' } } }],
    containers: [
      { name: 'a', image: 'x', resources: { limits: { cpu: '2', memory: '1Gi' }, requests: { cpu: '500m' } }, ports: [{ containerPort: 8080 }, { containerPort: 9090, hostPort: 9091 }] },
      { name: 'b', image: 'x', resources: { requests: { cpu: '1' } } },
      { name: 'c', image: 'x', resources: { limits: {} } },
    ],
  });
  type Container = { resources: Record<string, unknown>; ports: Array<{ hostPort?: number }> };
  type Spec = { containers: Container[]; initContainers: Container[] };
  const pod = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'p' }, spec: spec() as unknown as Spec };
  scheme.default(pod);
  const [a, b, c] = pod.spec.containers as [Container, Container, Container];
  t.same(a.resources.requests, { cpu: '500m', memory: '1Gi' }, 'a request set stays; a missing one is the limit');
  t.same(pod.spec.initContainers[0]?.resources.requests, { cpu: '1' }, 'init containers too');
  t.same(b.resources, { requests: { cpu: '1' } }, 'no limits, nothing added');
  t.same(c.resources, { limits: {}, requests: {} }, 'empty (non-nil) limits give empty requests');
  t.same(a.ports.map((p) => p.hostPort), [8080, 9091], 'hostNetwork: an unset hostPort is the containerPort');
  const deployment = { kind: 'Deployment', apiVersion: 'apps/v1', metadata: { name: 'd' }, spec: { selector: {}, template: { spec: spec() as unknown as Spec } } };
  scheme.default(deployment);
  const tpl = deployment.spec.template.spec.containers[0] as Container;
  t.same(tpl.resources.requests, { cpu: '500m' }, 'templates keep their requests');
  t.equal(tpl.ports[0]?.hostPort, undefined, 'templates get no host ports (DefaultHostNetworkHostPortsInPodTemplates off)');
  const plain = { kind: 'Pod', apiVersion: 'v1', metadata: { name: 'q' }, spec: { containers: [{ name: 'a', image: 'x', ports: [{ containerPort: 80 } as { containerPort: number; hostPort?: number }] }] } };
  scheme.default(plain);
  t.equal(plain.spec.containers[0]?.ports[0]?.hostPort, undefined, 'without hostNetwork no host port');
});

t.test('kubectl run style pods: defaults, Go JSON and protobuf round trip', async (t) => {
  const pod: Record<string, unknown> = {
    kind: 'Pod',
    apiVersion: 'v1',
    metadata: { name: 'nginx', labels: { run: 'nginx' } },
    spec: { containers: [{ name: 'nginx', image: 'nginx', resources: {} }], dnsPolicy: 'ClusterFirst', restartPolicy: 'Always' },
    status: {},
  };
  scheme.default(pod);
  t.match(pod.spec, { enableServiceLinks: true, schedulerName: 'default-scheduler', terminationGracePeriodSeconds: 30 });
  t.same((pod.spec as Record<string, unknown>).securityContext, {}, 'SetDefaults_PodSpec: an empty pod security context');
  t.match(codecs.json.encodeToString(pod), /"securityContext":\{\}/, 'written as {} (a set pointer), as kube-apiserver writes it');
  const withStatus = {
    ...pod,
    status: {
      phase: 'Running',
      conditions: [{ type: 'Ready', status: 'True', lastTransitionTime: '2024-01-01T00:00:00Z' }],
      podIP: '10.0.0.5',
      podIPs: [{ ip: '10.0.0.5' }],
      startTime: '2024-01-01T00:00:00Z',
      qosClass: 'BestEffort',
    },
  };
  const json = JSON.parse(codecs.json.encodeToString(withStatus));
  t.same(json.status.conditions, [{ type: 'Ready', status: 'True', lastProbeTime: null, lastTransitionTime: '2024-01-01T00:00:00Z' }]);
  t.same(codecs.protobuf.decode(codecs.protobuf.encode(withStatus)), json);
  t.ok(scheme.recognizes({ group: '', version: 'v1', kind: 'PodList' }));
});

t.test('the deprecated serviceAccount alias converts as core/v1 conversion does', async (t) => {
  const pod = (spec: Record<string, unknown>) => ({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' }, spec: { containers: [{ name: 'c', image: 'i' }], ...spec } });
  const only = pod({ serviceAccount: 'builder' });
  scheme.default(only);
  t.match(only.spec, { serviceAccountName: 'builder', serviceAccount: 'builder' }, 'the alias alone names the account');
  const both = pod({ serviceAccountName: 'runner', serviceAccount: 'stale' });
  scheme.default(both);
  t.match(both.spec, { serviceAccountName: 'runner', serviceAccount: 'runner' }, 'serviceAccountName wins and is repeated');
  const none = pod({ serviceAccount: '' });
  scheme.default(none);
  t.notOk('serviceAccount' in none.spec || 'serviceAccountName' in none.spec, 'no account: neither field');
  const dep = {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'd' },
    spec: { selector: { matchLabels: { a: 'b' } }, template: { metadata: { labels: { a: 'b' } }, spec: { serviceAccountName: 'web', containers: [] } } },
  };
  scheme.default(dep);
  t.equal((dep.spec.template.spec as Record<string, unknown>).serviceAccount, 'web', 'templates too');
});
