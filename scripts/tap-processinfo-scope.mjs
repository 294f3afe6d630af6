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
// 3. Where no coverage is collected (the matrix runs, `--disable-coverage`, and the processes of point 2),
//    processinfo's records serve nothing, yet below Node 24.13 it registers them as asynchronous module hooks
//    (`module.register`): every import of the process then crosses to a loader thread. That one registration is
//    skipped here; processinfo still writes its (empty) process record at exit.
// Child processes inherit the variables (processinfo passes them on when it wraps their spawn).
import module from 'node:module';
import path from 'node:path';

process.env._TAPJS_PROCESSINFO_EXCLUDE_ = String(/^(?!.*[\\/]packages[\\/][^\\/]+[\\/]src[\\/])/);

const OWN_SCRIPT = /[\\/]packages[\\/][^\\/]+[\\/](src|test)[\\/]/;
const belowATest = process.env.TAP_CHILD_ID !== undefined && process.env._TAPJS_PROCESSINFO_COVERAGE_ === '1';
const main = process.argv[1] === undefined ? '' : path.resolve(process.argv[1]);
if (belowATest && !OWN_SCRIPT.test(main)) process.env._TAPJS_PROCESSINFO_COVERAGE_ = '0';

if (process.env.TAP_CHILD_ID !== undefined && process.env._TAPJS_PROCESSINFO_COVERAGE_ === '0' && typeof module.register === 'function') {
  const register = module.register;
  module.register = function registerUnlessProcessInfo(specifier, ...rest) {
    if (/[\\/]@tapjs[\\/]processinfo[\\/]/.test(String(specifier))) return;
    return register.call(this, specifier, ...rest);
  };
}
