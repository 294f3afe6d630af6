/**
 * Apply conflicts (merge/conflict.go) and their API error (managedfields/internal/conflict.go
 * `NewConflictError`): 409 Conflict with one `FieldManagerConflict` cause per conflicting field and the
 * message `Apply failed with N conflict(s): …`.
 */
import { newApplyConflict } from '../errors/factories.js';
import type { StatusError } from '../errors/status-error.js';
import { type FieldPathElements, pathString } from './path-element.js';

/** One field another manager owns and an apply would change. */
export interface Conflict {
  /** Manager identifier (the JSON of its ManagedFieldsEntry without fields and time). */
  readonly manager: string;
  /** The conflicting field. */
  readonly path: FieldPathElements;
}

/** Raised by an apply that conflicts with other managers' fields. */
export class ApplyConflicts extends Error {
  /** The conflicts, sorted by manager then path. */
  readonly conflicts: readonly Conflict[];

  /** Creates the error. */
  constructor(conflicts: readonly Conflict[]) {
    const sorted = [...conflicts].sort((a, b) => (a.manager < b.manager ? -1 : a.manager > b.manager ? 1 : 0));
    super(`conflicts: ${sorted.map((c) => `${c.manager}: ${pathString(c.path)}`).join(', ')}`);
    this.name = 'ApplyConflicts';
    this.conflicts = sorted;
  }
}

/** How a conflict message names a manager (`printManager`). */
export function printManager(manager: string): string {
  let entry: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(manager);
    if (typeof parsed !== 'object' || parsed === null) return JSON.stringify(manager);
    entry = parsed as Record<string, unknown>;
  } catch {
    return JSON.stringify(manager);
  }
  let out = JSON.stringify(String(entry.manager ?? ''));
  if (typeof entry.subresource === 'string' && entry.subresource !== '') out = `${out} with subresource ${JSON.stringify(entry.subresource)}`;
  if (entry.operation === 'Update') {
    const apiVersion = String(entry.apiVersion ?? '');
    return typeof entry.time === 'string' ? `${out} using ${apiVersion} at ${entry.time}` : `${out} using ${apiVersion}`;
  }
  return out;
}

function conflictMessage(conflicts: readonly Conflict[]): string {
  const [only] = conflicts;
  if (conflicts.length === 1 && only !== undefined) {
    return `Apply failed with 1 conflict: conflict with ${printManager(only.manager)}: ${pathString(only.path)}`;
  }
  const byManager = new Map<string, string[]>();
  for (const c of conflicts) byManager.set(c.manager, [...(byManager.get(c.manager) ?? []), pathString(c.path)]);
  const lines: string[] = [];
  for (const manager of [...byManager.keys()].sort()) {
    lines.push(`conflicts with ${printManager(manager)}:`);
    for (const p of byManager.get(manager) ?? []) lines.push(`- ${p}`);
  }
  return `Apply failed with ${conflicts.length} conflicts: ${lines.join('\n')}`;
}

/** The 409 Status error of apply conflicts (`NewConflictError`). */
export function newConflictError(err: ApplyConflicts): StatusError {
  const causes = err.conflicts.map((c) => ({
    reason: 'FieldManagerConflict',
    message: `conflict with ${printManager(c.manager)}`,
    field: pathString(c.path),
  }));
  return newApplyConflict(causes, conflictMessage(err.conflicts));
}
