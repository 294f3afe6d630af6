// Asking a forked benchmark child for something over IPC (bench/reliability.mjs, bench/tools/profile-watch.mjs).

/** Sends `{ op, ...extra }` to `child` and resolves with its first message whose `op` is `expected`. */
export function ask(child, op, expected, extra = {}) {
  return new Promise((resolve) => {
    const on = (m) => {
      if (m.op !== expected) return;
      child.off('message', on);
      resolve(m);
    };
    child.on('message', on);
    child.send({ op, ...extra });
  });
}
