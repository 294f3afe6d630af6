/** The manager recorded for a write: `fieldManager`, else the User-Agent prefix (handlers/rest.go `managerOrUserAgent`). */
import t from 'tap';
import { managerOrUserAgent, prefixFromUserAgent } from '../../src/fieldmanager/manager-name.js';

t.test('prefixFromUserAgent', async (t) => {
  const cases: [string, string][] = [
    ['kubectl/v1.32.5 (linux/amd64) kubernetes/9894294', 'kubectl'],
    ['kubectl.1.32/v1.32.5 (linux/amd64) kubernetes/9894294', 'kubectl.1.32'],
    ['node-fetch/1.0 (+https://github.com/bitinn/node-fetch)', 'node-fetch'],
    ['no-slash at all', 'no-slash at all'],
    ['', ''],
    ['a\u0000b\u200bc/1', 'abc'],
    [`${'x'.repeat(200)}/1`, 'x'.repeat(128)],
    [`${'é'.repeat(100)}/1`, 'é'.repeat(64)],
  ];
  for (const [ua, want] of cases) t.equal(prefixFromUserAgent(ua), want, JSON.stringify(ua));
});

t.test('managerOrUserAgent prefers fieldManager', async (t) => {
  t.equal(managerOrUserAgent('kubectl-create', 'curl/8'), 'kubectl-create');
  t.equal(managerOrUserAgent('', 'curl/8'), 'curl');
  t.equal(managerOrUserAgent('', undefined), '');
});
