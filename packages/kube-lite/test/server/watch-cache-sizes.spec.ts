import t from 'tap';
import { parseFlags } from '../../src/cli/flags.js';
import { defaultKubeLiteOptions, validateKubeLiteOptions } from '../../src/server/options.js';
import { groupResourceString } from '@apiserver/runtime';
import { parseGroupResource, parseWatchCacheSizes } from '../../src/server/watch-cache-sizes.js';

t.test('group-resources print and parse as upstream GroupResource.String / ParseGroupResource', async (t) => {
  t.equal(groupResourceString({ group: '', resource: 'configmaps' }), 'configmaps');
  t.equal(groupResourceString({ group: 'apps', resource: 'deployments' }), 'deployments.apps');
  t.same(parseGroupResource('configmaps'), { group: '', resource: 'configmaps' });
  t.same(parseGroupResource('leases.coordination.k8s.io'), { group: 'coordination.k8s.io', resource: 'leases' }, 'split at the first dot');
});

t.test('valid entries: 0 and other sizes, a later entry wins', async (t) => {
  const { sizes, errors } = parseWatchCacheSizes(['configmaps#0', 'deployments.apps#500', 'pods#+7', 'configmaps#3']);
  t.same(errors, []);
  t.same([...sizes], [
    ['configmaps', 3],
    ['deployments.apps', 500],
    ['pods', 7],
  ]);
});

t.test('invalid entries get upstream ParseWatchCacheSizes messages, all of them', async (t) => {
  const { sizes, errors } = parseWatchCacheSizes(['configmaps', 'a#1#2', 'pods#x', 'pods#1.5', 'pods#', 'nodes#-1', 'secrets#0']);
  t.same(errors, [
    'invalid value of watch cache size: configmaps',
    'invalid value of watch cache size: a#1#2',
    'invalid size of watch cache size: pods#x',
    'invalid size of watch cache size: pods#1.5',
    'invalid size of watch cache size: pods#',
    'watch cache size cannot be negative: nodes#-1',
  ]);
  t.same([...sizes], [['secrets', 0]], 'valid entries still parse');
});

t.test('--watch-cache-sizes: comma list, repeatable, reported through the all-at-once validation', async (t) => {
  const parsed = parseFlags(['--watch-cache-sizes=configmaps#0, deployments.apps#500', '--watch-cache-sizes', 'pods#zero']);
  t.same(parsed.errors, []);
  t.same(parsed.options.watchCacheSizes, ['configmaps#0', 'deployments.apps#500', 'pods#zero']);
  t.same(validateKubeLiteOptions(parsed.options), ['invalid size of watch cache size: pods#zero']);
  t.same(defaultKubeLiteOptions().watchCacheSizes, []);
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), port: 70_000, watchCacheSizes: ['x#-2'] }), [
    '--port 70000 must be between 0 and 65535, inclusive (-1 disables)',
    'watch cache size cannot be negative: x#-2',
  ]);
});
