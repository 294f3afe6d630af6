import t from 'tap';
import { CurlyRouter } from '../../src/routers/curly/curly-router.js';
import { ReferenceCurlyRouter } from '../../src/routers/curly/reference-curly-router.js';
import { RouterJSR311 } from '../../src/routers/jsr311/router-jsr311.js';
import { runRouteSelectorConformance } from '../fixtures/route-selector-conformance.js';

t.test('CurlyRouter', async (t) => runRouteSelectorConformance(t, () => new CurlyRouter()));
t.test('ReferenceCurlyRouter', async (t) => runRouteSelectorConformance(t, () => new ReferenceCurlyRouter()));
t.test('RouterJSR311', async (t) => runRouteSelectorConformance(t, () => new RouterJSR311()));
