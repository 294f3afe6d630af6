/**
 * Container state transitions a status write may not make (pkg/apis/core/validation `ValidateContainerStateTransition`,
 * `ValidateInitContainerStateTransition`, 1.32): a container that terminated stays terminated unless the restart
 * policy lets it run again (`Always`; `OnFailure` after a non-zero exit code; a restartable sidecar init container).
 * The error's index is the container's index in the *old* status list, as upstream.
 * @module
 */
import { type FieldError, type FieldPath, fieldForbidden } from '@apiserver/runtime';
import { type JSONRecord, recordAt, recordsAt, stringAt } from '../../../object-fields.js';

const STAYS_TERMINATED = 'may not be transitioned to non-terminated state';

function terminated(status: JSONRecord): JSONRecord | undefined {
  return recordAt(recordAt(status, 'state'), 'terminated');
}

/** Whether the old status's container may leave its terminated state under `restartPolicy`. */
function mayRestart(terminatedState: JSONRecord, restartPolicy: string): boolean {
  const exitCode = terminatedState.exitCode;
  return restartPolicy === 'OnFailure' && typeof exitCode === 'number' && exitCode !== 0;
}

function transitionErrors(newStatuses: readonly JSONRecord[], oldStatuses: readonly JSONRecord[], path: FieldPath, restartPolicy: string, skip: (name: string) => boolean): FieldError[] {
  if (restartPolicy === 'Always') return [];
  const errs: FieldError[] = [];
  oldStatuses.forEach((old, i) => {
    const state = terminated(old);
    const name = stringAt(old, 'name');
    if (state === undefined || mayRestart(state, restartPolicy) || skip(name)) return;
    for (const now of newStatuses) {
      if (stringAt(now, 'name') === name && terminated(now) === undefined) errs.push(fieldForbidden(path.index(i).child('state'), STAYS_TERMINATED));
    }
  });
  return errs;
}

/** `ValidateContainerStateTransition` (ephemeral containers are checked with `Never`: they never restart). */
export function validateContainerStateTransition(newStatuses: readonly JSONRecord[], oldStatuses: readonly JSONRecord[], path: FieldPath, restartPolicy: string): FieldError[] {
  return transitionErrors(newStatuses, oldStatuses, path, restartPolicy, () => false);
}

/** `ValidateInitContainerStateTransition`: as above with the old spec's policy, sidecars (`restartPolicy: Always`) skipped. */
export function validateInitContainerStateTransition(newStatuses: readonly JSONRecord[], oldStatuses: readonly JSONRecord[], path: FieldPath, oldSpec: JSONRecord | undefined): FieldError[] {
  const initContainers = recordsAt(oldSpec, 'initContainers');
  const sidecar = (name: string) => initContainers.find((c) => stringAt(c, 'name') === name)?.restartPolicy === 'Always';
  return transitionErrors(newStatuses, oldStatuses, path, stringAt(oldSpec, 'restartPolicy'), sidecar);
}
