// Counting TAP results, shared by scripts/tap-summary.mjs (the reporter tap
// runs in each package) and scripts/test.mjs (the repository-wide run).
import { Parser } from 'tap-parser';

/**
 * Counts leaf assertions in a TAP stream. A subtest that failed without any
 * failing leaf (a test file that crashed, timed out or did not compile) counts
 * as one failure; so does a bail out or a broken plan with no failing leaf.
 * @param {NodeJS.ReadableStream} input
 * @returns {Promise<{pass: number, fail: number, skip: number}>}
 */
export function countTap(input) {
  const totals = { pass: 0, fail: 0, skip: 0 };
  const watch = (parser) => {
    let failsAtChildStart = null;
    parser.on('child', (child) => {
      failsAtChildStart = totals.fail;
      watch(child);
    });
    parser.on('assert', (result) => {
      if (result.closingTestPoint) {
        const unexplained = failsAtChildStart === null || totals.fail === failsAtChildStart;
        if (!result.ok && !result.todo && !result.skip && unexplained) totals.fail++;
        failsAtChildStart = null;
      } else if (result.skip || result.todo) totals.skip++;
      else if (result.ok) totals.pass++;
      else totals.fail++;
    });
  };
  return new Promise((resolve) => {
    const root = new Parser((final) => {
      if (!final.ok && totals.fail === 0) totals.fail++;
      resolve(totals);
    });
    watch(root);
    input.pipe(root);
  });
}

/** The closing line: "N passed, N failed" and ", N skipped" when any. */
export function summaryLine({ pass, fail, skip }) {
  return `${pass} passed, ${fail} failed${skip > 0 ? `, ${skip} skipped` : ''}`;
}
