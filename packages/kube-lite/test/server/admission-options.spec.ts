import t from 'tap';
import { ADMISSION_PLUGINS, buildAdmissionPlugins } from '../../src/admission/admission-plugins.js';
import { parseFlags, usage } from '../../src/cli/flags.js';
import { admissionPluginErrors, defaultEnabledAdmissionPlugins, enabledAdmissionPlugins } from '../../src/server/admission-options.js';
import { defaultKubeLiteOptions, validateKubeLiteOptions } from '../../src/server/options.js';

const DEFAULTS = [
  'NamespaceLifecycle',
  'LimitRanger',
  'ServiceAccount',
  'TaintNodesByCondition',
  'PodSecurity',
  'Priority',
  'DefaultTolerationSeconds',
  'DefaultStorageClass',
  'StorageObjectInUseProtection',
  'PersistentVolumeClaimResize',
  'RuntimeClass',
  'CertificateApproval',
  'CertificateSigning',
  'CertificateSubjectRestriction',
  'DefaultIngressClass',
  'MutatingAdmissionWebhook',
  'ValidatingAdmissionPolicy',
  'ValidatingAdmissionWebhook',
  'ResourceQuota',
];

const flags = (enable: string[], disable: string[]) => ({ enableAdmissionPlugins: enable, disableAdmissionPlugins: disable });

t.test('admission plugins: upstream order, AlwaysPullImages off by default', async (t) => {
  t.same(defaultEnabledAdmissionPlugins(), DEFAULTS);
  t.same(enabledAdmissionPlugins(flags([], [])), DEFAULTS);
  t.same(
    ADMISSION_PLUGINS.map((p) => p.name),
    [...DEFAULTS.slice(0, 4), 'AlwaysPullImages', ...DEFAULTS.slice(4)],
    'AlwaysPullImages runs after TaintNodesByCondition and before PodSecurity, as in AllOrderedPlugins',
  );
});

t.test('admission plugins: enabling and disabling keep the order; the order of the flag does not matter', async (t) => {
  t.same(enabledAdmissionPlugins(flags(['ResourceQuota', 'AlwaysPullImages'], ['ServiceAccount', 'Priority'])), [
    'NamespaceLifecycle',
    'LimitRanger',
    'TaintNodesByCondition',
    'AlwaysPullImages',
    'PodSecurity',
    'DefaultTolerationSeconds',
    'DefaultStorageClass',
    'StorageObjectInUseProtection',
    'PersistentVolumeClaimResize',
    'RuntimeClass',
    'CertificateApproval',
    'CertificateSigning',
    'CertificateSubjectRestriction',
    'DefaultIngressClass',
    'MutatingAdmissionWebhook',
    'ValidatingAdmissionPolicy',
    'ValidatingAdmissionWebhook',
    'ResourceQuota',
  ]);
  t.same(enabledAdmissionPlugins(flags([], DEFAULTS)), [], 'everything off');
});

t.test('admission plugins: unknown names and names in both lists, in upstream words', async (t) => {
  t.same(admissionPluginErrors(flags(['AlwaysPullImages'], ['ServiceAccount'])), []);
  t.same(admissionPluginErrors(flags(['NodeRestriction', 'AlwaysPullImages'], ['serviceaccount', 'Priority', 'ServiceAccount'])), [
    'enable-admission-plugins plugin "NodeRestriction" is unknown',
    'disable-admission-plugins plugin "serviceaccount" is unknown',
  ]);
  t.same(admissionPluginErrors(flags(['Priority', 'AlwaysPullImages', 'LimitRanger'], ['Priority', 'LimitRanger', 'LimitRanger'])), [
    '[LimitRanger Priority] in enable-admission-plugins and disable-admission-plugins overlapped',
  ]);
  const o = { ...defaultKubeLiteOptions(), enableAdmissionPlugins: ['Nope'] };
  t.same(validateKubeLiteOptions(o), ['enable-admission-plugins plugin "Nope" is unknown'], 'part of the options validation');
});

t.test('admission plugins: the flags are comma lists, repeatable, documented with every name', async (t) => {
  const { options, errors } = parseFlags([
    '--enable-admission-plugins=AlwaysPullImages',
    '--disable-admission-plugins',
    'ServiceAccount,Priority',
    '--disable-admission-plugins=RuntimeClass',
  ]);
  t.same(errors, []);
  t.same(options.enableAdmissionPlugins, ['AlwaysPullImages']);
  t.same(options.disableAdmissionPlugins, ['ServiceAccount', 'Priority', 'RuntimeClass']);
  const help = usage();
  t.match(help, '--enable-admission-plugins');
  t.match(help, 'admission plugins that should be disabled although they are in the default enabled plugins list (NamespaceLifecycle, LimitRanger, ServiceAccount,');
  t.match(help, 'Comma-delimited list of admission plugins: AlwaysPullImages, CertificateApproval, CertificateSigning,');
});

t.test('admission plugins: one whose resources are not served is left out; the dynamic ones go by the table’s names', async (t) => {
  const authorizer = () => ({ authorize: async () => ({ decision: 'NoOpinion' as const, reason: '' }) });
  const sources = { groups: [], options: defaultKubeLiteOptions(), lookupNamespace: async () => undefined, authorizer, dynamic: {} };
  const built = buildAdmissionPlugins(new Set(DEFAULTS), sources).map((p) => p.name);
  const storageless = ['NamespaceLifecycle', 'TaintNodesByCondition', 'DefaultTolerationSeconds', 'StorageObjectInUseProtection'];
  t.same(built, storageless, 'no group served: only the plugins that need no storage');
  // The webhook plugins have no `name` of their own.
  const mutating = { handles: () => true, admit: () => undefined };
  const validating = { handles: () => true, validate: () => undefined };
  const dynamic = { MutatingAdmissionWebhook: mutating, ValidatingAdmissionWebhook: validating };
  const withWebhooks = buildAdmissionPlugins(new Set(DEFAULTS), { ...sources, dynamic });
  t.same(
    withWebhooks.map((p) => p.name),
    [...storageless, 'MutatingAdmissionWebhook', 'ValidatingAdmissionWebhook'],
  );
  t.equal(withWebhooks[storageless.length]?.plugin, mutating);
  const disabled = buildAdmissionPlugins(new Set(enabledAdmissionPlugins(flags([], ['MutatingAdmissionWebhook']))), { ...sources, dynamic });
  t.notOk(disabled.some((p) => p.plugin === mutating), 'a disabled webhook plugin is not built');
});
