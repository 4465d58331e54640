/**
 * The example puzzles shipped in the repository (examples/puzzles/), built
 * into the page: each with its game and pieces per unit.
 */
import type { Game } from './url';

export interface Example {
  /** The file's name without `.txt`. */
  id: string;
  title: string;
  game: Game;
  k: number;
  /** The file's text, as the command line reads it. */
  text: string;
}

const files = import.meta.glob('../../examples/puzzles/*.txt', {
  query: '?raw',
  import: 'default',
  eager: true,
}) as Record<string, string>;

/** Pieces per unit: the example files do not say, the README's commands do. */
const STARS: Record<string, number> = { 'star-battle-10': 2 };

export const EXAMPLES: Example[] = Object.entries(files)
  .map(([path, text]) => {
    const id = path.replace(/^.*\//, '').replace(/\.txt$/, '');
    const game: Game = id.startsWith('star-battle') ? 'star-battle' : 'region-queens';
    const k = STARS[id] ?? 1;
    const rows = text.split('\n').filter((l) => l.trim() && !l.trim().startsWith('#')).length;
    const title = game === 'star-battle' ? `Star Battle ${rows}×${rows}, ${k}★${id.endsWith('marks') ? ' (with givens)' : ''}` : `Queens ${rows}×${rows}`;
    return { id, title, game, k, text };
  })
  .sort((a, b) => (a.game === b.game ? a.text.length - b.text.length : a.game < b.game ? -1 : 1));
