/**
 * The Play view: a region puzzle on a board. The play session lives in Rust
 * (`placer::play::Game`, in the worker): this view draws what the session
 * says and forwards clicks, drags and keys to it. Hints, the logical path
 * (Explain), Solve, undo/redo and automatic marks are the session's.
 */
import { BoardView, type CellState } from '../board';
import { Busy } from '../busy';
import { button, field, h } from '../dom';
import { Cancelled, Engine, Failure } from '../engine';
import type { BoardInfo, Cell, Explained, Generated, GameView, HintView, PlayAction } from '../protocol';
import { EXAMPLES } from '../puzzles';
import { showHash, type Game, type PlayRoute } from '../url';

const STATE: Record<string, CellState> = { '.': 'empty', x: 'mark', s: 'piece' };

export class PlayView {
  readonly el: HTMLElement;
  private engine = new Engine();
  private session: { handle: number; generation: number } | null = null;
  private game: GameView | null = null;
  private board: BoardView;
  private status = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  private hintText = h('p', { class: 'hint-text', 'data-testid': 'hint-text', 'aria-live': 'polite' });
  private clock = h('span', { class: 'clock', 'data-testid': 'timer', 'aria-label': 'time' });
  private undoButton = button('Undo', () => void this.act({ do: 'undo' }), { 'data-testid': 'undo', title: 'Undo (z)' });
  private redoButton = button('Redo', () => void this.act({ do: 'redo' }), { 'data-testid': 'redo', title: 'Redo (y)' });
  private autoMarks = h('input', { type: 'checkbox', 'data-testid': 'auto-marks' });
  private steps = h('ol', { class: 'steps', 'data-testid': 'explain-steps' });
  private stepsBox: HTMLElement;
  private stepsSummary = h('p', { class: 'plan' });
  private backButton = button('Back to your board', () => this.showOwn(), { hidden: true, 'data-testid': 'back' });
  private shareLink = h('a', { class: 'share', 'data-testid': 'share-link', text: 'Link to this puzzle' });
  private busy = new Busy(() => this.cancelGenerate(), 'play-busy');
  /** Long thinking (a hint or the path on a big board), with Cancel. */
  private thinking = new Busy(() => void this.cancelThinking(), 'thinking');
  private pasteText = h('textarea', { rows: 6, 'aria-label': 'puzzle text', 'data-testid': 'paste-text', placeholder: 'AABB\nAABB\nCCDD\nCCDD' });
  private pasteGame = gameSelect('paste-game', true);
  private pasteK = h('input', { type: 'number', min: 1, max: 6, value: 1, 'aria-label': 'stars per unit', 'data-testid': 'paste-k' });
  private genSize = h('input', { type: 'number', min: 4, max: 26, value: 8, 'data-testid': 'play-size' });
  private genGame = gameSelect('play-game');
  private genK = h('input', { type: 'number', min: 1, max: 6, value: 1, 'data-testid': 'play-k' });
  private genDifficulty = difficultySelect('play-difficulty');
  private examples = h('select', { 'aria-label': 'example puzzle', 'data-testid': 'examples' });
  private explained: Explained | null = null;
  private showing: number | null = null;
  private drag: { start: Cell; cells: Cell[]; to: '.' | 'x' | null; moved: boolean } | null = null;
  private started = 0;
  private elapsed = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private hintShown = false;

