// Loaded first in every process of a test run (`--import` through NODE_OPTIONS, which scripts/package-tests.mjs sets
// for the tap runs; Node runs NODE_OPTIONS' imports before the command line's), before tap's @tapjs/processinfo.
// Only our packages' sources are ever covered (scripts/coverage-map.mjs), so processinfo's work elsewhere is waste:
// 1. It records every module a process loads: re-reads each file, measures its line lengths and hands them to the
//    main thread, for mapping coverage through source maps. Recording the rest (tap itself, the vendor bundles under
//    .cache/vendor, the packages' dist/, kube-lite's one-file bundle) cost ~0.7 s of CPU per kube-lite test
//    process. tap's runner names what to skip in this variable, which it sets for every test process with no
//    option to change it; here it becomes "everything outside packages/*/src/".
// 2. It turns on V8's precise coverage in every process below a test, and at exit takes it, filters it and writes
//    it. A process a test spawns whose main script is not one of our test or source files (a kube-lite server
//    running the CLI bundle, a worker script) yields no coverage of packages/*/src: its collection is turned off.
// Child processes inherit both values (processinfo passes them on when it wraps their spawn).
import path from 'node:path';

process.env._TAPJS_PROCESSINFO_EXCLUDE_ = String(/^(?!.*[\\/]packages[\\/][^\\/]+[\\/]src[\\/])/);

const OWN_SCRIPT = /[\\/]packages[\\/][^\\/]+[\\/](src|test)[\\/]/;
const belowATest = process.env.TAP_CHILD_ID !== undefined && process.env._TAPJS_PROCESSINFO_COVERAGE_ === '1';
const main = process.argv[1] === undefined ? '' : path.resolve(process.argv[1]);
if (belowATest && !OWN_SCRIPT.test(main)) process.env._TAPJS_PROCESSINFO_COVERAGE_ = '0';
