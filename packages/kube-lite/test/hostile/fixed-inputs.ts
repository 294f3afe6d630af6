/**
 * The fixed hostile inputs: bodies over the 3 MiB request limit (→ 413 in every format and verb) and 10 000-level
 * nesting in JSON, YAML, patches, managed fields and selectors (→ a 4xx, not a stack overflow), and CEL nested past
 * cel-go's limit in a CRD rule and a policy (→ 422).
 */
import { ABSENT, FIXTURE_NAMESPACE, type HostileInput, MERGE_PATCH, PROTOBUF, YAML } from './hostile-input.js';
import { CONFIG_MAP, itemPath, nameOf } from './templates.js';

/** kube-apiserver's request body limit (`MaxRequestBodyBytes`, 3 MiB) plus one byte. */
const OVERSIZED = 3 * 1024 * 1024 + 1;
/** Nesting depth of the deep inputs (Go's encoding/json stops at 10 000). */
const DEPTH = 10_000;
/** Below Go's limit, above where recursive JavaScript overflowed its stack (kube-lite stops at 512). */
const MID_DEPTH = 2000;

function nested(open: string, leaf: string, close: string, depth = DEPTH): string {
  return `${open.repeat(depth)}${leaf}${close.repeat(depth)}`;
}

function oversized(): HostileInput[] {
  const cm = CONFIG_MAP.collection(ABSENT);
  const fixture = itemPath(CONFIG_MAP, FIXTURE_NAMESPACE, nameOf(CONFIG_MAP));
  const huge = JSON.stringify({ ...CONFIG_MAP.object, data: { k: 'v'.repeat(OVERSIZED) } });
  const manyOps = JSON.stringify(Array.from({ length: 10_001 }, () => ({ op: 'test', path: '/kind', value: 'ConfigMap' })));
  const probes = [
    { method: 'POST', path: cm, body: huge },
    { method: 'POST', path: cm, body: 'x'.repeat(OVERSIZED), headers: { 'content-type': YAML } },
    { method: 'POST', path: cm, body: Buffer.alloc(OVERSIZED, 1), headers: { 'content-type': PROTOBUF } },
    { method: 'PUT', path: fixture, body: huge },
    { method: 'PATCH', path: fixture, body: huge, headers: { 'content-type': MERGE_PATCH } },
  ];
  return [
    ...probes.map((probe): HostileInput => ({ category: 'oversized body', probe, requiredStatus: 413 })),
    // Upstream caps a JSON patch at 10 000 operations (413), before applying any.
    { category: 'oversized body', probe: { method: 'PATCH', path: fixture, body: manyOps, headers: { 'content-type': 'application/json-patch+json' } }, requiredStatus: 413 },
  ];
}

function deep(): HostileInput[] {
  const cm = CONFIG_MAP.collection(ABSENT);
  const fixture = itemPath(CONFIG_MAP, FIXTURE_NAMESPACE, nameOf(CONFIG_MAP));
  const deepJSON = nested('{"a":', '1', '}');
  const midJSON = nested('{"a":', '1', '}', MID_DEPTH);
  const fieldsV1 = (v: string) => `{"metadata":{"name":"deep","managedFields":[{"manager":"m","operation":"Update","apiVersion":"v1","fieldsType":"FieldsV1","fieldsV1":${v}}]}}`;
  const probes = [
    { method: 'POST', path: cm, body: fieldsV1(deepJSON) },
    { method: 'POST', path: cm, body: fieldsV1(midJSON) },
    { method: 'POST', path: `${CONFIG_MAP.collection(FIXTURE_NAMESPACE)}?dryRun=All`, body: fieldsV1(midJSON) },
    { method: 'PATCH', path: `${fixture}?dryRun=All&fieldValidation=Ignore`, body: `{"data":${midJSON}}`, headers: { 'content-type': 'application/strategic-merge-patch+json' } },
    { method: 'PATCH', path: `${fixture}?dryRun=All`, body: `[{"op":"add","path":"/data/x","value":${midJSON}}]`, headers: { 'content-type': 'application/json-patch+json' } },
    { method: 'POST', path: cm, body: `metadata:\n  name: deep\ndata: ${nested('[', '1', ']', MID_DEPTH)}\n`, headers: { 'content-type': YAML } },
    { method: 'POST', path: cm, body: `{"metadata":{"name":"deep"},"data":${deepJSON}}` },
    { method: 'POST', path: cm, body: nested('[', '1', ']') },
    { method: 'POST', path: cm, body: `{"metadata":{"name":"deep","labels":${deepJSON}}}` },
    { method: 'POST', path: cm, body: `metadata:\n  name: deep\ndata: ${nested('[', '1', ']')}\n`, headers: { 'content-type': YAML } },
    { method: 'POST', path: cm, body: `metadata:\n  name: deep\ndata: ${nested('{a: ', '1', '}')}\n`, headers: { 'content-type': YAML } },
    { method: 'PATCH', path: fixture, body: `{"data":${deepJSON}}`, headers: { 'content-type': MERGE_PATCH } },
    { method: 'PATCH', path: fixture, body: `{"data":${deepJSON}}`, headers: { 'content-type': 'application/strategic-merge-patch+json' } },
    { method: 'PATCH', path: fixture, body: `[{"op":"add","path":"/data/x","value":${deepJSON}}]`, headers: { 'content-type': 'application/json-patch+json' } },
    // 2000, not 10 000: the encoded selector must fit node's 16 KiB request-line limit to reach the parser.
    { method: 'GET', path: `${CONFIG_MAP.collection(FIXTURE_NAMESPACE)}?labelSelector=${encodeURIComponent(nested('(', 'a', ')', MID_DEPTH))}` },
  ];
  return [...probes.map((probe): HostileInput => ({ category: 'deep nesting', probe })), ...deepCel()];
}

