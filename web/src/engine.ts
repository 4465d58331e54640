/**
 * The page's side of the engine worker: tasks as promises, progress as a
 * callback, and cancel, which terminates the worker and starts a new one.
 */
import type { EngineError, Request, Response, Task } from './protocol';

/** Rejects a task that was cancelled. */
export class Cancelled extends Error {
  constructor() {
    super('cancelled');
  }
}

/** A library error (bad rules, a bad picture…), with its line and column. */
export class Failure extends Error {
  constructor(readonly detail: EngineError) {
    super(detail.message);
  }
}

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  progress?: (done: number, total: number) => void;
}

export type Progress = (done: number, total: number) => void;

/** One engine worker, replaced when cancelled or crashed. */
export class Engine {
  private worker!: Worker;
  private pending = new Map<number, Pending>();
  private nextId = 1;
  /** Bumped whenever the worker is replaced: handles into the old one are gone. */
  generation = 0;

  constructor() {
    this.start();
  }

  private start(): void {
    this.worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
    this.worker.onmessage = (event: MessageEvent<Response>) => this.receive(event.data);
    this.worker.onerror = (event) => {
      event.preventDefault();
      this.restart(new Error(`the engine failed to start: ${event.message || 'unknown error'}`));
    };
    this.generation++;
  }

  private receive(message: Response): void {
    const pending = this.pending.get(message.id);
    if (!pending) return;
    if (message.kind === 'progress') {
      pending.progress?.(message.done, message.total);
      return;
    }
    this.pending.delete(message.id);
    if (message.kind === 'crash') {
      pending.reject(new Error(`internal error in placer: ${message.message}`));
      this.restart(new Error('the engine restarted after an internal error'));
      return;
    }
    let reply: { ok?: unknown; error?: EngineError };
    try {
      reply = JSON.parse(message.json) as typeof reply;
    } catch {
      pending.reject(new Error('the engine answered with something that is not JSON'));
      return;
    }
    if (reply.error) pending.reject(new Failure(reply.error));
    else pending.resolve(reply.ok);
  }

  /** Runs a task; `progress` hears how far long work has come. */
  run<T>(task: Task, progress?: Progress): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, progress });
      const request: Request = { id, task };
      this.worker.postMessage(request);
    });
  }

  /** Whether a task is running or waiting. */
  get busy(): boolean {
    return this.pending.size > 0;
  }

  /** Stops whatever runs: every pending task rejects with {@link Cancelled}. */
  cancel(): void {
    this.restart(new Cancelled());
  }

  /** Ends the worker for good: pending tasks reject with {@link Cancelled}. */
  close(): void {
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const p of pending) p.reject(new Cancelled());
  }

  private restart(reason: Error): void {
    this.worker.terminate();
    const pending = [...this.pending.values()];
    this.pending.clear();
    this.start();
    for (const p of pending) p.reject(reason);
  }
}

