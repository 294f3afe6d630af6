import t from 'tap';
import { enablingUnknownGroups, ResourceConfig } from '../../src/server/api-resource-config.js';
import { builtinGroupVersionRegistry, type GroupVersionRegistry } from '../../src/server/group-version-registry.js';
import { defaultKubeLiteOptions, validateKubeLiteOptions } from '../../src/server/options.js';
import {
  defaultAPIResourceConfig,
  mergeAPIResourceConfig,
  normalizeRuntimeConfig,
  parseRuntimeConfig,
  runtimeConfigErrors,
} from '../../src/server/runtime-config.js';

const apps = { group: 'apps', version: 'v1' };
const core = { group: '', version: 'v1' };
const deployments = { ...apps, resource: 'deployments' };
const replicasets = { ...apps, resource: 'replicasets' };

/** A registry with a beta and an alpha version beside the GA ones, as kube-apiserver's scheme has. */
const registry: GroupVersionRegistry = (() => {
  const versions = [core, apps, { group: 'batch', version: 'v1' }, { group: 'batch', version: 'v2beta1' }, { group: 'batch', version: 'v3alpha1' }];
  return {
    isGroupRegistered: (g) => versions.some((v) => v.group === g),
    isVersionRegistered: (gv) => versions.some((v) => v.group === gv.group && v.version === gv.version),
    prioritizedVersionsAllGroups: () => versions,
  };
})();

t.test('parseRuntimeConfig: key=value pairs, bare keys are "", repeated flags merge with later keys winning', async (t) => {
  const once = parseRuntimeConfig('apps/v1=false, api/all ,,v1=true');
  t.same(once, { 'apps/v1': 'false', 'api/all': '', v1: 'true' });
  t.same(parseRuntimeConfig('apps/v1=true,x=a=b', once), { 'apps/v1': 'true', 'api/all': '', v1: 'true', x: 'a=b' });
});

t.test('normalizeRuntimeConfig: the core group spellings become /v1, api/legacy is dropped', async (t) => {
  t.same(normalizeRuntimeConfig({ v1: 'false', 'api/legacy': 'false', 'apps/v1': 'true' }), { '/v1': 'false', 'apps/v1': 'true' });
  t.same(normalizeRuntimeConfig({ 'api/v1': '' }), { '/v1': '' });
  t.same(normalizeRuntimeConfig({ 'api/v1/pods': 'false', 'v1/secrets': 'false', v10: 'x' }), { '/v1/pods': 'false', '/v1/secrets': 'false', v10: 'x' });
});

t.test('ResourceConfig: a resource setting wins over its version; a version setting clears its resource settings', async (t) => {
  const c = new ResourceConfig().enableVersions(apps).disableResources(deployments);
  t.ok(c.versionEnabled(apps));
  t.notOk(c.resourceEnabled(deployments));
  t.ok(c.resourceEnabled(replicasets));
  t.notOk(c.versionEnabled({ group: 'apps', version: 'v2' }), 'a version without a setting is off');
  c.disableVersions(apps).enableResources(replicasets);
  t.notOk(c.versionEnabled(apps));
  t.ok(c.resourceEnabled(replicasets), 'enabled on its own inside a disabled version');
  t.notOk(c.resourceEnabled(deployments));
  t.ok(c.anyResourceForGroupEnabled('apps'), 'one enabled resource keeps the group');
  c.disableVersions(apps);
  t.notOk(c.resourceEnabled(replicasets), 'the version setting dropped the resource setting');
  t.notOk(c.anyResourceForGroupEnabled('apps'));
  t.notOk(c.anyResourceForGroupEnabled('nope'));
});

t.test('defaults: stable versions on, beta and alpha off (DefaultAPIResourceConfigSource)', async (t) => {
  const c = defaultAPIResourceConfig(registry);
  t.ok(c.versionEnabled(apps));
  t.ok(c.versionEnabled(core));
  t.ok(c.versionEnabled({ group: 'batch', version: 'v1' }));
  t.notOk(c.versionEnabled({ group: 'batch', version: 'v2beta1' }));
  t.notOk(c.versionEnabled({ group: 'batch', version: 'v3alpha1' }));
});

t.test('merge: api/* first, then versions, then resources, so the most specific key wins', async (t) => {
  const on = (rc: Record<string, string>) => mergeAPIResourceConfig(rc, registry);
  t.notOk(on({ 'api/all': 'false' }).anyResourceForGroupEnabled('apps'));
  const allOffAppsOn = on({ 'api/all': 'false', 'apps/v1': 'true' });
  t.ok(allOffAppsOn.versionEnabled(apps));
  t.notOk(allOffAppsOn.versionEnabled(core));
  t.ok(on({ 'api/all': 'false', v1: 'true' }).versionEnabled(core), 'core spelled v1');
  t.ok(on({ 'api/all': 'false', 'api/v1': '' }).versionEnabled(core), 'core spelled api/v1, empty value is true');
  t.notOk(on({ 'api/v1': 'false' }).versionEnabled(core), 'the core group may be disabled, as upstream');
  t.ok(on({ 'api/beta': 'true' }).versionEnabled({ group: 'batch', version: 'v2beta1' }));
  t.notOk(on({ 'api/beta': 'true' }).versionEnabled({ group: 'batch', version: 'v3alpha1' }));
  t.ok(on({ 'api/alpha': 'true' }).versionEnabled({ group: 'batch', version: 'v3alpha1' }));
  t.notOk(on({ 'api/ga': 'false' }).versionEnabled(apps));
  t.ok(on({ 'api/all': 'true' }).versionEnabled({ group: 'batch', version: 'v2beta1' }));
  const noDeployments = on({ 'apps/v1/deployments': 'false' });
  t.notOk(noDeployments.resourceEnabled(deployments));
  t.ok(noDeployments.resourceEnabled(replicasets));
  const onlyReplicaSets = on({ 'apps/v1': 'false', 'apps/v1/replicasets': 't' });
  t.ok(onlyReplicaSets.resourceEnabled(replicasets), 'ParseBool spelling t');
  t.notOk(onlyReplicaSets.resourceEnabled(deployments));
  t.ok(onlyReplicaSets.anyResourceForGroupEnabled('apps'));
  t.notOk(on({ 'v1/pods': '0' }).resourceEnabled({ ...core, resource: 'pods' }));
  t.ok(on({ 'v1/pods': '0' }).resourceEnabled({ ...core, resource: 'secrets' }), 'v1/<resource> keeps the rest of core');
});

