/**
 * The per-container part of the pod warnings (pkg/api/pod/warnings.go): container seccomp and AppArmor annotations
 * without their fields, fractional memory and ephemeral-storage amounts, env entries hiding earlier ones, and ports
 * defined twice, overlapping or ambiguously across all containers.
 * @module
 */
import { childPath, type FieldPath } from '@apiserver/runtime';
import { isRecord, type JSONRecord, numberAt, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { fractionalByteWarnings } from './fractional-quantity.js';
import { ALL_CONTAINER_LISTS } from './pod-containers.js';

/** A container and its path (`spec.containers[0]`). */
export type ContainerAt = readonly [container: JSONRecord, path: FieldPath];

const SECCOMP_CONTAINER_ANNOTATION_PREFIX = 'container.seccomp.security.alpha.kubernetes.io/';
const APPARMOR_ANNOTATION_PREFIX = 'container.apparmor.security.beta.kubernetes.io/';

/** The init containers, containers and ephemeral containers of a pod spec at `specPath`, in that order. */
export function visitContainers(spec: JSONRecord, specPath: FieldPath): ContainerAt[] {
  const all: ContainerAt[] = [];
  for (const list of ALL_CONTAINER_LISTS) {
    recordsAt(spec, list).forEach((c, i) => {
      all.push([c, specPath.child(list).index(i)]);
    });
  }
  return all;
}

/**
 * One container's warnings. `templatePath` is the template's path, undefined for a pod: a pod's AppArmor annotations
 * are warned about when they are synced to fields on create, a template's here.
 */
export function containerWarnings(templatePath: FieldPath | undefined, spec: JSONRecord, annotations: JSONRecord, c: JSONRecord, p: FieldPath): string[] {
  const warnings: string[] = [];
  const name = stringAt(c, 'name');
  const keyPath = (key: string) => childPath(templatePath, 'metadata', 'annotations').key(key);
  const securityContext = recordAt(c, 'securityContext');
  const seccompKey = SECCOMP_CONTAINER_ANNOTATION_PREFIX + name;
  if (!isRecord(securityContext?.['seccompProfile']) && seccompKey in annotations) {
    warnings.push(`${keyPath(seccompKey)}: non-functional in v1.27+; use the "seccompProfile" field instead`);
  }
  const hasAppArmorField = isRecord(recordAt(spec, 'securityContext')?.['appArmorProfile']) || isRecord(securityContext?.['appArmorProfile']);
  const appArmorKey = APPARMOR_ANNOTATION_PREFIX + name;
  if (templatePath !== undefined && !hasAppArmorField && appArmorKey in annotations) {
    warnings.push(`${keyPath(appArmorKey)}: deprecated since v1.30; use the "appArmorProfile" field instead`);
  }
  const resources = recordAt(c, 'resources');
  for (const resource of ['memory', 'ephemeral-storage']) {
    warnings.push(...fractionalByteWarnings(resources?.['limits'], resource, p.child('resources', 'limits')));
    warnings.push(...fractionalByteWarnings(resources?.['requests'], resource, p.child('resources', 'requests')));
  }
  warnings.push(...envWarnings(c, p));
  return warnings;
}

/** An env entry redefining an earlier name without referring to it as `$(NAME)` (apply may drop one of them). */
function envWarnings(c: JSONRecord, p: FieldPath): string[] {
  const env = recordsAt(c, 'env');
  if (env.length < 2) return [];
  const warnings: string[] = [];
  const seen = new Set<string>();
  env.forEach((item, i) => {
    const name = stringAt(item, 'name');
    if (!seen.has(name)) {
      seen.add(name);
      return;
    }
    const ref = `$(${name})`;
    const value = stringAt(item, 'value');
    if (isRecord(item['valueFrom']) || value === ref || !value.includes(ref)) {
      warnings.push(`${p.child('env').index(i)}: hides previous definition of ${JSON.stringify(name)}, which may be dropped when using apply`);
    }
  });
  return warnings;
}

interface PortAt {
  readonly path: FieldPath;
  readonly hostIP: string;
  readonly hostPort: number;
}

/** Go's `%+v` of a core ContainerPort. */
function goContainerPort(port: JSONRecord): string {
  return `{Name:${stringAt(port, 'name')} HostPort:${numberAt(port, 'hostPort') ?? 0} ContainerPort:${numberAt(port, 'containerPort') ?? 0} Protocol:${stringAt(port, 'protocol')} HostIP:${stringAt(port, 'hostIP')}}`;
}

/** Ports across all containers: hostIP without hostPort, and the same containerPort/protocol defined twice. */
export function portWarnings(containers: readonly ContainerAt[]): string[] {
  const warnings: string[] = [];
  const byPort = new Map<string, PortAt[]>();
  for (const [c, p] of containers) {
    recordsAt(c, 'ports').forEach((port, i) => {
      const at: PortAt = { path: p.child('ports').index(i), hostIP: stringAt(port, 'hostIP'), hostPort: numberAt(port, 'hostPort') ?? 0 };
      if (at.hostIP !== '' && at.hostPort === 0) warnings.push(`${at.path}: hostIP set without hostPort: ${goContainerPort(port)}`);
      const key = `${numberAt(port, 'containerPort') ?? 0}/${stringAt(port, 'protocol')}`;
      const others = byPort.get(key) ?? [];
      for (const other of others) warnings.push(...portConflict(at, other));
      byPort.set(key, [...others, at]);
    });
  }
  return warnings;
}

function portConflict(port: PortAt, other: PortAt): string[] {
  if (port.hostIP === other.hostIP && port.hostPort === other.hostPort) return [`${port.path}: duplicate port definition with ${other.path}`];
  if (port.hostPort === 0 || other.hostPort === 0) return [`${port.path}: overlapping port definition with ${other.path}`];
  const a = port.hostIP === '';
  const b = other.hostIP === '';
  if (port.hostPort === other.hostPort && a !== b) return [`${port.path}: dangerously ambiguous port definition with ${other.path}`];
  return [];
}
