/**
 * flowcontrol.apiserver.k8s.io/v1 through kubectl 1.32: one `apply -f -` of a PriorityLevelConfiguration and a
 * FlowSchema (v1 defaults applied), one `get` of both kinds with their printer columns and the bootstrap
 * configuration the config producer created, the error of changing a mandatory level's spec, (memory backend
 * only, storage plays no part) `explain`, and one delete: six kubectl calls.
 */
import type { Test } from 'tap';
import type { Backend, Kubectl } from './harness.js';
import { type PrintedTable, parseTables, rowOf } from './table.js';

const AGE = /^\d+[smh]$/;
const FS = 'flowschema.flowcontrol.apiserver.k8s.io';
const PLC = 'prioritylevelconfiguration.flowcontrol.apiserver.k8s.io';
// In matching order (precedence, then name), as kubectl prints them.
const BOOTSTRAP_FLOW_SCHEMAS = [
  'exempt',
  'probes',
  'system-leader-election',
  'endpoint-controller',
  'workload-leader-election',
  'system-node-high',
  'system-nodes',
  'kube-controller-manager',
  'kube-scheduler',
  'kube-system-service-accounts',
  'service-accounts',
  'global-default',
  'catch-all',
];
const BOOTSTRAP_LEVELS = ['catch-all', 'exempt', 'global-default', 'leader-election', 'node-high', 'system', 'workload-high', 'workload-low'];

function tableOf(tables: readonly PrintedTable[], secondHeader: string): PrintedTable {
  return tables.find((t) => t.headers[1] === secondHeader) ?? { headers: [], rows: [] };
}

/** FlowSchemas and PriorityLevelConfigurations (cluster-scoped); `explain` only on the memory backend. */
export async function flowKinds(t: Test, kubectl: Kubectl, backend: Backend): Promise<void> {
  const objects = [
    {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
      kind: 'PriorityLevelConfiguration',
      metadata: { name: 'e2e-batch' },
      spec: { type: 'Limited', limited: { limitResponse: { type: 'Queue', queuing: { queues: 16 } } } },
    },
    {
      apiVersion: 'flowcontrol.apiserver.k8s.io/v1',
      kind: 'FlowSchema',
      metadata: { name: 'e2e-batch' },
      spec: {
        priorityLevelConfiguration: { name: 'e2e-batch' },
        distinguisherMethod: { type: 'ByNamespace' },
        rules: [{ subjects: [{ kind: 'ServiceAccount', serviceAccount: { namespace: 'e2e-batch', name: '*' } }], resourceRules: [{ verbs: ['*'], apiGroups: ['batch'], resources: ['jobs'], namespaces: ['*'] }] }],
      },
    },
  ];
  t.equal(
    await kubectl.ok(t, ['apply', '-f', '-'], { input: objects.map((o) => JSON.stringify(o)).join('\n') }),
    `${PLC}/e2e-batch created\n${FS}/e2e-batch created\n`,
  );

  const tables = parseTables(await kubectl.ok(t, ['get', 'flowschemas,prioritylevelconfigurations']));
  const schemas = tableOf(tables, 'PRIORITYLEVEL');
  t.same(schemas.headers, ['NAME', 'PRIORITYLEVEL', 'MATCHINGPRECEDENCE', 'DISTINGUISHERMETHOD', 'AGE', 'MISSINGPL']);
  t.match(rowOf(schemas, `${FS}/e2e-batch`), { PRIORITYLEVEL: 'e2e-batch', MATCHINGPRECEDENCE: '1000', DISTINGUISHERMETHOD: 'ByNamespace', AGE, MISSINGPL: '?' });
  t.match(rowOf(schemas, `${FS}/exempt`), { PRIORITYLEVEL: 'exempt', MATCHINGPRECEDENCE: '1', DISTINGUISHERMETHOD: '<none>' });
  t.match(rowOf(schemas, `${FS}/catch-all`), { PRIORITYLEVEL: 'catch-all', MATCHINGPRECEDENCE: '10000', DISTINGUISHERMETHOD: 'ByUser' });
  const inMatchingOrder = [...BOOTSTRAP_FLOW_SCHEMAS.slice(0, 10), 'e2e-batch', ...BOOTSTRAP_FLOW_SCHEMAS.slice(10)].map((n) => `${FS}/${n}`);
  t.same(schemas.rows.map((r) => r.NAME), inMatchingOrder, 'the bootstrap schemas and ours, by matchingPrecedence then name');
  const levels = tableOf(tables, 'TYPE');
  t.same(levels.headers, ['NAME', 'TYPE', 'NOMINALCONCURRENCYSHARES', 'QUEUES', 'HANDSIZE', 'QUEUELENGTHLIMIT', 'AGE']);
  t.match(rowOf(levels, `${PLC}/e2e-batch`), { TYPE: 'Limited', NOMINALCONCURRENCYSHARES: '30', QUEUES: '16', HANDSIZE: '8', QUEUELENGTHLIMIT: '50', AGE });
  t.match(rowOf(levels, `${PLC}/exempt`), { TYPE: 'Exempt', NOMINALCONCURRENCYSHARES: '<none>', QUEUES: '<none>' });
  t.match(rowOf(levels, `${PLC}/catch-all`), { TYPE: 'Limited', NOMINALCONCURRENCYSHARES: '5', QUEUES: '<none>' });
  t.match(rowOf(levels, `${PLC}/workload-low`), { NOMINALCONCURRENCYSHARES: '100', QUEUES: '128', HANDSIZE: '6', QUEUELENGTHLIMIT: '50' });
  for (const name of BOOTSTRAP_LEVELS) t.ok(rowOf(levels, `${PLC}/${name}`), `bootstrap level ${name} listed`);

  await kubectl.fails(
    t,
    ['patch', 'prioritylevelconfiguration', 'catch-all', '--type=merge', '-p', '{"spec":{"limited":{"nominalConcurrencyShares":6}}}'],
    /The PriorityLevelConfiguration "catch-all" is invalid: spec: Invalid value: .*: spec of 'catch-all' must equal the fixed value/,
  );
  if (backend === 'memory') {
    t.match(await kubectl.ok(t, ['explain', 'flowschemas.spec.matchingPrecedence']), /^GROUP:\s+flowcontrol\.apiserver\.k8s\.io\nKIND:\s+FlowSchema\nVERSION:\s+v1\n\nFIELD: matchingPrecedence <integer>/);
    t.match(await kubectl.ok(t, ['explain', 'prioritylevelconfigurations.spec.limited.nominalConcurrencyShares']), /^GROUP:\s+flowcontrol\.apiserver\.k8s\.io\nKIND:\s+PriorityLevelConfiguration\nVERSION:\s+v1\n\nFIELD: nominalConcurrencyShares <integer>/);
  }
  t.equal(await kubectl.ok(t, ['delete', 'flowschema/e2e-batch', 'prioritylevelconfiguration/e2e-batch']), `${FS} "e2e-batch" deleted\n${PLC} "e2e-batch" deleted\n`);
}
