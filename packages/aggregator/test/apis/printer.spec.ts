import t from 'tap';
import { type APIService, APIServiceTableConvertor, availableCell, serviceCell } from '../../src/index.js';

t.test('APIService cells', async (t) => {
  const local: APIService = { metadata: { name: 'v1.apps' }, spec: { groupPriorityMinimum: 1, versionPriority: 1 } };
  t.equal(serviceCell(local), 'Local');
  t.equal(availableCell(local), 'Unknown');
  const remote: APIService = {
    metadata: { name: 'v1.x' },
    spec: { groupPriorityMinimum: 1, versionPriority: 1, service: { namespace: 'ns', name: 'svc' } },
    status: { conditions: [{ type: 'Available', status: 'False', reason: 'MissingEndpoints' }] },
  };
  t.equal(serviceCell(remote), 'ns/svc');
  t.equal(availableCell(remote), 'False (MissingEndpoints)');
  t.equal(availableCell({ ...remote, status: { conditions: [{ type: 'Available', status: 'False' }] } }), 'False');
  t.equal(availableCell({ ...remote, status: { conditions: [{ type: 'Available', status: 'True', reason: 'Passed' }] } }), 'True');
});

t.test('table of a list and of one object', async (t) => {
  const now = Date.parse('2024-01-01T01:00:00Z');
  const convertor = new APIServiceTableConvertor(() => now);
  const obj = { apiVersion: 'apiregistration.k8s.io/v1', kind: 'APIService', metadata: { name: 'v1.apps', creationTimestamp: '2024-01-01T00:00:00Z' }, spec: {} };
  const table = await convertor.convertToTable({}, { metadata: { resourceVersion: '5', continue: 'c' }, items: [obj] });
  t.same(table.rows?.[0]?.cells, ['v1.apps', 'Local', 'Unknown', '60m']);
  t.same(table.metadata, { resourceVersion: '5', continue: 'c' });
  const single = await convertor.convertToTable({}, { ...obj, metadata: { name: 'v1.x' } }, { noHeaders: true });
  t.same(single.columnDefinitions, []);
  t.same(single.rows?.[0]?.cells, ['v1.x', 'Local', 'Unknown', '<unknown>']);
});

