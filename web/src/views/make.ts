/**
 * The Make view: paint regions on a board of a chosen size and pieces per
 * unit; as you paint, the engine says whether the puzzle has no solution,
 * one, or several (two that differ, side by side), and its grade.
 * Generate makes one by size, pieces, difficulty and seed. Export as text,
 * as a printable blank SVG, and as links to play or edit it.
 */
import { BoardView, PALETTE } from '../board';
import { Busy } from '../busy';
import { button, debounce, field, h } from '../dom';
import { Cancelled, Engine, Failure } from '../engine';
import type { Analysis, BoardInfo, Generated } from '../protocol';
import { format, showHash, type Game, type MakeRoute } from '../url';
import { difficultySelect, gameSelect } from './play';

const LABELS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

export class MakeView {
  readonly el: HTMLElement;
  private engine = new Engine();
  private generator: Engine | null = null;
  private game = gameSelect('make-game');
  private k = h('input', { type: 'number', min: 1, max: 6, value: 1, 'data-testid': 'make-k' });
  private size = h('input', { type: 'number', min: 4, max: 26, value: 8, 'data-testid': 'make-size' });
  private difficulty = difficultySelect('difficulty');
  private seed = h('input', { type: 'number', min: 0, value: 1, 'data-testid': 'seed' });
  private brushes = h('div', { class: 'brushes', role: 'radiogroup', 'aria-label': 'region to paint' });
  private board: BoardView;
  private status = h('p', { class: 'status', 'data-testid': 'status', role: 'status', 'aria-live': 'polite' });
  private detail = h('p', { class: 'plan', 'data-testid': 'make-detail' });
  private pair = h('div', { class: 'pair', hidden: true });
  private solutionA = new BoardView('first solution', {}, { testid: 'solution-a', cellTestid: 'solution-cell' });
  private solutionB = new BoardView('second solution', {}, { testid: 'solution-b', cellTestid: 'solution-cell' });
  private text = h('textarea', { rows: 8, readOnly: true, 'data-testid': 'export-text', 'aria-label': 'puzzle as text' });
  private sbn = h('input', { type: 'text', readOnly: true, 'data-testid': 'export-sbn', 'aria-label': 'puzzle as Star Battle Notation' });
  private svgLink = h('a', { class: 'button-link', 'data-testid': 'export-svg', download: 'puzzle.svg', text: 'Blank SVG to print' });
  private playLink = h('a', { class: 'button-link', 'data-testid': 'play-link', text: 'Play this puzzle' });
  private makeLink = h('a', { class: 'share', 'data-testid': 'make-link', text: 'Link to this editor' });
  private busy = new Busy(() => this.cancelGenerate(), 'make-busy');
  /** The picture being painted: a region label per cell, row-major. */
  private cells: string[] = [];
  private n = 8;
  private brush = 'A';
  private painting = false;
  private seq = 0;
  private svgUrl = '';
  private running = false;

