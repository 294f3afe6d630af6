/**
 * The naming controller's decision (`pkg/controller/status/naming_controller.go`): the names a CRD
 * asks for are accepted unless another CRD of the same group already serves one of them.
 *
 * @module
 */
import { defaultedNames } from '../apis/helpers.js';
import type { CustomResourceDefinition, CustomResourceDefinitionCondition, CustomResourceDefinitionNames } from '../apis/types.js';

/** The accepted names of a CRD and its NamesAccepted condition. */
export interface NamingResult {
  /** Names to publish in `status.acceptedNames` (the previous ones when the requested ones conflict). */
  readonly acceptedNames: CustomResourceDefinitionNames | undefined;
  /** The `NamesAccepted` condition. */
  readonly condition: CustomResourceDefinitionCondition;
}

function namesInUse(others: readonly CustomResourceDefinition[]): { resources: Set<string>; kinds: Set<string> } {
  const resources = new Set<string>();
  const kinds = new Set<string>();
  for (const other of others) {
    const names = other.status?.acceptedNames;
    if (names === undefined) continue;
    for (const n of [names.plural, names.singular, ...(names.shortNames ?? [])]) if (n !== undefined && n !== '') resources.add(n);
    for (const k of [names.kind, names.listKind]) if (k !== undefined && k !== '') kinds.add(k);
  }
  return { resources, kinds };
}

function conflict(requested: CustomResourceDefinitionNames, inUse: { resources: Set<string>; kinds: Set<string> }): CustomResourceDefinitionCondition | undefined {
  const checks: [string, string | undefined, Set<string>][] = [
    ['PluralConflict', requested.plural, inUse.resources],
    ['SingularConflict', requested.singular, inUse.resources],
    ...(requested.shortNames ?? []).map((s): [string, string, Set<string>] => ['ShortNamesConflict', s, inUse.resources]),
    ['KindConflict', requested.kind, inUse.kinds],
    ['ListKindConflict', requested.listKind, inUse.kinds],
  ];
  for (const [reason, name, set] of checks) {
    if (name !== undefined && set.has(name)) return { type: 'NamesAccepted', status: 'False', reason, message: `${JSON.stringify(name)} is already in use` };
  }
  return undefined;
}

/** Decides the names of `crd` given the other CRDs (all groups; only its own group counts). */
export function calculateNames(crd: CustomResourceDefinition, all: readonly CustomResourceDefinition[]): NamingResult {
  const others = all.filter((o) => o.metadata.name !== crd.metadata.name && o.spec.group === crd.spec.group);
  const requested = defaultedNames(crd.spec.names);
  const found = conflict(requested, namesInUse(others));
  if (found !== undefined) return { acceptedNames: crd.status?.acceptedNames, condition: found };
  return { acceptedNames: requested, condition: { type: 'NamesAccepted', status: 'True', reason: 'NoConflicts', message: 'no conflicts found' } };
}
