/**
 * The Rules view: a TOML editor preloaded with any built-in rule,
 * `--set`-style parameters, errors as the command line prints them (marked
 * in the editor's gutter), the count with the method the plan chose, and
 * the solutions one at a time (Previous/Next) on a drawn board.
 */
import { BoardView } from '../board';
import { Busy } from '../busy';
import { button, debounce, type Debounced, field, groupDigits, h } from '../dom';
import { Cancelled, Engine, Failure } from '../engine';
import type { BoardInfo, Builtin, Checked, Counted, EngineError, Shown } from '../protocol';
import { format, showHash, type RulesRoute } from '../url';

const DEFAULT_RULE = 'queens';
const DEFAULT_SET = 'n=8';

export class RulesView {
  readonly el: HTMLElement;
  private engine = new Engine();
  private builtins: Builtin[] = [];
  private select = h('select', { 'aria-label': 'built-in rule', 'data-testid': 'rules-builtin' });
  private editor = h('textarea', {
    class: 'editor-text',
    spellcheck: false,
    'data-testid': 'rules-editor',
    'aria-label': 'rule file (TOML)',
    rows: 16,
    wrap: 'off',
  });
  private gutter = h('div', { class: 'gutter', 'aria-hidden': 'true' });
  private params = h('input', { type: 'text', 'data-testid': 'rules-set', placeholder: 'n=8, k=2', autocomplete: 'off', spellcheck: false });
  private unique = h('input', { type: 'checkbox', 'data-testid': 'unique' });
  private paramFields = h('div', { class: 'row params', 'data-testid': 'param-fields' });
  private error = h('pre', { class: 'error', 'data-testid': 'rules-error', role: 'alert', hidden: true });
  private plan = h('p', { class: 'plan', 'data-testid': 'rules-plan' });
  private countValue = h('output', { class: 'count', 'data-testid': 'count-value' });
  private countMethod = h('p', { class: 'method', 'data-testid': 'count-method' });
  private solutionLabel = h('p', { class: 'solution-label', 'data-testid': 'solution-label', 'aria-live': 'polite' });
  private board = new BoardView('solution');
  private busy = new Busy(() => this.cancel());
  private countButton = button('Count', () => void this.count(), { 'data-testid': 'count', class: 'primary' });
  private prevButton = button('Previous', () => void this.step(-1), { 'data-testid': 'previous', disabled: true });
  private nextButton = button('Next', () => void this.step(1), { 'data-testid': 'next' });
  private checkSeq = 0;
  /** The open solution lister (a handle in the worker) and the shown index. */
  private lister: { handle: number; generation: number; board: BoardInfo } | null = null;
  private index = -1;
  private total: number | null = null;
  private ready: Promise<void>;

  constructor() {
    const check = (this.checkLater = debounce(250, () => this.changed()));
    this.editor.addEventListener('input', () => {
      this.renumber();
      check();
    });
    this.editor.addEventListener('scroll', () => (this.gutter.scrollTop = this.editor.scrollTop));
    this.params.addEventListener('input', check);
    this.unique.addEventListener('change', () => this.changed());
    this.select.addEventListener('change', () => this.load(this.select.value));
    this.el = h(
      'section',
      { class: 'view rules', 'aria-labelledby': 'rules-title' },
      h('h2', { id: 'rules-title', class: 'view-title', text: 'Rules playground' }),
      h(
        'div',
        { class: 'columns' },
        h(
          'div',
          { class: 'column' },
          h('div', { class: 'row' }, field('Built-in rule', this.select), field('Parameters', this.params, '--set style: n=8, k=2')),
          this.paramFields,
          h('div', { class: 'editor' }, this.gutter, this.editor),
          this.error,
          this.plan,
        ),
        h(
          'div',
          { class: 'column' },
          h(
            'div',
            { class: 'row controls' },
            this.countButton,
            h('label', { class: 'switch' }, this.unique, h('span', { text: 'unique (up to symmetry)' })),
          ),
          this.busy.el,
          h('div', { class: 'result' }, h('span', { class: 'result-label', text: 'Count: ' }), this.countValue),
          this.countMethod,
          h('div', { class: 'row controls' }, this.prevButton, this.nextButton),
          this.solutionLabel,
          h('div', { class: 'board-wrap' }, this.board.el),
        ),
      ),
    );
    this.ready = this.engine.run<Builtin[]>({ task: 'builtins' }).then((list) => {
      this.builtins = list;
      this.select.replaceChildren(
        h('option', { value: '', text: '(your own)' }),
        ...list.map((b) => h('option', { value: b.name, text: `${b.name} — ${b.summary}` })),
      );
    });
  }