  constructor() {
    this.board = new BoardView(
      'regions',
      {
        press: (r, c, e) => {
          if (e.button === 2 || e.altKey) {
            this.pick(this.cells[r * this.n + c] ?? 'A');
            return;
          }
          this.painting = true;
          this.paint(r, c);
        },
        drag: (r, c) => this.painting && this.paint(r, c),
        release: () => {
          this.painting = false;
        },
        key: (key, r, c) => {
          if (key === ' ' || key === 'Enter') {
            this.paint(r, c);
            return true;
          }
          const label = key.toUpperCase();
          if (label.length === 1 && LABELS.slice(0, this.n).includes(label)) {
            this.pick(label);
            this.paint(r, c);
            return true;
          }
          return false;
        },
      },
      { indexColours: true },
    );
    const resize = () => this.blank();
    this.size.addEventListener('change', resize);
    this.game.addEventListener('change', () => {
      this.k.disabled = this.game.value !== 'star-battle';
      if (this.k.disabled) this.k.value = '1';
      this.changed();
    });
    this.k.addEventListener('change', () => this.changed());
    this.k.disabled = true;
    this.el = h(
      'section',
      { class: 'view make', 'aria-labelledby': 'make-title' },
      h('h2', { id: 'make-title', class: 'view-title', text: 'Make a puzzle' }),
      h(
        'div',
        { class: 'columns' },
        h(
          'div',
          { class: 'column' },
          h('div', { class: 'row' }, field('Game', this.game), field('Stars', this.k), field('Size', this.size), button('Clear', () => this.blank(), { 'data-testid': 'clear' })),
          h('p', { class: 'help', text: 'Pick a region, then paint cells with the mouse or a finger (keys: arrows, a letter paints that region; right-click picks a cell\u2019s region).' }),
          this.brushes,
          this.status,
          this.detail,
          h('div', { class: 'board-wrap' }, this.board.el),
        ),
        h(
          'div',
          { class: 'column' },
          this.pair,
          h(
            'details',
            { class: 'panel', open: true },
            h('summary', { text: 'Generate' }),
            h('div', { class: 'row' }, field('Difficulty', this.difficulty), field('Seed', this.seed), button('Generate', () => void this.generate(), { 'data-testid': 'generate', class: 'primary' })),
            this.busy.el,
          ),
          h(
            'details',
            { class: 'panel', open: true },
            h('summary', { text: 'Export' }),
            this.text,
            field('Star Battle Notation', this.sbn, 'one line, as Star Battle collections publish puzzles'),
            h('div', { class: 'row' }, this.svgLink, this.playLink),
            this.makeLink,
          ),
        ),
      ),
    );
    this.pair.append(
      h('p', { class: 'plan', text: 'Two solutions; the ringed cells differ:' }),
      h('div', { class: 'row' }, h('div', { class: 'board-wrap small' }, this.solutionA.el), h('div', { class: 'board-wrap small' }, this.solutionB.el)),
    );
  }

  /** Opens the editor on a route: its game, pieces, size and picture. */
  async open(route: MakeRoute): Promise<void> {
    if (route.bare && this.cells.length) {
      showHash(this.el, format(this.route()));
      return;
    }
    this.game.value = route.game;
    this.k.value = String(route.k);
    this.k.disabled = route.game !== 'star-battle';
    this.size.value = String(route.size);
    const rows = route.regions ? route.regions.split('\n') : [];
    if (rows.length === route.size && rows.every((r) => r.length === route.size && /^[A-Za-z]+$/.test(r))) {
      this.load(route.regions);
    } else {
      this.blank();
    }
  }

  /** A board whose regions are its rows. */
  private blank(): void {
    const n = Math.max(4, Math.min(26, Math.round(Number(this.size.value)) || 8));
    this.size.value = String(n);
    this.load(Array.from({ length: n }, (_, r) => LABELS[r]!.repeat(n)).join('\n'));
  }

  private load(picture: string): void {
    const rows = picture.trim().split('\n');
    this.n = rows.length;
    this.size.value = String(this.n);
    this.cells = rows.join('').toUpperCase().split('');
    this.brushes.replaceChildren(
      ...LABELS.slice(0, this.n)
        .split('')
        .map((label, i) =>
          h('button', {
            type: 'button',
            class: 'brush',
            role: 'radio',
            'aria-checked': 'false',
            'aria-label': `paint region ${label}`,
            'data-testid': 'brush',
            'data-region': label,
            text: label,
            style: `background:${PALETTE[i % PALETTE.length]}`,
            onclick: () => this.pick(label),
          }),
        ),
    );
    this.pick(this.brush <= LABELS[this.n - 1]! ? this.brush : 'A');
    this.board.setBoard(this.info());
    this.changed();
  }

  private pick(label: string): void {
    this.brush = label;
    for (const b of this.brushes.children) b.setAttribute('aria-checked', String((b as HTMLElement).dataset['region'] === label));
  }

  private info(): BoardInfo {
    const n = this.n;
    return {
      name: this.game.value,
      rows: n,
      cols: n,
      piece: this.game.value === 'star-battle' ? 'star' : 'queen',
      symbol: '*',
      count: n,
      holes: [],
      givens: [],
      regions: this.cells.map((l) => LABELS.indexOf(l)),
      region_names: LABELS.slice(0, n).split(''),
    };
  }

  private paint(r: number, c: number): void {
    const i = r * this.n + c;
    if (this.cells[i] === this.brush) return;
    this.cells[i] = this.brush;
    this.board.setBoard(this.info());
    this.board.cell(r, c)?.focus({ preventScroll: true });
    this.changed();
  }

  private picture(): string {
    const rows: string[] = [];
    for (let r = 0; r < this.n; r++) rows.push(this.cells.slice(r * this.n, (r + 1) * this.n).join(''));
    return rows.join('\n');
  }

