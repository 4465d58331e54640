/**
 * The page: a header with the three views (Play, Make, Rules), routed by
 * the URL's hash (see `url.ts`). A link that cannot be read opens the
 * default view with a message, never a blank page.
 */
import './style.css';
import { h } from './dom';
import { parse, type Route, type View } from './url';
import { MakeView } from './views/make';
import { PlayView } from './views/play';
import { RulesView } from './views/rules';

const banner = h('p', { class: 'banner', role: 'alert', 'data-testid': 'url-error', hidden: true });
const main = h('main', { id: 'main' });
const tabs = new Map<View, HTMLAnchorElement>();
let play: PlayView | undefined;
let make: MakeView | undefined;
let rules: RulesView | undefined;

/** The view of a route, made the first time it is shown. */
function viewOf(r: Route): { el: HTMLElement; open: () => Promise<void> } {
  switch (r.view) {
    case 'play': {
      const v = (play ??= new PlayView());
      return { el: v.el, open: () => v.open(r) };
    }
    case 'make': {
      const v = (make ??= new MakeView());
      return { el: v.el, open: () => v.open(r) };
    }
    case 'rules': {
      const v = (rules ??= new RulesView());
      return { el: v.el, open: () => v.open(r) };
    }
  }
}

function route(): void {
  const parsed = parse(location.hash);
  banner.hidden = parsed.problem === null;
  banner.textContent = parsed.problem ? `This link could not be read: ${parsed.problem}.` : '';
  const r = parsed.route;
  for (const [name, tab] of tabs) tab.setAttribute('aria-current', name === r.view ? 'page' : 'false');
  const { el, open } = viewOf(r);
  // One view in the document at a time, so that test ids stay unique; it is
  // in the document before it opens, so that it may write the address.
  if (main.firstElementChild !== el) main.replaceChildren(el);
  open().catch((e: unknown) => {
    banner.hidden = false;
    banner.textContent = `Something went wrong: ${e instanceof Error ? e.message : String(e)}`;
  });
}

function header(): HTMLElement {
  const nav = h('nav', { 'aria-label': 'views' });
  for (const [name, label] of [
    ['play', 'Play'],
    ['make', 'Make'],
    ['rules', 'Rules'],
  ] as const) {
    const a = h('a', { href: `#${name}`, text: label, 'data-testid': `tab-${name}` });
    tabs.set(name, a);
    nav.append(a);
  }
  return h(
    'header',
    { class: 'top' },
    h('a', { class: 'brand', href: '#play' }, h('img', { src: './favicon.svg', alt: '', width: 28, height: 28 }), h('span', { text: 'placer' })),
    nav,
  );
}

document.body.append(h('a', { class: 'skip', href: '#main', text: 'Skip to the board' }), header(), banner, main);
window.addEventListener('hashchange', route);
route();
