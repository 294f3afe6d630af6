// Loaded first in every test process (`--import` through NODE_OPTIONS, which scripts/package-tests.mjs sets for the
// tap runs; Node runs NODE_OPTIONS' imports before the command line's). tap's @tapjs/processinfo, imported next,
// records every module a test process loads: it re-reads each file, measures its line lengths and hands them to
// the main thread, so that coverage can be mapped through source maps. Only our packages' sources are ever
// covered (scripts/coverage-map.mjs); recording the rest (tap itself, the vendor bundles under .cache/vendor,
// the packages' dist/, kube-lite's one-file bundle in the servers the e2e tests spawn) cost ~0.7 s of CPU per
// kube-lite test process. tap's runner tells processinfo what to skip through this variable, which it sets for
// every test process without a way to configure it; this narrows it to "everything outside packages/*/src/".
// Child processes inherit the value (processinfo passes it on when it wraps their spawn).
process.env._TAPJS_PROCESSINFO_EXCLUDE_ = String(/^(?!.*[\\/]packages[\\/][^\\/]+[\\/]src[\\/])/);
