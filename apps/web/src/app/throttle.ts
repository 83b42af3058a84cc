/**
 * Runs `fn` at once, then at most once per `ms` while calls keep coming; a call inside the interval is never
 * lost, it runs at the interval's end. (A busy gate sends hundreds of movements a second: the lists on screen
 * refetch once a second, not hundreds of times.)
 */
export const throttle = (fn: () => void, ms: number) => {
  let last = -Infinity;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    last = Date.now();
    fn();
  };
  const call = () => {
    const wait = last + ms - Date.now();
    if (wait <= 0 && !timer) return run();
    timer ??= setTimeout(
      () => {
        timer = undefined;
        run();
      },
      Math.max(0, wait),
    );
  };
  call.cancel = () => {
    clearTimeout(timer);
    timer = undefined;
  };
  return call;
};