/** A CRD body of the hostile.example.com group with one version of schema `openAPIV3Schema`. */
function hostileCRD(kind: string, plural: string, openAPIV3Schema: unknown): string {
  return JSON.stringify({
    apiVersion: 'apiextensions.k8s.io/v1',
    kind: 'CustomResourceDefinition',
    metadata: { name: `${plural}.hostile.example.com` },
    spec: {
      group: 'hostile.example.com',
      names: { kind, plural },
      scope: 'Namespaced',
      versions: [{ name: 'v1', served: true, storage: true, schema: { openAPIV3Schema } }],
    },
  });
}

/** CEL expressions nested past cel-go's recursion limit, in a CRD rule and a policy (→ 422, a compile error). */
function deepCel(): HostileInput[] {
  const sum = `${Array.from({ length: 5000 }, () => '1').join(' + ')} > 0`;
  const parens = `${nested('(', 'true', ')', MID_DEPTH)}`;
  const crd = (rule: string) => hostileCRD('Deep', 'deeps', { type: 'object', 'x-kubernetes-validations': [{ rule }] });
  const policy = JSON.stringify({
    apiVersion: 'admissionregistration.k8s.io/v1',
    kind: 'ValidatingAdmissionPolicy',
    metadata: { name: 'deep' },
    spec: { matchConstraints: { resourceRules: [{ apiGroups: [''], apiVersions: ['v1'], operations: ['CREATE'], resources: ['configmaps'] }] }, validations: [{ expression: sum }] },
  });
  const probes = [
    { method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All', body: crd(sum) },
    { method: 'POST', path: '/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All', body: crd(parens) },
    { method: 'POST', path: '/apis/admissionregistration.k8s.io/v1/validatingadmissionpolicies?dryRun=All', body: policy },
  ];
  return probes.map((probe): HostileInput => ({ category: 'deep nesting', probe, requiredStatus: 422 }));
}

/** CRD schemas whose values have the wrong JSON type or are null, where Go's decoder expects a schema (→ 422). */
function malformedSchemas(): HostileInput[] {
  const crd = (spec: unknown) => hostileCRD('Shape', 'shapes', { type: 'object', properties: { spec } });
  const specs = [
    { type: 'object', properties: { a: null } },
    { type: 'object', 'x-kubernetes-validations': 'rule' },
    { type: 'object', properties: { a: { type: 'array', items: 7, 'x-kubernetes-list-map-keys': 'k' } } },
    { type: 'object', allOf: [null, 'x'], additionalProperties: 'no' },
  ];
  const path = '/apis/apiextensions.k8s.io/v1/customresourcedefinitions?dryRun=All';
  return specs.map((spec): HostileInput => ({ category: 'malformed CRD schema', probe: { method: 'POST', path, body: crd(spec) }, requiredStatus: 422 }));
}

/** The fixed inputs, oversized bodies first. */
export function fixedInputs(): HostileInput[] {
  return [...oversized(), ...deep(), ...malformedSchemas()];
}
