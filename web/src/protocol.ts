/**
 * The messages between the page and the engine worker, and the data the
 * engine answers with (the JSON shapes of `web/wasm/src/`).
 */

/** A task the worker runs: one call into the WebAssembly module. */
export type Task =
  | { task: 'builtins' }
  | { task: 'check'; text: string; set: string }
  | { task: 'count'; text: string; set: string; unique: boolean }
  | { task: 'list-open'; text: string; set: string; unique: boolean }
  | { task: 'list-get'; handle: number; index: number }
  | { task: 'analyse'; game: string; k: number; picture: string }
  | { task: 'blank-svg'; game: string; k: number; picture: string }
  | { task: 'generate'; game: string; k: number; size: number; seed: number; difficulty: string }
  | { task: 'play-open'; share: string; game: string; k: number; picture: string }
  | { task: 'play'; handle: number; action: PlayAction };

/** What the Play view asks of its session; each answers with the board, or a hint or a path. */
export type PlayAction =
  | { do: 'view' | 'undo' | 'redo' | 'reset' | 'solve' | 'hint' | 'explain' }
  | { do: 'click'; row: number; col: number }
  | { do: 'set'; cells: Cell[]; state: '.' | 'x' | 's' }
  | { do: 'auto-marks'; on: boolean };

/** Page → worker. */
export interface Request {
  id: number;
  task: Task;
}

/** Worker → page: progress, the JSON reply, or a crash (a panic or a trap). */
export type Response =
  | { id: number; kind: 'progress'; done: number; total: number }
  | { id: number; kind: 'reply'; json: string }
  | { id: number; kind: 'crash'; message: string };

/** An error as the library reports it, with line and column when it has them. */
export interface EngineError {
  message: string;
  help: string | null;
  source: string | null;
  line: number | null;
  column: number | null;
  end_line: number | null;
  end_column: number | null;
  /** The whole message as the command line prints it. */
  text: string;
}

/** A board to draw: cells are row-major indices from 0. */
export interface BoardInfo {
  name: string;
  rows: number;
  cols: number;
  piece: string;
  symbol: string;
  count: number;
  holes: number[];
  givens: number[];
  regions: (number | null)[] | null;
  region_names: string[];
}

export interface Builtin {
  name: string;
  summary: string;
  text: string;
}

export interface Checked {
  board: BoardInfo;
  summary: string;
  params: [string, number][];
  method: string;
  symmetry: string;
  text: string;
}

export interface Counted {
  count: string;
  method: string;
  describe: string;
  reason: string | null;
}

/** `[row, col]`, from 0. */
export type Cell = [number, number];

export interface Shown {
  index: number;
  cells: Cell[];
  total: number | null;
  /** In `--first`'s order (big boards), which may stop before the last. */
  fast: boolean;
}

export interface Analysis {
  board: BoardInfo;
  verdict: 'none' | 'unique' | 'several';
  reason: string | null;
  solutions: Cell[][];
  differ: Cell[];
  grade: string | null;
  guesses: number;
  disconnected: string[];
  /** The puzzle as a line of Star Battle Notation, when it has one. */
  sbn: string | null;
}

export interface Generated {
  picture: string;
  solution: Cell[];
  seed: string;
  grade: string | null;
}

/** The player's board (web/wasm/src/play.rs `View`). */
export interface GameView {
  game: string;
  k: number;
  rows: number;
  cols: number;
  piece: string;
  symbol: string;
  regions: number[];
  region_names: string[];
  /** `.` empty, `x` mark, `s` piece, row-major. */
  states: string;
  fixed: Cell[];
  attacks: Cell[];
  over: Cell[][];
  short: Cell[][];
  conflicts: string[];
  solved: boolean;
  can_undo: boolean;
  can_redo: boolean;
  auto_marks: boolean;
  share: string;
}

export interface HintView {
  kind: 'step' | 'wrong' | 'solved' | 'stuck';
  text: string;
  technique: string | null;
  grade: string | null;
  place: Cell[];
  exclude: Cell[];
  focus: Cell[];
  wrong: Cell[];
}

export interface PathStep {
  technique: string;
  title: string;
  grade: string;
  reason: string;
  place: Cell[];
  exclude: Cell[];
  focus: Cell[];
  board: string;
}

export interface Explained {
  steps: PathStep[];
  solved: boolean;
  guesses: number;
  grade: string | null;
  stuck: string | null;
  /** On a grid with several solutions: the sentence saying so (no grade then). */
  not_unique: string | null;
}
