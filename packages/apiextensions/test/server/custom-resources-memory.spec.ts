import t from 'tap';
import { runCustomResourceSuite } from './custom-resources.js';

runCustomResourceSuite(t, 'memory');
