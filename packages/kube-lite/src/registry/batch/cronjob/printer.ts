/**
 * kubectl's cronjob columns (pkg/printers/internalversion `printCronJob`): NAME SCHEDULE TIMEZONE SUSPEND ACTIVE
 * LAST SCHEDULE AGE, wide CONTAINERS IMAGES SELECTOR (of the job template).
 * @module
 */
import type { ApiObject } from '@apiserver/registry';
import {
  AGE_COLUMN,
  ageCell,
  column,
  NAME_COLUMN,
  type PrintContext,
  PrinterTableConvertor,
  type PrinterOptions,
  recordAt,
  recordsAt,
  stringAt,
  translateTimestampSince,
} from '../../../printers/index.js';
import { CONTAINERS_DOC, IMAGES_DOC } from '../../apps/replicaset/printer.js';
import { formatLabelSelector, JOB_SELECTOR_DOC } from '../job/printer.js';

// The descriptions are batch/v1beta1 CronJobSpec/CronJobStatus swagger docs, as upstream's column definitions.
const CRONJOB_COLUMNS = [
  NAME_COLUMN,
  column('Schedule', 'string', 'The schedule in Cron format, see https://en.wikipedia.org/wiki/Cron.'),
  column(
    'Timezone',
    'string',
    'The time zone name for the given schedule, see https://en.wikipedia.org/wiki/List_of_tz_database_time_zones. If not specified, this will default to the time zone of the kube-controller-manager process. The set of valid time zone names and the time zone offset is loaded from the system-wide time zone database by the API server during CronJob validation and the controller manager during execution. If no system-wide time zone database can be found a bundled version of the database is used instead. If the time zone name becomes invalid during the lifetime of a CronJob or due to a change in host configuration, the controller will stop creating new new Jobs and will create a system event with the reason UnknownTimeZone. More information can be found in https://kubernetes.io/docs/concepts/workloads/controllers/cron-jobs/#time-zones',
  ),
  column('Suspend', 'boolean', 'This flag tells the controller to suspend subsequent executions, it does not apply to already started executions.  Defaults to false.'),
  column('Active', 'integer', 'A list of pointers to currently running jobs.'),
  column('Last Schedule', 'string', 'Information when was the last time the job was successfully scheduled.'),
  AGE_COLUMN,
  column('Containers', 'string', CONTAINERS_DOC, { priority: 1 }),
  column('Images', 'string', IMAGES_DOC, { priority: 1 }),
  column('Selector', 'string', JOB_SELECTOR_DOC, { priority: 1 }),
];

/** `printBoolPtr`: True, False, or `<unset>`. */
function boolCell(value: unknown): string {
  if (typeof value !== 'boolean') return '<unset>';
  return value ? 'True' : 'False';
}

/** The cells of one cronjob row. */
export function printCronJob(cronJob: ApiObject, ctx: PrintContext): unknown[] {
  const spec = recordAt(cronJob, 'spec');
  const status = recordAt(cronJob, 'status');
  const lastSchedule = status?.lastScheduleTime;
  const jobSpec = recordAt(recordAt(spec, 'jobTemplate'), 'spec');
  const containers = recordsAt(recordAt(recordAt(jobSpec, 'template'), 'spec'), 'containers');
  return [
    cronJob.metadata.name ?? '',
    stringAt(spec, 'schedule'),
    typeof spec?.timeZone === 'string' ? spec.timeZone : '<none>',
    boolCell(spec?.suspend),
    recordsAt(status, 'active').length,
    lastSchedule === undefined || lastSchedule === null ? '<none>' : translateTimestampSince(lastSchedule, ctx.now),
    ageCell(cronJob, ctx.now),
    containers.map((c) => stringAt(c, 'name')).join(','),
    containers.map((c) => stringAt(c, 'image')).join(','),
    formatLabelSelector(jobSpec?.selector),
  ];
}

/** The cronjobs' TableConvertor. */
export function newCronJobTableConvertor(options?: PrinterOptions): PrinterTableConvertor {
  return new PrinterTableConvertor(CRONJOB_COLUMNS, printCronJob, options);
}
