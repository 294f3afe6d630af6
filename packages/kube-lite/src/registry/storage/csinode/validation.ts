/**
 * CSINode validation (pkg/apis/storage/validation `ValidateCSINode`, `ValidateCSINodeUpdate` with the long node
 * IDs the strategy allows): drivers with valid, unique names, a node ID of 1-256 characters, a non-negative
 * allocatable count and unique qualified topology keys; an existing driver entry may not change.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import { type FieldError, fieldDuplicate, fieldInvalid, fieldRequired, newPath, validateNonnegativeField } from '@apiserver/runtime';
import { isDeepStrictEqual } from 'node:util';
import { type JSONRecord, recordAt, recordsAt, stringAt, stringsAt } from '../../../object-fields.js';
import { validateQualifiedName } from '../../core/endpoints/validation.js';
import { validateCSIDriverName } from '../csi-driver-name.js';

const DRIVERS = newPath('spec', 'drivers');
const MAX_NODE_ID = 256;

function validateDriver(driver: JSONRecord, i: number, names: Set<string>): FieldError[] {
  const p = DRIVERS.index(i);
  const name = stringAt(driver, 'name');
  const errs = validateCSIDriverName(name, p.child('name'));
  const nodeID = stringAt(driver, 'nodeID');
  if (nodeID === '') errs.push(fieldRequired(p.child('nodeID'), ''));
  if (nodeID.length > MAX_NODE_ID) errs.push(fieldInvalid(p.child('nodeID'), nodeID, `must be ${MAX_NODE_ID} characters or less`));
  const count = recordAt(driver, 'allocatable')?.count;
  if (typeof count === 'number') errs.push(...validateNonnegativeField(count, p.child('allocatable', 'count')));
  if (names.has(name)) errs.push(fieldDuplicate(p.child('name'), name));
  names.add(name);
  const keys = new Set<string>();
  for (const key of stringsAt(driver, 'topologyKeys')) {
    if (key === '') errs.push(fieldRequired(p, ''));
    if (keys.has(key)) errs.push(fieldDuplicate(p, key));
    keys.add(key);
    errs.push(...validateQualifiedName(key, p));
  }
  return errs;
}

/** Validates a CSI node's drivers. */
export function validateCSINode(node: ApiObject): FieldError[] {
  const names = new Set<string>();
  return recordsAt(recordAt(node, 'spec'), 'drivers').flatMap((d, i) => validateDriver(d, i, names));
}

/** The update rules: the node again, and every driver present before unchanged. */
export function validateCSINodeUpdate(node: ApiObject, old: ApiObject): FieldError[] {
  const errs = validateCSINode(node);
  const drivers = recordsAt(recordAt(node, 'spec'), 'drivers');
  for (const before of recordsAt(recordAt(old, 'spec'), 'drivers')) {
    for (const now of drivers) {
      if (now.name === before.name && !isDeepStrictEqual(now, before)) errs.push(fieldInvalid(DRIVERS, now, 'field is immutable'));
    }
  }
  return errs;
}
