import t from 'tap';
import { setupSignalHandler } from '../../src/server/signal-handler.js';

t.test("the first signal starts the shutdown, a second one exits with 1 (apiserver's SetupSignalContext)", async (t) => {
  const seen: string[] = [];
  const before = process.listenerCount('SIGUSR2');
  const remove = setupSignalHandler({ signals: ['SIGUSR2'], onFirst: (s) => seen.push(`first ${s}`), exit: (code) => seen.push(`exit ${code}`) });
  t.teardown(remove);
  process.emit('SIGUSR2', 'SIGUSR2');
  t.same(seen, ['first SIGUSR2'], 'shutdown started, the process not ended');
  process.emit('SIGUSR2', 'SIGUSR2');
  t.same(seen, ['first SIGUSR2', 'exit 1']);
  remove();
  t.equal(process.listenerCount('SIGUSR2'), before, 'removed');
});
