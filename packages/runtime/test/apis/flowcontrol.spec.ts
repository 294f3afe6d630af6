/**
 * flowcontrol.apiserver.k8s.io/v1 in the built-in scheme: FlowSchema, PriorityLevelConfiguration and their lists,
 * and the Go JSON of their v1 shapes (a limited level's `nominalConcurrencyShares` has no omitempty, so nil is
 * written as null; status structs are never omitted).
 */
import t from 'tap';
import * as apis from '../../src/apis/index.js';
import { Scheme } from '../../src/runtime/scheme.js';
import { CodecFactory } from '../../src/serializer/codec-factory.js';

const GV = { group: 'flowcontrol.apiserver.k8s.io', version: 'v1' };

t.test('registered in newBuiltinScheme and alone', async (t) => {
  const scheme = apis.newBuiltinScheme();
  for (const kind of ['FlowSchema', 'FlowSchemaList', 'PriorityLevelConfiguration', 'PriorityLevelConfigurationList']) t.ok(scheme.recognizes({ ...GV, kind }), kind);
  t.same(scheme.objectKind({ kind: 'DeleteOptions', apiVersion: 'flowcontrol.apiserver.k8s.io/v1' }).kind, 'DeleteOptions');
  const alone = apis.addFlowcontrolV1Kinds(new Scheme('flowcontrol'));
  t.ok(alone.recognizes({ ...GV, kind: 'PriorityLevelConfigurationList' }), 'add function works alone');
  t.notOk(new Scheme('empty').recognizes({ ...GV, kind: 'FlowSchema' }));
});

t.test('Go JSON of the v1 shapes', async (t) => {
  const codecs = new CodecFactory(apis.newBuiltinScheme());
  const plc = { kind: 'PriorityLevelConfiguration', apiVersion: 'flowcontrol.apiserver.k8s.io/v1', metadata: { name: 'p' }, spec: { type: 'Limited', limited: { limitResponse: { type: 'Reject' } } } };
  t.equal(
    codecs.json.encodeToString(plc),
    '{"kind":"PriorityLevelConfiguration","apiVersion":"flowcontrol.apiserver.k8s.io/v1","metadata":{"name":"p","creationTimestamp":null},' +
      '"spec":{"type":"Limited","limited":{"nominalConcurrencyShares":null,"limitResponse":{"type":"Reject"}}},"status":{}}\n',
  );
  const fs = { kind: 'FlowSchema', apiVersion: 'flowcontrol.apiserver.k8s.io/v1', metadata: { name: 'f' }, spec: { priorityLevelConfiguration: { name: 'p' } } };
  t.equal(
    codecs.json.encodeToString(fs),
    '{"kind":"FlowSchema","apiVersion":"flowcontrol.apiserver.k8s.io/v1","metadata":{"name":"f","creationTimestamp":null},' +
      '"spec":{"priorityLevelConfiguration":{"name":"p"},"matchingPrecedence":0},"status":{}}\n',
  );
});