  constructor() {
    this.board = new BoardView('puzzle', {
      press: (r, c, e) => this.press(r, c, e),
      drag: (r, c) => this.dragTo(r, c),
      release: () => void this.release(),
      key: (key, r, c, e) => this.key(key, r, c, e),
    });
    this.examples.append(h('option', { value: '', text: 'Open an example…' }), ...EXAMPLES.map((x) => h('option', { value: x.id, text: x.title })));
    this.examples.addEventListener('change', () => {
      const x = EXAMPLES.find((e) => e.id === this.examples.value);
      if (x) void this.openPicture(x.game, x.k, x.text);
      this.examples.value = '';
    });
    this.stepsBox = h(
      'section',
      { class: 'explain', hidden: true, 'aria-label': 'logical path' },
      h('h3', { text: 'The logical path' }),
      this.stepsSummary,
      this.backButton,
      this.steps,
    );
    this.autoMarks.addEventListener('change', () => void this.act({ do: 'auto-marks', on: this.autoMarks.checked }));
    this.el = h(
      'section',
      { class: 'view play', 'aria-labelledby': 'play-title' },
      h('h2', { id: 'play-title', class: 'view-title', text: 'Play' }),
      h(
        'div',
        { class: 'columns play-columns' },
        h(
          'div',
          { class: 'column' },
          h('div', { class: 'row status-row' }, this.status, this.clock),
          h('div', { class: 'board-wrap' }, this.board.el),
          h(
            'div',
            { class: 'row controls' },
            button('Hint', () => void this.hint(), { 'data-testid': 'hint', class: 'primary', title: 'Hint (h)' }),
            button('Explain', () => void this.explain(), { 'data-testid': 'explain' }),
            button('Solve', () => void this.act({ do: 'solve' }), { 'data-testid': 'solve' }),
            this.undoButton,
            this.redoButton,
            button('Reset', () => void this.act({ do: 'reset' }), { 'data-testid': 'reset' }),
          ),
          h('label', { class: 'switch' }, this.autoMarks, h('span', { text: 'Mark around a placed piece automatically' })),
          this.thinking.el,
          this.hintText,
          h('p', { class: 'help' }, 'Tap a cell: empty → × → piece. Drag to mark many. Keys: arrows, space, x, Backspace, z/y undo/redo, h hint.'),
        ),
        h(
          'div',
          { class: 'column' },
          this.stepsBox,
          h(
            'details',
            { class: 'panel', open: true },
            h('summary', { text: 'New puzzle' }),
            h('div', { class: 'row' }, this.examples),
            h(
              'div',
              { class: 'row' },
              field('Game', this.genGame),
              field('Stars', this.genK),
              field('Size', this.genSize),
              field('Difficulty', this.genDifficulty),
              button('Generate', () => void this.generate(), { 'data-testid': 'play-generate' }),
            ),
            this.busy.el,
            h('p', { class: 'plan', text: 'Or paste a puzzle: one letter per region, a line per row (or the numeric form with s and x), or a line of Star Battle Notation:' }),
            this.pasteText,
            h('div', { class: 'row' }, field('Game', this.pasteGame), field('Stars', this.pasteK), button('Open', () => void this.openPicture(this.pasteGame.value as Game | 'sbn', Number(this.pasteK.value), this.pasteText.value), { 'data-testid': 'paste-open' })),
          ),
          this.shareLink,
        ),
      ),
    );
    this.el.addEventListener('keydown', (e) => {
      const target = e.target as HTMLElement;
      if (target.closest('input, textarea, select') || e.altKey || e.metaKey) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        void this.act({ do: 'undo' });
      } else if (key === 'y' || (key === 'z' && e.shiftKey)) {
        e.preventDefault();
        void this.act({ do: 'redo' });
      } else if (key === 'h' && !e.ctrlKey) {
        e.preventDefault();
        void this.hint();
      }
    });
  }

  /** Opens the view on a route: the link's puzzle, or the first example. */
  async open(route: PlayRoute): Promise<void> {
    if (route.regions) {
      await this.start({ task: 'play-open', share: location.hash, game: '', k: 0, picture: '' });
    } else if (!this.session) {
      const first = EXAMPLES[0]!;
      await this.openPicture(first.game, first.k, first.text);
    } else if (this.game) {
      showHash(this.el, shareHash(this.game.share));
    }
  }

  /** Opens a puzzle from a regions picture (an example, pasted text, a generated one). */
  async openPicture(game: Game | 'sbn', k: number, picture: string): Promise<void> {
    await this.start({ task: 'play-open', share: '', game, k, picture });
  }

  private async start(task: { task: 'play-open'; share: string; game: string; k: number; picture: string }): Promise<void> {
    try {
      const opened = await this.engine.run<{ handle: number; view: GameView }>(task);
      this.session = { handle: opened.handle, generation: this.engine.generation };
      this.game = null;
      this.explained = null;
      this.stepsBox.hidden = true;
      this.showing = null;
      this.elapsed = 0;
      this.started = performance.now();
      clearInterval(this.timer);
      this.timer = setInterval(() => this.tick(), 1000);
      this.render(opened.view);
    } catch (e) {
      if (e instanceof Cancelled) return;
      this.status.className = 'status bad';
      this.status.textContent = e instanceof Failure ? e.detail.text : `error: ${String(e)}`;
    }
  }

  private async act(action: PlayAction): Promise<void> {
    const session = this.session;
    if (!session || session.generation !== this.engine.generation) return;
    if (this.showing !== null) this.showOwn();
    try {
      const view = await this.engine.run<GameView>({ task: 'play', handle: session.handle, action });
      this.render(view);
    } catch (e) {
      if (!(e instanceof Cancelled)) this.hintText.textContent = e instanceof Failure ? e.detail.message : String(e);
    }
  }

  private render(view: GameView): void {
    const old = this.game;
    this.game = view;
    if (!old || old.share.split('&regions=')[1]?.split('&')[0] !== view.share.split('&regions=')[1]?.split('&')[0] || old.rows !== view.rows) {
      this.board.setBoard(boardInfo(view));
    }
    this.board.setStates((r, c) => STATE[view.states[r * view.cols + c] ?? '.'] ?? 'empty');
    this.board.flag('conflict', view.attacks);
    this.board.flag('over', view.over.flat());
    this.board.flag('short', view.short.flat());
    this.board.flag('given', view.fixed);
    if (this.hintShown) {
      this.board.clearHint();
      this.board.flag('wrong', []);
      this.hintText.textContent = '';
      this.hintShown = false;
    }
    this.undoButton.disabled = !view.can_undo;
    this.redoButton.disabled = !view.can_redo;
    this.autoMarks.checked = view.auto_marks;
    const placed = [...view.states].filter((s) => s === 's').length;
    const need = view.rows * view.k;
    if (view.solved) {
      this.stopClock();
      this.status.className = 'status good';
      this.status.textContent = `solved in ${clockText(this.elapsed)} 🎉`;
    } else if (view.conflicts.length) {
      this.status.className = 'status bad';
      this.status.textContent = `conflict: ${view.conflicts[0]}`;
    } else {
      if (this.timer === undefined) this.resumeClock();
      this.status.className = 'status';
      this.status.textContent = `${placed} of ${need} ${view.piece}s placed`;
    }
    const share = shareHash(view.share);
    this.shareLink.href = share;
    showHash(this.el, share);
  }

  private tick(): void {
    this.elapsed = performance.now() - this.started;
    this.clock.textContent = clockText(this.elapsed);
  }

  private stopClock(): void {
    if (this.timer !== undefined) this.tick();
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private resumeClock(): void {
    this.started = performance.now() - this.elapsed;
    this.timer = setInterval(() => this.tick(), 1000);
  }

  private stateAt(r: number, c: number): string {
    const g = this.game;
    return g ? (g.states[r * g.cols + c] ?? '.') : '.';
  }

  private press(r: number, c: number, e: PointerEvent): void {
    if (this.showing !== null) {
      this.showOwn();
      return;
    }
    if (e.button === 2) {
      void this.act({ do: 'set', cells: [[r, c]], state: this.stateAt(r, c) === 'x' ? '.' : 'x' });
      return;
    }
    const s = this.stateAt(r, c);
    this.drag = { start: [r, c], cells: [[r, c]], to: s === '.' ? 'x' : s === 'x' ? '.' : null, moved: false };
  }

  private dragTo(r: number, c: number): void {
    const d = this.drag;
    if (!d || d.to === null) return;
    d.moved = true;
    if (!d.cells.some(([a, b]) => a === r && b === c)) d.cells.push([r, c]);
    // Preview only: the session decides when the drag ends.
    for (const [a, b] of d.cells) {
      if (this.stateAt(a, b) !== 's') this.board.previewState(a, b, d.to === 'x' ? 'mark' : 'empty');
    }
  }

  private async release(): Promise<void> {
    const d = this.drag;
    this.drag = null;
    if (!d) return;
    if (d.moved && d.to !== null) await this.act({ do: 'set', cells: d.cells, state: d.to });
    else await this.act({ do: 'click', row: d.start[0], col: d.start[1] });
  }

  private key(key: string, r: number, c: number, _e: KeyboardEvent): boolean {
    switch (key) {
      case ' ':
      case 'Enter':
        void this.act({ do: 'click', row: r, col: c });
        return true;
      case 'x':
      case 'X':
      case '.':
        void this.act({ do: 'set', cells: [[r, c]], state: 'x' });
        return true;
      case 's':
      case 'S':
      case 'q':
      case 'Q':
        void this.act({ do: 'set', cells: [[r, c]], state: 's' });
        return true;
      case 'Backspace':
      case 'Delete':
        void this.act({ do: 'set', cells: [[r, c]], state: '.' });
        return true;
      default:
        return false;
    }
  }

  private async hint(): Promise<void> {
    const session = this.session;
    if (!session) return;
    if (this.showing !== null) this.showOwn();
    this.hintText.textContent = 'thinking…';
    try {
      const hint = await this.think<HintView>('Looking for a hint…', { do: 'hint' });
      this.board.setHint(hint.place, hint.exclude, hint.focus);
      this.board.flag('wrong', hint.wrong);
      this.hintShown = true;
      const lead = hint.kind === 'wrong' ? 'Not quite: ' : hint.kind === 'step' ? 'Hint — ' : '';
      this.hintText.textContent = lead + hint.text;
      this.hintText.dataset['kind'] = hint.kind;
    } catch (e) {
      if (!(e instanceof Cancelled)) this.hintText.textContent = e instanceof Failure ? e.detail.message : String(e);
    }
  }

  private async explain(): Promise<void> {
    const session = this.session;
    if (!session) return;
    this.stepsBox.hidden = false;
    this.stepsSummary.textContent = 'working out the path…';
    this.steps.replaceChildren();
    try {
      const path = await this.think<Explained>('Working out the logical path…', { do: 'explain' });
      this.explained = path;
      const n = path.steps.length;
      this.stepsSummary.textContent = path.stuck
        ? `no solution: ${path.stuck}`
        : path.not_unique
          ? `${n} step${n === 1 ? '' : 's'} following one solution; no grade: ${path.not_unique}. Pick a step to see the board after it.`
          : `${n} step${n === 1 ? '' : 's'}, grade ${path.grade ?? 'none'}${path.guesses ? `, ${path.guesses} guess${path.guesses === 1 ? '' : 'es'}` : ', by logic alone'}. Pick a step to see the board after it.`;
      this.steps.replaceChildren(
        ...path.steps.map((s, i) =>
          h(
            'li',
            {},
            button(`${s.title}: ${s.reason}`, () => this.showStep(i), { class: `step grade-${s.grade}`, 'data-testid': 'explain-step', 'aria-label': `step ${i + 1}: ${s.title}` }),
          ),
        ),
      );
    } catch (e) {
      if (!(e instanceof Cancelled)) this.stepsSummary.textContent = e instanceof Failure ? e.detail.text : String(e);
    }
  }

  /** Asks the session something that may take long: a Cancel line shows after a moment. */
  private async think<T>(label: string, action: PlayAction): Promise<T> {
    const session = this.session!;
    const timer = setTimeout(() => this.thinking.start(label), 300);
    try {
      return await this.engine.run<T>({ task: 'play', handle: session.handle, action });
    } finally {
      clearTimeout(timer);
      this.thinking.stop();
    }
  }

  /** Cancel: the worker ends, and the game comes back from its share text (the board kept, the undo history lost). */
  private async cancelThinking(): Promise<void> {
    this.engine.cancel();
    this.thinking.stop();
    this.hintText.textContent = 'cancelled';
    const game = this.game;
    if (!game) return;
    const elapsed = this.elapsed;
    await this.start({ task: 'play-open', share: game.share, game: '', k: 0, picture: '' });
    this.elapsed = elapsed;
    this.started = performance.now() - elapsed;
    if (game.auto_marks) await this.act({ do: 'auto-marks', on: true });
  }

  /** Shows the board after step `i` of the path (the player's board is kept). */
  private showStep(i: number): void {
    const path = this.explained;
    const g = this.game;
    const step = path?.steps[i];
    if (!path || !g || !step) return;
    this.showing = i;
    this.board.setStates((r, c) => STATE[step.board[r * g.cols + c] ?? '.'] ?? 'empty');
    this.board.flag('conflict', []);
    this.board.flag('over', []);
    this.board.flag('short', []);
    this.board.flag('wrong', []);
    this.board.setHint(step.place, step.exclude, step.focus);
    this.board.el.classList.add('replay');
    this.backButton.hidden = false;
    for (const [j, li] of [...this.steps.children].entries()) li.classList.toggle('current', j === i);
    this.hintText.textContent = `Step ${i + 1} of ${path.steps.length} — ${step.title}: ${step.reason}`;
  }

  private showOwn(): void {
    this.showing = null;
    this.backButton.hidden = true;
    this.board.el.classList.remove('replay');
    for (const li of this.steps.children) li.classList.remove('current');
    this.board.clearHint();
    this.hintText.textContent = '';
    if (this.game) this.render(this.game);
  }

  private async generate(): Promise<void> {
    const game = this.genGame.value as Game;
    const k = game === 'star-battle' ? Number(this.genK.value) : 1;
    const size = Number(this.genSize.value);
    this.busy.start(`Generating a ${size}×${size} puzzle…`);
    const gen = new Engine();
    this.generator = gen;
    try {
      const made = await gen.run<Generated>(
        { task: 'generate', game, k, size, seed: Math.floor(Math.random() * 2 ** 32), difficulty: this.genDifficulty.value },
        (done, total) => this.busy.progress(done, total, 'tries'),
      );
      await this.openPicture(game, k, made.picture);
    } catch (e) {
      if (!(e instanceof Cancelled)) {
        this.status.className = 'status bad';
        this.status.textContent = e instanceof Failure ? e.detail.text : String(e);
      }
    } finally {
      this.busy.stop();
      gen.close();
      if (this.generator === gen) this.generator = null;
    }
  }

  private generator: Engine | null = null;

  private cancelGenerate(): void {
    this.generator?.cancel();
    this.busy.stop();
  }
}

