import { loggable } from './errors';

/** A background job of the process: runs `task` every `intervalMs` once started; a failure is logged, not thrown. */
export function periodic(
  name: string,
  intervalMs: number,
  task: () => Promise<unknown>,
  log: { error(obj: unknown, msg: string): void },
) {
  let timer: NodeJS.Timeout | undefined;
  return {
    start() {
      if (timer) return;
      timer = setInterval(() => {
        task().catch((err: unknown) => log.error(loggable(err), `${name} failed`));
      }, intervalMs);
      timer.unref();
    },
    stop() {
      if (timer) clearInterval(timer);
      timer = undefined;
    },
  };
}
