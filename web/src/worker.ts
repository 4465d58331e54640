/**
 * The engine worker: loads the WebAssembly module and runs one task at a
 * time, posting progress and then the module's JSON reply. Long work
 * blocks only this worker; the page cancels it by terminating the worker.
 */
import init, * as wasm from './pkg/placer_web.js';
import type { PlayAction, Request, Response, Task } from './protocol';

const ready = init();
const listers = new Map<number, wasm.Lister>();
const sessions = new Map<number, wasm.Session>();
let nextHandle = 1;

/** Posts progress at most every 100 ms (and always the last). */
function reporter(id: number): (done: number, total: number) => void {
  let last = 0;
  return (done, total) => {
    const now = performance.now();
    if (done < total && now - last < 100) return;
    last = now;
    post({ id, kind: 'progress', done, total });
  };
}

function post(message: Response): void {
  (self as unknown as Worker).postMessage(message);
}

function run(id: number, t: Task): string {
  switch (t.task) {
    case 'builtins':
      return wasm.builtins();
    case 'check':
      return wasm.check_rules(t.text, t.set);
    case 'count':
      return wasm.count(t.text, t.set, t.unique, reporter(id));
    case 'list-open': {
      try {
        const lister = new wasm.Lister(t.text, t.set, t.unique);
        for (const old of listers.values()) old.free();
        listers.clear();
        const handle = nextHandle++;
        listers.set(handle, lister);
        const board = JSON.parse(lister.board()) as { ok: unknown };
        return JSON.stringify({ ok: { handle, board: board.ok } });
      } catch (e) {
        if (typeof e === 'string') return e;
        throw e;
      }
    }
    case 'list-get': {
      const lister = listers.get(t.handle);
      if (!lister) return closed('the solutions were closed');
      return lister.get(t.index);
    }
    case 'analyse':
      return wasm.analyse(t.game, t.k, t.picture);
    case 'blank-svg':
      return wasm.blank_svg(t.game, t.k, t.picture);
    case 'generate':
      return wasm.generate(t.game, t.k, t.size, t.seed, t.difficulty, reporter(id));
    case 'play-open': {
      let session: wasm.Session;
      try {
        session = new wasm.Session(t.share, t.game, t.k, t.picture);
      } catch (e) {
        if (typeof e === 'string') return e;
        throw e;
      }
      for (const old of sessions.values()) old.free();
      sessions.clear();
      const handle = nextHandle++;
      sessions.set(handle, session);
      const view = JSON.parse(session.view()) as { ok: unknown };
      return JSON.stringify({ ok: { handle, view: view.ok } });
    }
    case 'play': {
      const session = sessions.get(t.handle);
      if (!session) return closed('the game was closed');
      return act(session, t.action);
    }
  }
}

function closed(message: string): string {
  return JSON.stringify({ error: { message, text: `error: ${message}` } });
}

function act(s: wasm.Session, a: PlayAction): string {
  switch (a.do) {
    case 'view':
      return s.view();
    case 'undo':
      return s.undo();
    case 'redo':
      return s.redo();
    case 'reset':
      return s.reset();
    case 'solve':
      return s.solve();
    case 'hint':
      return s.hint();
    case 'explain':
      return s.explain();
    case 'click':
      return s.click(a.row, a.col);
    case 'set':
      return s.set(new Uint32Array(a.cells.flat()), a.state);
    case 'auto-marks':
      return s.set_auto_marks(a.on);
  }
}

self.onmessage = async (event: MessageEvent<Request>) => {
  const { id, task } = event.data;
  try {
    await ready;
    post({ id, kind: 'reply', json: run(id, task) });
  } catch (e) {
    let panic = '';
    try {
      panic = wasm.last_panic();
    } catch {
      // the module is gone; the page starts a new worker
    }
    post({ id, kind: 'crash', message: panic || String(e) });
  }
};