/** The address of a share text, in the page's URL form `#play=GAME&k=K&regions=…` (k always written). */
function shareHash(share: string): string {
  return `#${share.replace(/^play=([a-z-]+)&(?!k=)/, 'play=$1&k=1&')}`;
}

function clockText(ms: number): string {
  const s = Math.floor(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** The board of a game view, as the board drawing takes it. */
function boardInfo(v: GameView): BoardInfo {
  return {
    name: v.game,
    rows: v.rows,
    cols: v.cols,
    piece: v.piece,
    symbol: v.symbol,
    count: v.rows * v.k,
    holes: [],
    givens: [],
    regions: v.regions,
    region_names: v.region_names,
  };
}

export function gameSelect(testid: string, sbn = false): HTMLSelectElement {
  return h(
    'select',
    { 'data-testid': testid },
    h('option', { value: 'region-queens', text: 'Queens game' }),
    h('option', { value: 'star-battle', text: 'Star Battle' }),
    sbn && h('option', { value: 'sbn', text: 'Star Battle Notation (one line)' }),
  );
}

export function difficultySelect(testid: string): HTMLSelectElement {
  return h(
    'select',
    { 'data-testid': testid },
    ...['any', 'easy', 'medium', 'hard'].map((d) => h('option', { value: d === 'any' ? '' : d, text: d })),
  );
}
