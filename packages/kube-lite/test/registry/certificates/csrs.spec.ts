/**
 * certificates.k8s.io/v1 certificatesigningrequests through their Store, `/status` and `/approval`: the
 * requester from the request's user, validation with upstream's paths and messages, frozen spec, which
 * subresource may change which conditions and the certificate, condition timestamps, printer.
 */
import type { ApiObject, RequestContext, StatusREST, Store } from '@apiserver/registry';
import t, { type Test } from 'tap';
import { newCSRStorage } from '../../../src/registry/certificates/csr/storage.js';
import { causesOf, ctxIn, memoryGetter, mutated, statusErrorOf, update } from '../core/core-fixtures.js';
import { NOW, statusOf, storeOf } from '../storage/storage-fixtures.js';
import { b64, CERTIFICATE, EC_CSR, RSA_CSR } from './pem-fixtures.js';

type Rec = Record<string, unknown>;
const alice: RequestContext = { ...ctxIn(), user: { name: 'alice', uid: 'u-1', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a', 'b'] } } };
const csr = (name: string, spec: Rec = {}): ApiObject => ({
  apiVersion: 'certificates.k8s.io/v1',
  kind: 'CertificateSigningRequest',
  metadata: { name },
  spec: { request: b64(RSA_CSR), signerName: 'example.com/signer', usages: ['client auth'], ...spec },
});
const specOf = (o: ApiObject): Rec => o.spec as Rec;
const conditionsOf = (o: ApiObject): Rec[] => ((o.status as Rec | undefined)?.conditions ?? []) as Rec[];
const approved = { type: 'Approved', status: 'True', reason: 'KubectlApprove', message: 'ok' };

function storageOf(t: Test): { store: Store; status: StatusREST; approval: StatusREST } {
  const map = newCSRStorage(memoryGetter(t), { printer: { now: () => NOW } });
  t.same(Object.keys(map), ['certificatesigningrequests', 'certificatesigningrequests/status', 'certificatesigningrequests/approval']);
  return { store: storeOf(map, 'certificatesigningrequests'), status: statusOf(map, 'certificatesigningrequests'), approval: map['certificatesigningrequests/approval'] as StatusREST };
}
const viaSub = (rest: StatusREST, name: string, edit: (o: ApiObject) => void) => rest.update(alice, name, mutated(edit), undefined, undefined, false);

t.test('create: requester from the request user, empty conditions, any name', async (t) => {
  const { store } = storageOf(t);
  t.same(store.shortNames(), ['csr']);
  t.notOk(store.namespaceScoped());
  const created = await store.create(alice, {
    ...csr('Any_Name:ok'),
    spec: { ...specOf(csr('x')), username: 'mallory', groups: ['system:masters'] },
    status: { conditions: [approved] },
  });
  t.match(specOf(created), { username: 'alice', uid: 'u-1', groups: ['dev', 'system:authenticated'], extra: { scopes: ['a', 'b'] } });
  t.same(created.status, { conditions: [] }, 'pre-approved requests cannot be created');
  const anonymous = await store.create(ctxIn(), { ...csr('nobody'), spec: { ...specOf(csr('x')), username: 'mallory' } });
  t.equal(specOf(anonymous).username, undefined, 'no user: the client-set requester is dropped');
});

t.test('validation: request, usages, signer name, expiration', async (t) => {
  const { store } = storageOf(t);
  const cases: [string, Rec, string[]][] = [
    ['badreq', { request: b64('nope') }, [`spec.request: Invalid value: "${b64('nope')}": PEM block type must be CERTIFICATE REQUEST`]],
    ['nousage', { usages: [] }, ['spec.usages: Required value']],
    [
      'usages',
      { usages: ['client auth', 'flying', 'client auth'] },
      [
        'spec.usages[1]: Unsupported value: "flying": supported values: "any", "cert sign", "client auth", "code signing", "content commitment", "crl sign", "data encipherment", "decipher only", "digital signature", "email protection", "encipher only", "ipsec end system", "ipsec tunnel", "ipsec user", "key agreement", "key encipherment", "microsoft sgc", "netscape sgc", "ocsp signing", "s/mime", "server auth", "signing", "timestamping"',
        'spec.usages[2]: Duplicate value: "client auth"',
      ],
    ],
    ['legacy', { signerName: 'kubernetes.io/legacy-unknown' }, ['spec.signerName: Invalid value: "kubernetes.io/legacy-unknown": the legacy signerName is not allowed via this API version']],
    ['nosigner', { signerName: '' }, ['spec.signerName: Required value']],
    ['short', { expirationSeconds: 599 }, ['spec.expirationSeconds: Invalid value: 599: may not specify a duration less than 600 seconds (10 minutes)']],
  ];
  for (const [name, spec, want] of cases) t.same(causesOf(await statusErrorOf(t, store.create(alice, csr(name, spec)))), want, name);
  await store.create(alice, csr('ec', { request: b64(EC_CSR), signerName: 'kubernetes.io/kubelet-serving', usages: ['digital signature', 'server auth'], expirationSeconds: 600 }));
});

t.test('updates: the spec and status only change through the subresources', async (t) => {
  const { store } = storageOf(t);
  await store.create(alice, csr('req'));
  const edited = await update(store, alice, 'req', mutated((o) => Object.assign(o, { spec: { ...specOf(o), signerName: 'other.com/x' }, status: { conditions: [approved] }, metadata: { ...o.metadata, labels: { a: 'b' } } })));
  t.equal(specOf(edited).signerName, 'example.com/signer', 'spec kept');
  t.same(conditionsOf(edited), [], 'status kept');
  t.same(edited.metadata.labels, { a: 'b' }, 'metadata changes');
});

t.test('/approval adds Approved or Denied; timestamps; no removal; mutual exclusion', async (t) => {
  const { store, approval } = storageOf(t);
  await store.create(alice, csr('req'));
  const { object: ok } = await viaSub(approval, 'req', (o) => Object.assign(o, { status: { conditions: [approved] }, spec: {} }));
  const [condition] = conditionsOf(ok);
  t.match(condition, { ...approved, lastUpdateTime: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/, lastTransitionTime: /Z$/ });
  t.equal(specOf(ok).signerName, 'example.com/signer', 'approval keeps the spec');
  const both = await statusErrorOf(t, viaSub(approval, 'req', (o) => conditionsOf(o).push({ type: 'Denied', status: 'True' })));
  t.same(causesOf(both), ['status.conditions[1].type: Invalid value: "Denied": Approved and Denied conditions are mutually exclusive']);
  const removed = await statusErrorOf(t, viaSub(approval, 'req', (o) => Object.assign(o, { status: { conditions: [] } })));
  t.same(causesOf(removed), ['status.conditions: Forbidden: updates may not remove a condition of type "Approved"']);
  const falseApproval = await statusErrorOf(t, viaSub(approval, 'req', (o) => Object.assign(conditionsOf(o)[0] ?? {}, { status: 'False' })));
  t.same(causesOf(falseApproval), ['status.conditions[0].status: Unsupported value: "False": supported values: "True"']);
});

t.test('/status sets the certificate once, keeps Approved/Denied, may add other conditions', async (t) => {
  const { store, status, approval } = storageOf(t);
  await store.create(alice, csr('req'));
  const sneaky = await statusErrorOf(t, viaSub(status, 'req', (o) => Object.assign(o, { status: { conditions: [approved] } })));
  t.same(causesOf(sneaky), ['status.conditions: Forbidden: updates may not add a condition of type "Approved"']);
  await viaSub(approval, 'req', (o) => Object.assign(o, { status: { conditions: [approved] } }));
  const { object: issued } = await viaSub(status, 'req', (o) => {
    Object.assign(conditionsOf(o)[0] ?? {}, { message: 'changed by the signer' });
    Object.assign(o.status as Rec, { certificate: b64(CERTIFICATE) });
    conditionsOf(o).push({ type: 'SignerBusy', status: 'False', reason: 'Retry' });
  });
  t.equal((issued.status as Rec).certificate, b64(CERTIFICATE));
  t.equal(conditionsOf(issued)[0]?.message, 'ok', 'the Approved condition is kept as stored');
  t.match(conditionsOf(issued)[1], { type: 'SignerBusy', lastUpdateTime: /Z$/ });
  const again = await statusErrorOf(t, viaSub(status, 'req', (o) => Object.assign(o.status as Rec, { certificate: b64(CERTIFICATE + CERTIFICATE) })));
  t.same(causesOf(again), ['status.certificate: Forbidden: updates may not modify existing certificate content']);
  await store.create(alice, csr('other'));
  const bad = await statusErrorOf(t, viaSub(status, 'other', (o) => Object.assign(o, { status: { certificate: b64(RSA_CSR) } })));
  t.same(causesOf(bad), ['status.certificate: Invalid value: "<certificate data>": only CERTIFICATE PEM blocks are allowed, found "CERTIFICATE REQUEST"']);
});

t.test('printer', async (t) => {
  const { store, approval, status } = storageOf(t);
  const created = await store.create(alice, csr('req', { expirationSeconds: 86400 }));
  const table = await store.convertToTable(alice, { ...created, metadata: { ...created.metadata, creationTimestamp: '2026-01-01T00:00:00Z' } });
  t.same(table.columnDefinitions.map((c) => c.name), ['Name', 'Age', 'SignerName', 'Requestor', 'RequestedDuration', 'Condition']);
  t.same(table.rows[0]?.cells, ['req', '60m', 'example.com/signer', 'alice', '24h', 'Pending']);
  await viaSub(approval, 'req', (o) => Object.assign(o, { status: { conditions: [approved] } }));
  const { object } = await viaSub(status, 'req', (o) => Object.assign(o.status as Rec, { certificate: b64(CERTIFICATE), conditions: [...conditionsOf(o), { type: 'Failed', status: 'True' }] }));
  t.same((await store.convertToTable(alice, object)).rows[0]?.cells.slice(2), ['example.com/signer', 'alice', '24h', 'Approved,Failed,Issued']);
  const denied = await store.create(alice, csr('no', {}));
  const { object: deniedObj } = await viaSub(approval, 'no', (o) => Object.assign(o, { status: { conditions: [{ type: 'Denied', status: 'True' }] } }));
  t.equal((await store.convertToTable(alice, deniedObj)).rows[0]?.cells[5], 'Denied');
  t.equal((await store.convertToTable(alice, { ...denied, spec: { ...specOf(denied), expirationSeconds: undefined } })).rows[0]?.cells[4], '<none>');
});
