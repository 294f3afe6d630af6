import t from 'tap';
import { runSelectableFieldsSuite } from './selectable-fields.js';

runSelectableFieldsSuite(t, 'etcd3');
