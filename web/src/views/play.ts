/**
 * The Play view: a region puzzle on a board. The play session itself lives
 * in Rust (`placer::play::Game`, coming on branch `play`); until it lands
 * this view only shows the puzzle.
 */
import { BoardView } from '../board';
import { h } from '../dom';
import { Engine, Failure } from '../engine';
import type { Analysis } from '../protocol';
import type { PlayRoute } from '../url';

export class PlayView {
  readonly el: HTMLElement;
  private engine = new Engine();
  private board = new BoardView('puzzle');
  private status = h('p', { class: 'status', 'data-testid': 'status', role: 'status' });

  constructor() {
    this.el = h(
      'section',
      { class: 'view play', 'aria-labelledby': 'play-title' },
      h('h2', { id: 'play-title', class: 'view-title', text: 'Play' }),
      this.status,
      h('div', { class: 'board-wrap' }, this.board.el),
    );
  }

  async open(route: PlayRoute): Promise<void> {
    if (!route.regions) {
      this.status.textContent = 'pick a puzzle';
      return;
    }
    try {
      const a = await this.engine.run<Analysis>({ task: 'analyse', game: route.game, k: route.k, picture: route.regions });
      this.board.setBoard(a.board);
      this.status.textContent = '';
    } catch (e) {
      this.status.textContent = e instanceof Failure ? e.detail.text : String(e);
    }
  }
}
