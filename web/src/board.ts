/**
 * Drawing a board: coloured regions with thick borders between them, and
 * each cell's state (empty, a mark ×, a piece) as the engine says. Boards up
 * to 64×64 are grids of cells (the test contract: `data-testid="cell"` with
 * 1-based `data-row`/`data-col`, `data-region`, `data-state` and, while a
 * hint shows, `data-hint`); larger ones are drawn on a canvas. The board
 * forwards pointer and keyboard input to its view; it decides nothing.
 */
import { h } from './dom';
import type { BoardInfo, Cell } from './protocol';

export type CellState = 'empty' | 'mark' | 'piece';

/** Light colours after Paul Tol's colour-blind-safe "light" scheme; regions also differ by border. */
export const PALETTE = ['#77AADD', '#EEDD88', '#EE8866', '#99DDFF', '#BBCC33', '#FFAABB', '#44BB99', '#DDDDDD', '#C9B6E4'];

/** Largest side drawn as a grid of cells; larger boards go to a canvas. */
const GRID_MAX_CELLS = 64 * 64;

const SVG_NS = 'http://www.w3.org/2000/svg';

/** The piece's glyph: a crown for queens, a star for stars, a disc otherwise. */
export function glyph(piece: string, symbol: string): SVGSVGElement {
  const svg = document.createElementNS(SVG_NS, 'svg');
  svg.setAttribute('viewBox', '0 0 24 24');
  svg.setAttribute('aria-hidden', 'true');
  svg.classList.add('glyph');
  const path = document.createElementNS(SVG_NS, 'path');
  if (/queen|king/i.test(piece)) {
    path.setAttribute('d', 'M3 8l4.5 4L12 5l4.5 7L21 8l-2 10H5L3 8zm2.2 11.5h13.6V21H5.2z');
  } else if (/star/i.test(piece)) {
    path.setAttribute('d', 'M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z');
  } else {
    const circle = document.createElementNS(SVG_NS, 'circle');
    circle.setAttribute('cx', '12');
    circle.setAttribute('cy', '12');
    circle.setAttribute('r', '9');
    svg.append(circle);
    const text = document.createElementNS(SVG_NS, 'text');
    text.setAttribute('x', '12');
    text.setAttribute('y', '16.5');
    text.setAttribute('text-anchor', 'middle');
    text.setAttribute('font-size', '12');
    text.setAttribute('class', 'glyph-letter');
    text.textContent = symbol;
    svg.append(text);
    return svg;
  }
  svg.append(path);
  return svg;
}

/** A colour index per region such that neighbouring regions differ where the palette allows. */
export function colourRegions(info: BoardInfo): number[] {
  const regions = info.regions;
  const n = info.region_names.length;
  if (!regions) return [];
  const near: Set<number>[] = Array.from({ length: n }, () => new Set<number>());
  for (let r = 0; r < info.rows; r++) {
    for (let c = 0; c < info.cols; c++) {
      const a = regions[r * info.cols + c];
      if (a === null || a === undefined) continue;
      for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [1, -1]] as const) {
        const rr = r + dr, cc = c + dc;
        if (rr >= info.rows || cc < 0 || cc >= info.cols) continue;
        const b = regions[rr * info.cols + cc];
        if (b !== null && b !== undefined && b !== a) {
          near[a]!.add(b);
          near[b]!.add(a);
        }
      }
    }
  }
  // Few regions: one colour each. More: neighbours differ, colours evenly used.
  if (n <= PALETTE.length) return Array.from({ length: n }, (_, i) => i);
  const colour: number[] = new Array<number>(n).fill(-1);
  const used = new Array<number>(PALETTE.length).fill(0);
  for (let i = 0; i < n; i++) {
    const taken = new Set([...near[i]!].map((j) => colour[j]));
    let pick = -1;
    for (let p = 0; p < PALETTE.length; p++) {
      if (!taken.has(p) && (pick < 0 || used[p]! < used[pick]!)) pick = p;
    }
    if (pick < 0) pick = i % PALETTE.length;
    colour[i] = pick;
    used[pick]!++;
  }
  return colour;
}

export interface BoardInput {
  /** A pointer went down on a cell (1 = primary button). */
  press?(row: number, col: number, event: PointerEvent): void;
  /** The pointer, still down, entered another cell. */
  drag?(row: number, col: number): void;
  /** The pointer went up (or left the board). */
  release?(): void;
  /** A key on the focused cell; return true when handled. */
  key?(key: string, row: number, col: number, event: KeyboardEvent): boolean;
}

export interface BoardOptions {
  /** The board's test id (default `board`). */
  testid?: string;
  /** The cells' test id (default `cell`). */
  cellTestid?: string;
  /** Colour region i with palette colour i (an editor's brushes), not by neighbours. */
  indexColours?: boolean;
}

