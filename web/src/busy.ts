/**
 * The progress line of long work (a count, a generation): what runs, a bar
 * when the parts are known, the time so far, and Cancel.
 */
import { button, h } from './dom';

export class Busy {
  readonly el: HTMLElement;
  private label: HTMLElement;
  private bar: HTMLProgressElement;
  private clock: HTMLElement;
  private started = 0;
  private timer: ReturnType<typeof setInterval> | undefined;

  constructor(onCancel: () => void, testid = 'busy') {
    this.label = h('span', { class: 'busy-label' });
    this.bar = h('progress', { max: 1, 'aria-label': 'progress' });
    this.clock = h('span', { class: 'busy-clock' });
    this.el = h(
      'div',
      { class: 'busy', role: 'status', 'data-testid': testid, hidden: true },
      h('span', { class: 'spinner', 'aria-hidden': 'true' }),
      this.label,
      this.bar,
      this.clock,
      button('Cancel', onCancel, { class: 'ghost', 'data-testid': 'cancel' }),
    );
  }

  /** Shows the line with `label`. */
  start(label: string): void {
    this.label.textContent = label;
    this.bar.removeAttribute('value');
    this.started = performance.now();
    this.clock.textContent = '';
    this.el.hidden = false;
    clearInterval(this.timer);
    this.timer = setInterval(() => this.tick(), 250);
  }

  /** `done` of `total` parts. */
  progress(done: number, total: number, unit = 'parts'): void {
    if (total > 0) {
      this.bar.max = total;
      this.bar.value = done;
      this.bar.title = `${done} of ${total} ${unit}`;
    }
  }

  private tick(): void {
    const s = (performance.now() - this.started) / 1000;
    this.clock.textContent = `${s.toFixed(1)} s`;
  }

  /** Hides the line. */
  stop(): void {
    clearInterval(this.timer);
    this.el.hidden = true;
  }
}
