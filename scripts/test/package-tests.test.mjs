// How scripts/package-tests.mjs splits the package suites between its two lerna runs.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { balance, EXPECTED_SECONDS, failedTasks } from '../package-tests.mjs';

test('every package runs once, and the two runs differ by less than the longest suite', () => {
  const names = Object.keys(EXPECTED_SECONDS);
  const runs = balance(names);
  assert.equal(runs.length, 2);
  assert.deepEqual(runs.flat().sort(), [...names].sort());
  const seconds = runs.map((run) => run.reduce((sum, n) => sum + EXPECTED_SECONDS[n], 0));
  assert.ok(Math.abs(seconds[0] - seconds[1]) < Math.max(...Object.values(EXPECTED_SECONDS)), String(seconds));
});

test('the longest suite runs beside the others, and a run only gets more work while it has less', () => {
  assert.deepEqual(balance(['a', 'b', 'c', 'd'], { a: 10, b: 6, c: 3, d: 2 }), [['a'], ['b', 'c', 'd']]);
  assert.deepEqual(balance(['a', 'b', 'c'], { a: 5, b: 5, c: 5 }), [['a', 'c'], ['b']]);
});

test('a package without a figure counts as a middling suite; one package is one run', () => {
  assert.deepEqual(balance(['new', 'big'], { big: 100 }), [['big'], ['new']]);
  assert.deepEqual(balance(['only']), [['only']]);
});

test('the failed packages lerna lists at the end of its output', () => {
  const output = ['> @apiserver/restful:test', 'Failed tasks:', 'not a task', '- @apiserver/kube-lite:test', '- @apiserver/testing:test', ''].join('\n');
  assert.deepEqual(failedTasks(output), ['@apiserver/kube-lite', '@apiserver/testing']);
  assert.deepEqual(failedTasks('- @apiserver/kube-lite:test\n'), [], 'only after "Failed tasks:"');
  assert.deepEqual(failedTasks('Successfully ran target test for 3 projects\n'), []);
});