export class BoardView {
  readonly el: HTMLElement;
  info: BoardInfo | null = null;
  private cells: HTMLElement[] = [];
  private canvas: HTMLCanvasElement | null = null;
  private focus = 0;
  private down = false;
  private lastDrag = -1;

  constructor(
    private label: string,
    private input: BoardInput = {},
    private options: BoardOptions = {},
  ) {
    this.el = h('div', { class: 'board', 'data-testid': options.testid ?? 'board', role: 'grid', 'aria-label': label });
    this.el.addEventListener('pointerdown', (e) => this.pointerDown(e));
    this.el.addEventListener('pointermove', (e) => this.pointerMove(e));
    window.addEventListener('pointerup', () => this.pointerUp());
    window.addEventListener('pointercancel', () => this.pointerUp());
    this.el.addEventListener('keydown', (e) => this.keyDown(e));
    this.el.addEventListener('contextmenu', (e) => e.preventDefault());
  }

  /** Builds the cells of a board. */
  setBoard(info: BoardInfo): void {
    this.info = info;
    this.el.replaceChildren();
    this.cells = [];
    this.canvas = null;
    const { rows, cols } = info;
    this.el.style.setProperty('--rows', String(rows));
    this.el.style.setProperty('--cols', String(cols));
    this.el.dataset['rows'] = String(rows);
    this.el.dataset['cols'] = String(cols);
    this.el.classList.toggle('large', rows * cols > GRID_MAX_CELLS);
    if (rows * cols > GRID_MAX_CELLS) {
      this.canvas = h('canvas', { class: 'board-canvas', width: cols, height: rows, 'aria-label': `${rows}×${cols} board` });
      this.el.append(this.canvas);
      this.drawCanvas([]);
      return;
    }
    const colours = this.options.indexColours
      ? info.region_names.map((_, i) => i % PALETTE.length)
      : colourRegions(info);
    const region = (r: number, c: number): number | null =>
      r < 0 || c < 0 || r >= rows || c >= cols ? -1 : (info.regions?.[r * cols + c] ?? null);
    const holes = new Set(info.holes);
    for (let r = 0; r < rows; r++) {
      const row = h('div', { class: 'board-row', role: 'row' });
      for (let c = 0; c < cols; c++) {
        const i = r * cols + c;
        const reg = region(r, c);
        const cell = h('div', {
          class: 'cell',
          role: 'gridcell',
          'data-testid': this.options.cellTestid ?? 'cell',
          'data-row': r + 1,
          'data-col': c + 1,
          'data-state': 'empty',
          tabindex: i === 0 ? 0 : -1,
        });
        if (reg !== null && reg >= 0) {
          cell.dataset['region'] = info.region_names[reg] ?? String(reg);
          cell.style.background = PALETTE[colours[reg] ?? 0]!;
        }
        if (holes.has(i)) cell.classList.add('hole');
        cell.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}${cell.dataset['region'] ? `, region ${cell.dataset['region']}` : ''}: open`);
        if (info.regions) {
          if (region(r - 1, c) !== reg) cell.classList.add('et');
          if (region(r + 1, c) !== reg) cell.classList.add('eb');
          if (region(r, c - 1) !== reg) cell.classList.add('el');
          if (region(r, c + 1) !== reg) cell.classList.add('er');
        }
        this.cells.push(cell);
        row.append(cell);
      }
      this.el.append(row);
    }
    this.focus = 0;
    this.label && this.el.setAttribute('aria-label', `${this.label}, ${rows} by ${cols}`);
  }

  /** The cell element at (row, col), 0-based. */
  cell(row: number, col: number): HTMLElement | undefined {
    return this.info ? this.cells[row * this.info.cols + col] : undefined;
  }

  /** Sets every cell's state. */
  setStates(state: (row: number, col: number) => CellState): void {
    const info = this.info;
    if (!info) return;
    if (this.canvas) {
      const pieces: Cell[] = [];
      for (let r = 0; r < info.rows; r++) for (let c = 0; c < info.cols; c++) if (state(r, c) === 'piece') pieces.push([r, c]);
      this.drawCanvas(pieces);
      return;
    }
    for (let r = 0; r < info.rows; r++) {
      for (let c = 0; c < info.cols; c++) this.setState(r, c, state(r, c));
    }
  }

  /** Pieces on `cells`, every other cell empty. */
  setPieces(cells: Cell[]): void {
    if (this.canvas) {
      this.drawCanvas(cells);
      return;
    }
    const on = new Set(cells.map(([r, c]) => `${r},${c}`));
    this.setStates((r, c) => (on.has(`${r},${c}`) ? 'piece' : 'empty'));
  }

  /** Shows a state on one cell until the next update (a drag in progress). */
  previewState(r: number, c: number, s: CellState): void {
    this.setState(r, c, s);
  }

  private setState(r: number, c: number, s: CellState): void {
    const cell = this.cell(r, c);
    const info = this.info;
    if (!cell || !info || cell.dataset['state'] === s) return;
    cell.dataset['state'] = s;
    cell.replaceChildren();
    if (s === 'piece') cell.append(glyph(info.piece, info.symbol));
    else if (s === 'mark') cell.append(h('span', { class: 'mark', 'aria-hidden': 'true', text: '×' }));
    cell.setAttribute('aria-label', `row ${r + 1}, column ${c + 1}${cell.dataset['region'] ? `, region ${cell.dataset['region']}` : ''}: ${s === 'piece' ? info.piece : s === 'mark' ? 'marked empty' : 'open'}`);
  }

  /** Adds `name` to the cells listed, removing it from every other cell. */
  flag(name: string, cells: Cell[]): void {
    for (const el of this.cells) el.classList.remove(name);
    for (const [r, c] of cells) this.cell(r, c)?.classList.add(name);
  }

  /** Shows a hint: cells to place, to exclude, and the cells its reason is about. */
  setHint(place: Cell[], exclude: Cell[], focus: Cell[]): void {
    this.clearHint();
    for (const [r, c] of focus) this.cell(r, c)?.classList.add('focus');
    for (const [r, c] of exclude) this.cell(r, c)?.setAttribute('data-hint', 'exclude');
    for (const [r, c] of place) this.cell(r, c)?.setAttribute('data-hint', 'place');
  }

  clearHint(): void {
    for (const el of this.cells) {
      el.removeAttribute('data-hint');
      el.classList.remove('focus');
    }
  }

  private drawCanvas(pieces: Cell[]): void {
    const canvas = this.canvas;
    const info = this.info;
    if (!canvas || !info) return;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.fillStyle = '#f6f4ee';
    ctx.fillRect(0, 0, info.cols, info.rows);
    ctx.fillStyle = '#374151';
    for (const hole of info.holes) ctx.fillRect(hole % info.cols, Math.floor(hole / info.cols), 1, 1);
    ctx.fillStyle = '#1d3557';
    for (const [r, c] of pieces) ctx.fillRect(c, r, 1, 1);
  }

  private at(e: Event): [number, number] | null {
    const target = (e.target as Element | null)?.closest?.('.cell') as HTMLElement | null;
    if (!target || !this.el.contains(target)) return null;
    return [Number(target.dataset['row']) - 1, Number(target.dataset['col']) - 1];
  }

  private pointerDown(e: PointerEvent): void {
    const at = this.at(e);
    if (!at || !this.input.press) return;
    e.preventDefault();
    this.down = true;
    this.lastDrag = at[0] * (this.info?.cols ?? 0) + at[1];
    this.moveFocus(at[0], at[1], false);
    (e.target as Element).releasePointerCapture?.(e.pointerId);
    this.input.press(at[0], at[1], e);
  }

  private pointerMove(e: PointerEvent): void {
    if (!this.down || !this.input.drag) return;
    // Touch pointers are captured by the first cell: find the cell under the finger.
    const under = document.elementFromPoint(e.clientX, e.clientY);
    const cell = under?.closest('.cell') as HTMLElement | null;
    if (!cell || !this.el.contains(cell)) return;
    const r = Number(cell.dataset['row']) - 1, c = Number(cell.dataset['col']) - 1;
    const i = r * (this.info?.cols ?? 0) + c;
    if (i === this.lastDrag) return;
    this.lastDrag = i;
    this.input.drag(r, c);
  }

  private pointerUp(): void {
    if (!this.down) return;
    this.down = false;
    this.lastDrag = -1;
    this.input.release?.();
  }

  private moveFocus(r: number, c: number, focus = true): void {
    const info = this.info;
    if (!info || this.canvas) return;
    const i = Math.max(0, Math.min(info.rows - 1, r)) * info.cols + Math.max(0, Math.min(info.cols - 1, c));
    this.cells[this.focus]?.setAttribute('tabindex', '-1');
    this.focus = i;
    const cell = this.cells[i];
    cell?.setAttribute('tabindex', '0');
    if (focus) cell?.focus();
  }

  private keyDown(e: KeyboardEvent): void {
    const info = this.info;
    if (!info || this.canvas) return;
    const r = Math.floor(this.focus / info.cols), c = this.focus % info.cols;
    const moves: Record<string, [number, number]> = {
      ArrowUp: [-1, 0],
      ArrowDown: [1, 0],
      ArrowLeft: [0, -1],
      ArrowRight: [0, 1],
    };
    const move = moves[e.key];
    if (move) {
      e.preventDefault();
      this.moveFocus(r + move[0], c + move[1]);
      if (e.shiftKey && this.input.drag) this.input.drag(Math.floor(this.focus / info.cols), this.focus % info.cols);
      return;
    }
    if (this.input.key?.(e.key, r, c, e)) e.preventDefault();
  }
}