  private route(): MakeRoute {
    return { view: 'make', game: this.game.value as Game, k: Number(this.k.value) || 1, size: this.n, regions: this.picture() };
  }

  /** The picture changed: export it, update the link, and ask the engine (debounced). */
  private changed(): void {
    const route = this.route();
    const picture = route.regions;
    this.text.value = `# ${route.game}${route.game === 'star-battle' ? ` k=${route.k}` : ''} ${this.n}×${this.n}\n${picture}\n`;
    const play = format({ view: 'play', game: route.game, k: route.k, regions: picture });
    this.playLink.href = play;
    this.makeLink.href = format(route);
    showHash(this.el, format(route));
    this.status.className = 'status';
    this.status.textContent = 'checking…';
    this.analyse();
  }

  private analyse = debounce(120, () => void this.check());

  private async check(): Promise<void> {
    const seq = ++this.seq;
    // A check of an older picture still running is of no use: end it.
    if (this.running) this.engine.cancel();
    this.running = true;
    const route = this.route();
    try {
      const a = await this.engine.run<Analysis>({ task: 'analyse', game: route.game, k: route.k, picture: route.regions });
      if (seq !== this.seq) return;
      this.show(a);
      const svg = await this.engine.run<string>({ task: 'blank-svg', game: route.game, k: route.k, picture: route.regions });
      if (seq !== this.seq) return;
      if (this.svgUrl) URL.revokeObjectURL(this.svgUrl);
      this.svgUrl = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
      this.svgLink.href = this.svgUrl;
    } catch (e) {
      if (e instanceof Cancelled || seq !== this.seq) return;
      this.status.className = 'status bad';
      this.status.textContent = e instanceof Failure ? e.detail.text : String(e);
      this.pair.hidden = true;
    } finally {
      if (seq === this.seq) this.running = false;
    }
  }

  private show(a: Analysis): void {
    this.sbn.value = a.sbn ?? '';
    this.sbn.placeholder = a.sbn ? '' : 'not drawable in SBN (a region in two parts)';
    const warn = a.disconnected.length ? ` (not connected: region${a.disconnected.length === 1 ? '' : 's'} ${a.disconnected.join(', ')})` : '';
    this.pair.hidden = a.verdict !== 'several';
    this.board.flag('differ', []);
    switch (a.verdict) {
      case 'none':
        this.status.className = 'status bad';
        this.status.textContent = 'no solution';
        this.detail.textContent = (a.reason ?? 'no placement keeps the rules') + warn;
        break;
      case 'unique':
        this.status.className = 'status good';
        this.status.textContent = `unique${a.grade ? ` — grade ${a.grade}` : ''}`;
        this.detail.textContent = `one solution${a.guesses ? `; logic needs ${a.guesses} guess${a.guesses === 1 ? '' : 'es'}` : a.grade ? '; logic alone solves it' : ''}${warn}`;
        break;
      case 'several': {
        this.status.className = 'status';
        this.status.textContent = 'several solutions';
        this.detail.textContent = `the two below differ at ${a.differ.length} cells${warn}`;
        const info = this.info();
        for (const [view, cells] of [
          [this.solutionA, a.solutions[0]],
          [this.solutionB, a.solutions[1]],
        ] as const) {
          view.setBoard(info);
          view.setPieces(cells ?? []);
          view.flag('differ', a.differ);
        }
        this.board.flag('differ', a.differ);
        break;
      }
    }
  }

  private async generate(): Promise<void> {
    const route = this.route();
    const size = Number(this.size.value);
    this.busy.start(`Generating a ${size}×${size} puzzle…`);
    this.generator?.close();
    const gen = new Engine();
    this.generator = gen;
    try {
      const made = await gen.run<Generated>(
        { task: 'generate', game: route.game, k: route.k, size, seed: Math.max(0, Math.floor(Number(this.seed.value) || 0)), difficulty: this.difficulty.value },
        (done, total) => this.busy.progress(done, total, 'tries'),
      );
      this.load(made.picture);
      this.detail.textContent = `generated from seed ${made.seed}${made.grade ? `, grade ${made.grade}` : ''}`;
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

  private cancelGenerate(): void {
    this.generator?.close();
    this.generator = null;
    this.busy.stop();
  }
}
