/**
 * kubectl's job columns (pkg/printers/internalversion `printJob`): NAME STATUS COMPLETIONS DURATION AGE, wide
 * CONTAINERS IMAGES SELECTOR.
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  AGE_COLUMN,
  ageCell,
  column,
  humanDuration,
  NAME_COLUMN,
  type PrintContext,
  PrinterTableConvertor,
  type PrinterOptions,
  recordAt,
  recordsAt,
  stringAt,
} from '../../../printers/index.js';
import { CONTAINERS_DOC, containerCells, count, IMAGES_DOC } from '../../apps/replicaset/printer.js';
import { selectorString } from '../../apps/replicaset/workload-validation.js';

/** batchv1.JobSpec's swagger doc of `selector`, the wide Selector column of jobs and cronjobs. */
export const JOB_SELECTOR_DOC =
  'A label query over pods that should match the pod count. Normally, the system sets this field for you. More info: https://kubernetes.io/docs/concepts/overview/working-with-objects/labels/#label-selectors';

const JOB_COLUMNS = [
  NAME_COLUMN,
  column('Status', 'string', 'Status of the job.'),
  column(
    'Completions',
    'string',
    'The number of pods which reached phase Succeeded. The value increases monotonically for a given spec. However, it may decrease in reaction to scale down of elastic indexed jobs.',
  ),
  column('Duration', 'string', 'Time required to complete the job.'),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS_DOC, { priority: 1 }),
  column('Images', 'string', IMAGES_DOC, { priority: 1 }),
  column('Selector', 'string', JOB_SELECTOR_DOC, { priority: 1 }),
];

/** `metav1.FormatLabelSelector`: `<none>` for an absent or empty selector, `<error>` for an invalid one. */
export function formatLabelSelector(selector: unknown): string {
  if (selector === undefined || selector === null) return '<none>';
  const text = selectorString(selector);
  if (text === undefined) return '<error>';
  return text === '' ? '<none>' : text;
}

/** Whether the first condition of `type` is True (`hasJobCondition`). */
function hasCondition(job: ApiObject, type: string): boolean {
  const condition = recordsAt(recordAt(job, 'status'), 'conditions').find((c) => c.type === type);
  return condition?.status === 'True';
}

/** The STATUS cell: Complete, Failed, Terminating, Suspended, FailureTarget or Running, in that precedence. */
export function jobStatusCell(job: ApiObject): string {
  if (hasCondition(job, 'Complete')) return 'Complete';
  if (hasCondition(job, 'Failed')) return 'Failed';
  if (job.metadata.deletionTimestamp !== undefined && job.metadata.deletionTimestamp !== null) return 'Terminating';
  if (hasCondition(job, 'Suspended')) return 'Suspended';
  if (hasCondition(job, 'FailureTarget')) return 'FailureTarget';
  return 'Running';
}

/** The COMPLETIONS cell: `succeeded/completions`, or `succeeded/1` (`of <parallelism>` when above 1) without completions. */
export function jobCompletionsCell(job: ApiObject): string {
  const succeeded = count(job, 'status', 'succeeded');
  const spec = recordAt(job, 'spec');
  if (typeof spec?.completions === 'number') return `${succeeded}/${spec.completions}`;
  const parallelism = count(job, 'spec', 'parallelism');
  return parallelism > 1 ? `${succeeded}/1 of ${parallelism}` : `${succeeded}/1`;
}

/** The DURATION cell: start to completion, start to now while running, empty before the start. */
export function jobDurationCell(job: ApiObject, now: number): string {
  const status = recordAt(job, 'status');
  const start = Date.parse(stringAt(status, 'startTime'));
  if (Number.isNaN(start)) return '';
  const completion = Date.parse(stringAt(status, 'completionTime'));
  return humanDuration((Number.isNaN(completion) ? now : completion) - start);
}

/** The cells of one job row. */
export function printJob(job: ApiObject, ctx: PrintContext): unknown[] {
  return [job.metadata.name ?? '', jobStatusCell(job), jobCompletionsCell(job), jobDurationCell(job, ctx.now), ageCell(job, ctx.now), ...containerCells(job), formatLabelSelector(recordAt(job, 'spec')?.selector)];
}

/** The jobs' TableConvertor. */
export function newJobTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(JOB_COLUMNS, printJob, options);
}
