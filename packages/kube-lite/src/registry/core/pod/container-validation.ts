/**
 * Container checks of a pod spec (pkg/apis/core/validation `validateContainers`, `validateContainerPorts`,
 * `validatePullPolicy`, `validateContainersOnlyForPod`) for the fields kube-lite models.
 * @module
 */
import {
  type FieldError,
  type FieldPath,
  fieldDuplicate,
  fieldInvalid,
  fieldNotFound,
  fieldNotSupported,
  fieldRequired,
  isDNS1123Label,
} from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';
import { validateContainerEnv } from './env-validation.js';
import { validateContainerHandlers } from './lifecycle-validation.js';
import { validateContainerResources } from './resources-validation.js';
import { isValidPortName, isValidPortNum, SUPPORTED_PORT_PROTOCOLS } from './port-validation.js';
import { validateSecurityContext } from './security-context-validation.js';

const PULL_POLICIES: readonly string[] = ['Always', 'IfNotPresent', 'Never'];
const TERMINATION_MESSAGE_POLICIES: readonly string[] = ['File', 'FallbackToLogsOnError'];

/** Checks one enum field: Required when empty, NotSupported when not one of `values`. */
export function validateEnum(value: unknown, path: FieldPath, values: readonly string[]): FieldError[] {
  if (value === undefined || value === null || value === '') return [fieldRequired(path, '')];
  return typeof value === 'string' && values.includes(value) ? [] : [fieldNotSupported(path, value, values)];
}

function validateContainerPorts(ports: JSONRecord[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  const names = new Set<string>();
  ports.forEach((port, i) => {
    const p = path.index(i);
    const name = stringAt(port, 'name');
    if (name !== '') {
      for (const msg of isValidPortName(name)) errs.push(fieldInvalid(p.child('name'), name, msg));
      if (names.has(name)) errs.push(fieldDuplicate(p.child('name'), name));
      names.add(name);
    }
    const containerPort = port.containerPort;
    if (containerPort === undefined || containerPort === 0) errs.push(fieldRequired(p.child('containerPort'), ''));
    else for (const msg of isValidPortNum(containerPort)) errs.push(fieldInvalid(p.child('containerPort'), containerPort, msg));
    const hostPort = port.hostPort;
    if (hostPort !== undefined && hostPort !== 0) {
      for (const msg of isValidPortNum(hostPort)) errs.push(fieldInvalid(p.child('hostPort'), hostPort, msg));
    }
    errs.push(...validateEnum(port.protocol, p.child('protocol'), SUPPORTED_PORT_PROTOCOLS));
  });
  return errs;
}

/**
 * What every container type is checked for (`validateContainerCommon`, with the pod-only image checks): image,
 * ports, env, pull and termination-message policies, volume mounts, resources, security context — not the name
 * (each list checks names its own way) and not probes or lifecycle hooks.
 */
export function validateContainerCommon(c: JSONRecord, path: FieldPath, volumes: ReadonlySet<string>, requireImage: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const image = stringAt(c, 'image');
  if (image === '') {
    if (requireImage) errs.push(fieldRequired(path.child('image'), ''));
  } else if (image.trim() !== image) {
    errs.push(fieldInvalid(path.child('image'), image, 'must not have leading or trailing whitespace'));
  }
  errs.push(...validateContainerPorts(recordsAt(c, 'ports'), path.child('ports')));
  errs.push(...validateContainerEnv(c, path));
  errs.push(...validateEnum(c.imagePullPolicy, path.child('imagePullPolicy'), PULL_POLICIES));
  errs.push(...validateEnum(c.terminationMessagePolicy, path.child('terminationMessagePolicy'), TERMINATION_MESSAGE_POLICIES));
  recordsAt(c, 'volumeMounts').forEach((m, i) => {
    const name = stringAt(m, 'name');
    const p = path.child('volumeMounts').index(i);
    if (name === '') errs.push(fieldRequired(p.child('name'), ''));
    else if (!volumes.has(name)) errs.push(fieldNotFound(p.child('name'), name));
    if (stringAt(m, 'mountPath') === '') errs.push(fieldRequired(p.child('mountPath'), ''));
  });
  errs.push(...validateContainerResources(c, path));
  errs.push(...validateSecurityContext(recordAt(c, 'securityContext'), path.child('securityContext')));
  return errs;
}

function validateContainer(c: JSONRecord, path: FieldPath, volumes: ReadonlySet<string>, requireImage: boolean, spec: JSONRecord, init: boolean): FieldError[] {
  return [...validateContainerCommon(c, path, volumes, requireImage), ...validateContainerHandlers(c, path, spec, init)];
}

/**
 * Validates `containers` (at least one) and `initContainers`: names required, DNS-1123 labels and unique
 * across both lists, images (required when `requireImage`, as for pods but not templates), ports, pull
 * and termination-message policies, volume mounts naming declared volumes.
 */
export function validateContainers(spec: JSONRecord, path: FieldPath, volumes: ReadonlySet<string>, requireImage: boolean): FieldError[] {
  const errs: FieldError[] = [];
  const seen = new Set<string>();
  const containers = recordsAt(spec, 'containers');
  if (containers.length === 0) errs.push(fieldRequired(path.child('containers'), ''));
  for (const field of ['initContainers', 'containers'] as const) {
    recordsAt(spec, field).forEach((c, i) => {
      const p = path.child(field).index(i);
      const name = stringAt(c, 'name');
      if (name === '') errs.push(fieldRequired(p.child('name'), ''));
      else {
        for (const msg of isDNS1123Label(name)) errs.push(fieldInvalid(p.child('name'), name, msg));
        if (seen.has(name)) errs.push(fieldDuplicate(p.child('name'), name));
        seen.add(name);
      }
      errs.push(...validateContainer(c, p, volumes, requireImage, spec, field === 'initContainers'));
    });
  }
  return errs;
}