t.test('errors: upstream wording, every one reported', async (t) => {
  t.same(runtimeConfigErrors({ 'api/all': 'false' }, registry), ['invalid key with only api/all=false']);
  t.same(runtimeConfigErrors({ 'api/all': 'false', 'api/legacy': 'true' }, registry), ['invalid key with only api/all=false'], 'api/legacy is ignored');
  t.same(runtimeConfigErrors({ 'api/all': 'false', v1: 'true' }, registry), []);
  t.same(
    runtimeConfigErrors(
      {
        'api/all': 'yes',
        'api/beta': '',
        apps: 'false',
        'apps/v1/deployments/status': 'false',
        'foo.example.com/v1': 'false',
        'apps/v2': 'false',
        'apps/v1': 'maybe',
        'apps/v1/Deployments': 'false',
        'bar/v1/things': 'true',
        'api/v2': 'true',
      },
      registry,
    ),
    [
      'invalid value api/all=yes',
      'invalid value api/beta=',
      'runtime-config invalid key apps',
      'runtime-config invalid key apps/v1/deployments/status',
      'group version apps/v2 that has not been registered',
      'invalid value of apps/v1: maybe, err: strconv.ParseBool: parsing "maybe": invalid syntax',
      'invalid key apps/v1/Deployments: group/version/resource and resource is always lowercase plural, not "Deployments"',
      'unknown api groups foo.example.com,bar,api',
    ],
  );
  t.same(runtimeConfigErrors({ 'apps/v1/nothings': 'false', 'batch/v2beta1': 'true' }, registry), [], 'resource names are not checked, as upstream');
});

t.test('validateKubeLiteOptions: runtime-config errors come with the other option errors', async (t) => {
  const errors = validateKubeLiteOptions({ ...defaultKubeLiteOptions(), port: 70000, runtimeConfig: { 'nope/v1': 'false', 'apps/v9': 'false' } });
  t.same(errors, ['--port 70000 must be between 0 and 65535, inclusive (-1 disables)', 'group version apps/v9 that has not been registered', 'unknown api groups nope']);
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), runtimeConfig: { 'apps/v1': 'false' } }), []);
  t.same(
    validateKubeLiteOptions({ ...defaultKubeLiteOptions(), authorizationModes: ['RBAC'], runtimeConfig: { 'rbac.authorization.k8s.io/v1/roles': 'false' } }),
    ['--authorization-mode=RBAC needs rbac.authorization.k8s.io/v1 roles, disabled by --runtime-config'],
  );
  t.same(validateKubeLiteOptions({ ...defaultKubeLiteOptions(), authorizationModes: ['AlwaysAllow'], runtimeConfig: { 'rbac.authorization.k8s.io/v1': 'false' } }), []);
});

t.test('the built-in registry: every group kube-lite serves, none of the meta groups', async (t) => {
  const r = builtinGroupVersionRegistry();
  for (const group of ['', 'apps', 'batch', 'coordination.k8s.io', 'rbac.authorization.k8s.io', 'authentication.k8s.io', 'authorization.k8s.io']) {
    t.ok(r.isVersionRegistered({ group, version: 'v1' }), `${group || 'core'}/v1`);
  }
  t.notOk(r.isGroupRegistered('meta.k8s.io'));
  t.notOk(r.isGroupRegistered('apidiscovery.k8s.io'));
  t.notOk(r.isGroupRegistered('storagemigration.k8s.io'), 'a group kube-lite does not serve');
});

t.test('enablingUnknownGroups: groups outside the registry are on, the others as configured', async (t) => {
  const source = enablingUnknownGroups(mergeAPIResourceConfig({ 'apps/v1': 'false' }, registry), (g) => registry.isGroupRegistered(g));
  t.ok(source.anyResourceForGroupEnabled('widgets.example.com'));
  t.ok(source.versionEnabled({ group: 'widgets.example.com', version: 'v1' }));
  t.ok(source.resourceEnabled({ group: 'widgets.example.com', version: 'v1', resource: 'widgets' }));
  t.notOk(source.anyResourceForGroupEnabled('apps'));
  t.notOk(source.resourceEnabled(deployments));
  t.ok(source.versionEnabled(core));
});
