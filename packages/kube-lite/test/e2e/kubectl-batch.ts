/**
 * batch/v1 through kubectl 1.32: `create job` and `create cronjob` (protobuf bodies), `create job --from=cronjob`,
 * `get` with the printer columns, `explain`, and a validation error as kubectl shows it.
 */
import type { Test } from 'tap';
import { field, type Kubectl } from './harness.js';
import { parseTable, rowOf } from './table.js';

const AGE = /^\d+s$/;

/** Jobs and cronjobs in namespace `ns`. */
export async function batchKinds(t: Test, kubectl: Kubectl, ns: string): Promise<void> {
  await kubectl.ok(t, ['create', 'namespace', ns]);
  const inNs = ['-n', ns];
  t.equal(await kubectl.ok(t, ['create', 'job', 'pi', '--image=busybox:1.36', ...inNs, '--', 'echo', 'pi']), 'job.batch/pi created\n');
  t.equal(await kubectl.ok(t, ['create', 'cronjob', 'tick', '--image=busybox:1.36', '--schedule=*/5 * * * *', ...inNs]), 'cronjob.batch/tick created\n');
  t.equal(await kubectl.ok(t, ['create', 'job', 'manual', '--from=cronjob/tick', ...inNs]), 'job.batch/manual created\n');

  const pi = await kubectl.getJson(t, ['job', 'pi', ...inNs]);
  const uid = field(pi, 'metadata', 'uid');
  t.match(pi, {
    spec: {
      completions: 1,
      parallelism: 1,
      backoffLimit: 6,
      selector: { matchLabels: { 'batch.kubernetes.io/controller-uid': uid } },
      template: { metadata: { labels: { 'job-name': 'pi', 'batch.kubernetes.io/job-name': 'pi', 'controller-uid': uid } }, spec: { restartPolicy: 'Never' } },
    },
  });
  const jobs = parseTable(await kubectl.ok(t, ['get', 'jobs', '-o', 'wide', ...inNs]));
  t.same(jobs.headers, ['NAME', 'STATUS', 'COMPLETIONS', 'DURATION', 'AGE', 'CONTAINERS', 'IMAGES', 'SELECTOR']);
  t.match(rowOf(jobs, 'pi'), { STATUS: 'Running', COMPLETIONS: '0/1', DURATION: '', AGE, CONTAINERS: 'pi', IMAGES: 'busybox:1.36', SELECTOR: `batch.kubernetes.io/controller-uid=${String(uid)}` });
  t.ok(rowOf(jobs, 'manual'), 'the job made from the cronjob is listed');
  const cronJobs = parseTable(await kubectl.ok(t, ['get', 'cj', ...inNs]));
  t.same(cronJobs.headers, ['NAME', 'SCHEDULE', 'TIMEZONE', 'SUSPEND', 'ACTIVE', 'LAST SCHEDULE', 'AGE']);
  t.match(rowOf(cronJobs, 'tick'), { SCHEDULE: '*/5 * * * *', TIMEZONE: '<none>', SUSPEND: 'False', ACTIVE: '0', 'LAST SCHEDULE': '<none>', AGE });
  t.equal(await kubectl.ok(t, ['get', 'jobs', '--field-selector', 'status.successful=0', '-o', 'name', ...inNs]), 'job.batch/manual\njob.batch/pi\n');

  t.match(await kubectl.ok(t, ['explain', 'cronjob.spec.schedule']), /^GROUP:\s+batch\nKIND:\s+CronJob\nVERSION:\s+v1\n\nFIELD: schedule <string>\n/);
  t.match(await kubectl.ok(t, ['explain', 'jobs.spec.completions']), /^GROUP:\s+batch\nKIND:\s+Job\nVERSION:\s+v1\n\nFIELD: completions <integer>\n/);
  await kubectl.fails(
    t,
    ['create', 'cronjob', 'bad', '--image=busybox', '--schedule=61 * * * *', ...inNs],
    /CronJob\.batch "bad" is invalid: spec\.schedule: Invalid value: "61 \* \* \* \*": end of range \(61\) above maximum \(59\): 61/,
  );
  // Jobs first: `manual` is owned by the cronjob, so the garbage collector would remove it after the cronjob.
  t.equal(await kubectl.ok(t, ['delete', 'job', 'pi', 'manual', ...inNs]), 'job.batch "pi" deleted\njob.batch "manual" deleted\n');
  t.equal(await kubectl.ok(t, ['delete', 'cronjob', 'tick', ...inNs]), 'cronjob.batch "tick" deleted\n');
}
