import { Worker } from 'node:worker_threads';

/*
 * A small pool of warm worker threads for CPU-bound jobs that must stay off the event loop (the same design as
 * platform/pdf/render-pool.ts, which it generalises for the Factur-X validator): workers start on demand, run one
 * job each at a time, queue the rest, end after `idleMs` without work (not keeping the process alive meanwhile),
 * and one that exceeds `timeoutMs` or its heap is ended with its job rejected, so a pathological input cannot
 * wedge the pool. The worker is an `eval: true` CommonJS source (it survives the esbuild bundle); it answers each
 * message with `{ result }` or `{ error }`. `warmUp` starts a worker at once and keeps one for the life of the
 * process (still not keeping the process alive), for a server whose first job must not wait for the loading.
 */

export type WorkerPoolOptions = {
  /** Names the pool in error messages (`Factur-X validation failed: …`). */
  name: string;
  source: string;
  workerData: unknown;
  size: number;
  idleMs: number;
  timeoutMs: number;
  heapMb: number;
};
export type WorkerPool<In, Out> = {
  run(message: In): Promise<Out>;
  /** Runs this message (a job that only loads what the worker needs), then keeps one worker even when idle. */
  warmUp(message: In): Promise<Out>;
};

type Job<In, Out> = { message: In; resolve(result: Out): void; reject(err: Error): void };
type Slot<In, Out> = { worker: Worker; job?: Job<In, Out>; timer?: NodeJS.Timeout };

export function createWorkerPool<In, Out>(options: WorkerPoolOptions): WorkerPool<In, Out> {
  const slots: Slot<In, Out>[] = [];
  const queue: Job<In, Out>[] = [];
  const failure = (reason: string) => new Error(`${options.name} failed: ${reason}`);
  /** How many workers (the first ones) stay when idle: 0 until warmed up, then 1. */
  let resident = 0;

  function startWorker(): Slot<In, Out> {
    const worker = new Worker(options.source, {
      eval: true,
      // Not the parent's flags: under tsx they would load a TypeScript loader the worker does not need.
      execArgv: [],
      workerData: options.workerData,
      resourceLimits: { maxOldGenerationSizeMb: options.heapMb },
      stdout: false,
      stderr: false,
    });
    const slot: Slot<In, Out> = { worker };
    worker.on('message', (reply: { result?: Out; error?: string }) => {
      const job = slot.job;
      finish(slot);
      if (!job) return;
      if (reply.error === undefined) job.resolve(reply.result as Out);
      else job.reject(failure(reply.error));
    });
    const gone = (reason: string) => {
      const index = slots.indexOf(slot);
      if (index < 0) return;
      slots.splice(index, 1);
      clearTimeout(slot.timer);
      slot.job?.reject(failure(reason));
      slot.job = undefined;
      dispatch();
    };
    worker.on('error', (err) => gone(err.message));
    worker.on('exit', (code) => gone(`the worker stopped (exit code ${code})`));
    slots.push(slot);
    return slot;
  }

  function finish(slot: Slot<In, Out>) {
    clearTimeout(slot.timer);
    slot.job = undefined;
    const next = queue.shift();
    if (next) return run(slot, next);
    slot.worker.unref();
    if (slots.indexOf(slot) < resident) return;
    slot.timer = setTimeout(() => void slot.worker.terminate(), options.idleMs).unref();
  }

  function run(slot: Slot<In, Out>, job: Job<In, Out>) {
    clearTimeout(slot.timer);
    slot.job = job;
    slot.worker.ref();
    slot.timer = setTimeout(() => {
      job.reject(failure(`it took longer than ${options.timeoutMs / 1000} s`));
      slot.job = undefined;
      void slot.worker.terminate();
    }, options.timeoutMs);
    slot.worker.postMessage(job.message);
  }

  function dispatch() {
    while (queue.length) {
      const slot = slots.find((s) => !s.job) ?? (slots.length < options.size ? startWorker() : undefined);
      if (!slot) return;
      run(slot, queue.shift()!);
    }
  }

  const submit = (message: In) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ message, resolve, reject });
      dispatch();
    });
  return {
    run: submit,
    warmUp: (message) => {
      resident = 1;
      return submit(message);
    },
  };
}
