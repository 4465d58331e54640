/** The Make view: paint regions, see whether the puzzle is unique, generate. */
import { h } from '../dom';
import type { MakeRoute } from '../url';

export class MakeView {
  readonly el: HTMLElement;
  constructor() {
    this.el = h('section', { class: 'view make' }, h('h2', { class: 'view-title', text: 'Make' }));
  }
  async open(_route: MakeRoute): Promise<void> {}
}
