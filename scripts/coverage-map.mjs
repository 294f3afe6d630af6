// tap's coverage map (`coverage-map` in .taprc): every test file of a package covers that package's own sources.
// Without it, each test process records and writes V8 coverage for every module it loads (the other packages'
// builds, the root node_modules: ~7 MB of JSON per process) only for the report to drop all of it, as the report
// shows the package's own `src/` alone.
export default () => 'src/**/*.{ts,mts}';