  /** Opens the view on a route. */
  async open(route: RulesRoute): Promise<void> {
    await this.ready;
    if (route.bare && this.editor.value) {
      showHash(this.el, format({ view: 'rules', toml: this.editor.value, set: this.params.value.trim() }));
      return;
    }
    if (route.toml) {
      this.editor.value = route.toml;
      this.params.value = route.set;
      const same = this.builtins.find((b) => b.text === route.toml);
      this.select.value = same ? same.name : '';
    } else {
      this.load(DEFAULT_RULE, route.set || DEFAULT_SET);
      return;
    }
    this.renumber();
    this.changed();
  }

  private load(name: string, set?: string): void {
    const rule = this.builtins.find((b) => b.name === name);
    if (!rule) return;
    this.select.value = name;
    this.editor.value = rule.text;
    if (set !== undefined) this.params.value = set;
    this.renumber();
    this.changed();
  }

  private renumber(): void {
    const lines = this.editor.value.split('\n').length;
    if (this.gutter.childElementCount !== lines) {
      this.gutter.replaceChildren(...Array.from({ length: lines }, (_, i) => h('div', { text: i + 1 })));
    }
    for (const el of this.gutter.children) el.classList.remove('bad');
  }

  /** The rules or parameters changed: forget results, check again, update the link. */
  private changed(): void {
    // End only work in progress: a new worker starts cold (compiles the module again).
    if (this.engine.busy) this.engine.cancel();
    this.busy.stop();
    this.lister = null;
    this.index = -1;
    this.total = null;
    this.countValue.textContent = '';
    this.countMethod.textContent = '';
    this.solutionLabel.textContent = '';
    this.prevButton.disabled = true;
    this.nextButton.disabled = false;
    this.board.el.replaceChildren();
    const route: RulesRoute = { view: 'rules', toml: this.editor.value, set: this.params.value.trim() };
    showHash(this.el, format(route));
    void this.check();
  }

  private async check(): Promise<void> {
    const seq = ++this.checkSeq;
    try {
      const checked = await this.engine.run<Checked>({ task: 'check', text: this.editor.value, set: this.params.value });
      if (seq !== this.checkSeq) return;
      this.showError(null);
      this.showParams(checked.params);
      const b = checked.board;
      this.plan.textContent = `${checked.board.name}: ${b.rows}×${b.cols} board, ${b.count} ${b.piece}${b.count === 1 ? '' : 's'}; search: ${checked.method}; symmetry: ${checked.symmetry}`;
      this.countButton.disabled = false;
      this.nextButton.disabled = false;
      // The first solution at once (big N-queens by the construction).
      if (this.index < 0) void this.show(0);
    } catch (e) {
      if (seq !== this.checkSeq || e instanceof Cancelled) return;
      this.showError(e);
    }
  }

  /** One number field per parameter of the rules; editing one rewrites the parameters text. */
  private showParams(params: [string, number][]): void {
    const names = params.map(([n]) => n).join(',');
    if (this.paramFields.dataset['names'] === names) {
      for (const [name, value] of params) {
        const input = this.paramFields.querySelector<HTMLInputElement>(`input[data-param="${name}"]`);
        if (input && document.activeElement !== input) input.value = String(value);
      }
      return;
    }
    this.paramFields.dataset['names'] = names;
    this.paramFields.replaceChildren(
      ...params.map(([name, value]) => {
        const input = h('input', { type: 'number', value, 'data-param': name, 'aria-label': `parameter ${name}` });
        input.addEventListener('change', () => this.setParam(name, input.value));
        return h('label', { class: 'field param' }, h('span', { class: 'field-label', text: name }), input);
      }),
    );
  }

  private setParam(name: string, value: string): void {
    const pairs = this.params.value
      .split(/[,;\s]+/)
      .filter((p) => p && !p.startsWith(`${name}=`));
    if (value.trim() !== '') pairs.push(`${name}=${value.trim()}`);
    this.params.value = pairs.join(', ');
    this.changed();
  }

