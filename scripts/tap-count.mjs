// Counting TAP results, shared by scripts/tap-summary.mjs (the reporter tap
// runs in each package) and scripts/test.mjs (the repository-wide run).
import { Parser } from 'tap-parser';

/** At most this many failures are kept, each cut to {@link MAX_FAILURE_CHARS}. */
const MAX_FAILURES = 40;
const MAX_FAILURE_CHARS = 1500;

/** One failure as a line or a few: the test's full name and the start of its diagnostic. */
function describeFailure(result) {
  const diag = result.diag === null || result.diag === undefined ? '' : JSON.stringify(result.diag);
  const text = `${result.fullname || result.name}${diag === '' ? '' : ` ${diag}`}`;
  return text.length > MAX_FAILURE_CHARS ? `${text.slice(0, MAX_FAILURE_CHARS)}…` : text;
}

/**
 * Counts leaf assertions in a TAP stream. A subtest that failed without any
 * failing leaf (a test file that crashed, timed out or did not compile) counts
 * as one failure; so does a bail out or a broken plan with no failing leaf.
 * The failures (up to 40) are described too, so a run whose echoed output is cut
 * (lerna truncates long task output) still says what failed.
 * @param {NodeJS.ReadableStream} input
 * @returns {Promise<{pass: number, fail: number, skip: number, failures: string[]}>}
 */
export function countTap(input) {
  const totals = { pass: 0, fail: 0, skip: 0 };
  const failures = [];
  const failed = (result) => {
    totals.fail++;
    if (failures.length < MAX_FAILURES) failures.push(describeFailure(result));
  };
  const watch = (parser) => {
    let failsAtChildStart = null;
    parser.on('child', (child) => {
      failsAtChildStart = totals.fail;
      watch(child);
    });
    parser.on('assert', (result) => {
      if (result.closingTestPoint) {
        const unexplained = failsAtChildStart === null || totals.fail === failsAtChildStart;
        if (!result.ok && !result.todo && !result.skip && unexplained) failed(result);
        failsAtChildStart = null;
      } else if (result.skip || result.todo) totals.skip++;
      else if (result.ok) totals.pass++;
      else failed(result);
    });
  };
  return new Promise((resolve) => {
    const root = new Parser((final) => {
      if (!final.ok && totals.fail === 0) {
        totals.fail++;
        failures.push('the TAP stream ended not ok (bail out or broken plan)');
      }
      resolve({ ...totals, failures });
    });
    watch(root);
    input.pipe(root);
  });
}

/** The closing line: "N passed, N failed" and ", N skipped" when any. */
export function summaryLine({ pass, fail, skip }) {
  return `${pass} passed, ${fail} failed${skip > 0 ? `, ${skip} skipped` : ''}`;
}
