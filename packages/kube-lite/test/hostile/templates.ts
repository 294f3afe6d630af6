/**
 * Valid objects of the kinds the hostile suite mutates (ConfigMap, Deployment, Pod, Service), the fixtures created
 * before the run, and every JsonValue path of a template (the "field kinds" a wrong-type input replaces).
 */

/** A JsonValue value. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue };

/** A kind the suite targets: its collection path in a namespace and a valid object (name `<kind>-fixture`). */
export interface Template {
  /** Kind name. */
  readonly kind: string;
  /** Collection path below `/api/v1/namespaces/<ns>` or `/apis/apps/v1/namespaces/<ns>`, as a function of ns. */
  readonly collection: (namespace: string) => string;
  /** A valid object without a namespace. */
  readonly object: { [key: string]: JsonValue };
}

const labels = { app: 'hostile' };

/** A ConfigMap with data, binaryData, labels and annotations. */
export const CONFIG_MAP: Template = {
  kind: 'ConfigMap',
  collection: (ns) => `/api/v1/namespaces/${ns}/configmaps`,
  object: {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: { name: 'configmap-fixture', labels, annotations: { note: 'n' } },
    data: { key: 'value', other: 'x' },
    binaryData: { bin: 'AAE=' },
    immutable: false,
  },
};

/** A Deployment with a pod template, a strategy and an int-or-string field. */
export const DEPLOYMENT: Template = {
  kind: 'Deployment',
  collection: (ns) => `/apis/apps/v1/namespaces/${ns}/deployments`,
  object: {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'deployment-fixture', labels },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: { metadata: { labels }, spec: { containers: [{ name: 'c', image: 'nginx', ports: [{ containerPort: 80 }] }] } },
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxSurge: 1, maxUnavailable: '25%' } },
      minReadySeconds: 0,
      paused: false,
    },
  },
};

/** A Pod with containers, ports, env and a node selector. */
export const POD: Template = {
  kind: 'Pod',
  collection: (ns) => `/api/v1/namespaces/${ns}/pods`,
  object: {
    apiVersion: 'v1',
    kind: 'Pod',
    metadata: { name: 'pod-fixture', labels },
    spec: {
      containers: [{ name: 'c', image: 'nginx', args: ['a'], ports: [{ containerPort: 80, protocol: 'TCP' }], env: [{ name: 'A', value: '1' }] }],
      restartPolicy: 'Always',
      terminationGracePeriodSeconds: 30,
      hostNetwork: false,
      nodeSelector: { disk: 'ssd' },
    },
  },
};

/** A ClusterIP Service with ports and a selector. */
export const SERVICE: Template = {
  kind: 'Service',
  collection: (ns) => `/api/v1/namespaces/${ns}/services`,
  object: {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: { name: 'service-fixture', labels },
    spec: { type: 'ClusterIP', selector: labels, ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: 'TCP' }], sessionAffinity: 'None' },
  },
};

/** The templates, one per kind. */
export const TEMPLATES: readonly Template[] = [CONFIG_MAP, DEPLOYMENT, POD, SERVICE];

/** The fixture's name (`metadata.name` of the template). */
export function nameOf(template: Template): string {
  const metadata = template.object.metadata;
  return metadata !== null && typeof metadata === 'object' && !Array.isArray(metadata) && typeof metadata.name === 'string' ? metadata.name : '';
}

/** The path of the object `name` (URI-encoded) of `template`'s kind in `namespace`. */
export function itemPath(template: Template, namespace: string, name: string): string {
  return `${template.collection(namespace)}/${encodeURIComponent(name)}`;
}

/** Every path to a value inside `value` (object keys and array indexes), the root excluded. */
export function jsonPaths(value: JsonValue, prefix: readonly (string | number)[] = []): (string | number)[][] {
  if (value === null || typeof value !== 'object') return [];
  const entries: [string | number, JsonValue][] = Array.isArray(value) ? value.map((v, i) => [i, v]) : Object.entries(value);
  return entries.flatMap(([k, v]) => [[...prefix, k], ...jsonPaths(v, [...prefix, k])]);
}

/** The JsonValue type name of a value. */
export function jsonType(value: JsonValue): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** A deep copy of `value` with the value at `path` replaced. */
export function replaceAt(value: JsonValue, path: readonly (string | number)[], replacement: JsonValue): JsonValue {
  const [head, ...rest] = path;
  if (head === undefined) return replacement;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? replaceAt(v, rest, replacement) : v));
  if (value === null || typeof value !== 'object') return value;
  return { ...value, [head]: replaceAt(value[head] ?? null, rest, replacement) };
}

/** The value at `path`. */
export function valueAt(value: JsonValue, path: readonly (string | number)[]): JsonValue {
  let v: JsonValue = value;
  for (const k of path) {
    if (v === null || typeof v !== 'object') return null;
    v = (Array.isArray(v) ? v[Number(k)] : v[String(k)]) ?? null;
  }
  return v;
}