  private showError(e: unknown): void {
    for (const el of this.gutter.children) el.classList.remove('bad');
    if (e === null) {
      this.error.hidden = true;
      this.error.textContent = '';
      this.editor.removeAttribute('aria-invalid');
      return;
    }
    this.plan.textContent = '';
    const detail: EngineError | null = e instanceof Failure ? e.detail : null;
    this.error.hidden = false;
    this.error.textContent = detail ? detail.text : String(e instanceof Error ? e.message : e);
    if (detail?.line && detail.source === 'rules.toml') {
      this.gutter.children[detail.line - 1]?.classList.add('bad');
      this.editor.setAttribute('aria-invalid', 'true');
    }
    this.countButton.disabled = true;
    this.nextButton.disabled = true;
  }

  private cancel(): void {
    this.engine.cancel();
    this.busy.stop();
    this.lister = null;
  }

  private async count(): Promise<void> {
    this.checkLater.flush();
    if (this.searching) this.cancel();
    this.countValue.textContent = '';
    this.countMethod.textContent = '';
    this.busy.start('Counting…');
    try {
      const counted = await this.engine.run<Counted>(
        { task: 'count', text: this.editor.value, set: this.params.value, unique: this.unique.checked },
        (done, total) => this.busy.progress(done, total),
      );
      this.countValue.textContent = groupDigits(counted.count);
      this.countValue.dataset['count'] = counted.count;
      this.countMethod.textContent = `method: ${counted.method}${counted.reason ? ` (${counted.reason})` : ''}`;
    } catch (e) {
      if (e instanceof Cancelled) this.countMethod.textContent = 'count cancelled';
      else this.showError(e);
    } finally {
      this.busy.stop();
    }
  }

  private searching = false;
  private checkLater: Debounced<[]>;
  private fast = false;

  /** Next (+1) or Previous (-1), after any pending edit is taken in. */
  private step(by: number): Promise<void> {
    this.checkLater.flush();
    return this.show(this.index + by);
  }

  private async show(index: number): Promise<void> {
    if (index < 0) return;
    this.checkLater.flush();
    this.busy.start('Searching…');
    this.searching = true;
    try {
      const lister = await this.openLister();
      const shown = await this.engine.run<Shown | null>({ task: 'list-get', handle: lister.handle, index });
      if (lister !== this.lister) return;
      if (shown) {
        this.fast = shown.fast;
        this.index = shown.index;
        this.total = shown.total;
        this.board.setPieces(shown.cells);
      } else if (index === 0) {
        this.total = 0;
      }
      this.total = shown?.total ?? this.total;
      this.describeSolution(shown === null);
    } catch (e) {
      if (!(e instanceof Cancelled)) this.showError(e);
    } finally {
      this.searching = false;
      this.busy.stop();
    }
  }

  /** The open lister, opened once for concurrent callers. */
  private openLister(): Promise<{ handle: number; generation: number; board: BoardInfo }> {
    if (this.lister && this.lister.generation === this.engine.generation) return Promise.resolve(this.lister);
    if (this.opening && this.openingGeneration === this.engine.generation) return this.opening;
    const generation = this.engine.generation;
    this.openingGeneration = generation;
    this.opening = this.engine
      .run<{ handle: number; board: BoardInfo }>({ task: 'list-open', text: this.editor.value, set: this.params.value, unique: this.unique.checked })
      .then((opened) => {
        this.lister = { ...opened, generation };
        this.board.setBoard(opened.board);
        return this.lister;
      })
      .finally(() => {
        this.opening = null;
      });
    return this.opening;
  }

  private opening: Promise<{ handle: number; generation: number; board: BoardInfo }> | null = null;
  private openingGeneration = -1;

  private describeSolution(pastEnd: boolean): void {
    const total = this.total;
    if (total === 0) {
      this.solutionLabel.textContent = 'no solution';
      this.nextButton.disabled = true;
      return;
    }
    const of = total !== null ? ` of ${total}` : '';
    const end = pastEnd
      ? this.fast
        ? ' — no more come at once on a board this big (the command line lists them all with --all)'
        : ' — that was the last one'
      : '';
    this.solutionLabel.textContent = `solution ${this.index + 1}${of}${end}`;
    this.prevButton.disabled = this.index <= 0;
    this.nextButton.disabled = (total !== null && this.index + 1 >= total) || (pastEnd && this.fast);
  }
}
