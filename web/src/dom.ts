/** Small helpers to build the page's elements. */

type Child = Node | string | number | null | undefined | false;
type Props = Record<string, unknown>;

/**
 * An element with properties and children: `class`, `text`, `on…` event
 * handlers, `data-…`/`aria-…` and other attributes, or element properties.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Props = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (key === 'class') el.className = String(value);
    else if (key === 'text') el.textContent = String(value);
    else if (key.startsWith('on') && typeof value === 'function') {
      el.addEventListener(key.slice(2), value as EventListener);
    } else if (key.includes('-') || ['role', 'for', 'title', 'tabindex'].includes(key)) {
      el.setAttribute(key, value === true ? '' : String(value));
    } else {
      (el as unknown as Record<string, unknown>)[key] = value;
    }
  }
  append(el, children);
  return el;
}

/** Appends children, skipping empty ones. */
export function append(el: Element, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === 'number' ? String(c) : c);
  }
}

/** A labelled control: `<label>text control</label>`. */
export function field(label: string, control: HTMLElement, hint?: string): HTMLLabelElement {
  return h('label', { class: 'field' }, h('span', { class: 'field-label', text: label }), control, hint ? h('small', { text: hint }) : null);
}

/** A button with an accessible name and an optional test id. */
export function button(label: string, onclick: () => void, props: Props = {}): HTMLButtonElement {
  return h('button', { type: 'button', text: label, onclick, ...props });
}

/** A function that runs once calls stop for `ms`; `flush()` runs a pending call now. */
export interface Debounced<A extends unknown[]> {
  (...args: A): void;
  flush(): void;
}

/** Runs `fn` once `ms` have passed without another call. */
export function debounce<A extends unknown[]>(ms: number, fn: (...args: A) => void): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: A | null = null;
  const run = () => {
    timer = undefined;
    const args = pending;
    pending = null;
    if (args) fn(...args);
  };
  const debounced = (...args: A) => {
    if (timer !== undefined) clearTimeout(timer);
    pending = args;
    timer = setTimeout(run, ms);
  };
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer);
    run();
  };
  return debounced;
}

/** Formats a big decimal count with thin spaces between groups of three. */
export function groupDigits(count: string): string {
  return count.replace(/\B(?=(\d{3})+(?!\d))/g, '\u2009');
}
