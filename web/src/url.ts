/**
 * The page's URL forms (docs/WEB.md):
 *
 * - `#play=GAME&k=K&regions=ROW/ROW/…` a puzzle to play;
 * - `#make=GAME&k=K&size=N` the puzzle editor (`&regions=…` to start from one);
 * - `#rules=URLENCODED_TOML&set=n%3D8` the rules playground;
 * - `#play`, `#make`, `#rules` a view with its defaults.
 *
 * Parsing never throws: what cannot be read becomes a message for the page.
 */

export type View = 'play' | 'make' | 'rules';

export const GAMES = ['region-queens', 'star-battle'] as const;
export type Game = (typeof GAMES)[number];

export interface PlayRoute {
  view: 'play';
  game: Game;
  k: number;
  /** The picture, one line per row; empty for the view's default. */
  regions: string;
}

export interface MakeRoute {
  view: 'make';
  /** `#make` alone: keep what the editor has. */
  bare?: boolean;
  game: Game;
  k: number;
  size: number;
  regions: string;
}

export interface RulesRoute {
  view: 'rules';
  /** `#rules` alone: keep what the editor has. */
  bare?: boolean;
  /** The TOML text; empty for the default rule. */
  toml: string;
  set: string;
}

export type Route = PlayRoute | MakeRoute | RulesRoute;

export interface Parsed {
  route: Route;
  /** What could not be read, for the page to show. */
  problem: string | null;
}

const DEFAULT: Route = { view: 'play', game: 'region-queens', k: 1, regions: '' };

function decode(text: string): string | null {
  try {
    return decodeURIComponent(text.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** Reads a hash (with or without its `#`). */
export function parse(hash: string): Parsed {
  const text = hash.replace(/^#/, '');
  if (text === '') return { route: DEFAULT, problem: null };
  const pairs: [string, string][] = [];
  for (const part of text.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    const key = decode(eq < 0 ? part : part.slice(0, eq));
    const value = eq < 0 ? '' : decode(part.slice(eq + 1));
    if (key === null || value === null) {
      return { route: DEFAULT, problem: 'the link is not valid URL encoding' };
    }
    pairs.push([key, value]);
  }
  const [view, first] = pairs[0] ?? ['', ''];
  const params = new Map(pairs.slice(1));
  const problems: string[] = [];
  const game = (): Game => {
    const g = first === '' ? 'region-queens' : first;
    if ((GAMES as readonly string[]).includes(g)) return g as Game;
    problems.push(`unknown game \`${g}\`; valid: ${GAMES.join(', ')}`);
    return 'region-queens';
  };
  const int = (name: string, fallback: number, lo: number, hi: number): number => {
    const raw = params.get(name);
    if (raw === undefined || raw === '') return fallback;
    const n = Number(raw);
    if (!Number.isInteger(n) || n < lo || n > hi) {
      problems.push(`${name}=${raw} is not a whole number from ${lo} to ${hi}`);
      return fallback;
    }
    return n;
  };
  const regions = (): string => (params.get('regions') ?? '').split('/').join('\n').trim();
  let route: Route;
  switch (view) {
    case 'play': {
      const g = game();
      route = { view: 'play', game: g, k: g === 'star-battle' ? int('k', 1, 1, 6) : 1, regions: regions() };
      break;
    }
    case 'make': {
      const g = game();
      const picture = regions();
      const rows = picture === '' ? 0 : picture.split('\n').length;
      route = {
        view: 'make',
        bare: pairs.length === 1 && first === '',
        game: g,
        k: g === 'star-battle' ? int('k', 1, 1, 6) : 1,
        size: int('size', rows >= 4 && rows <= 26 ? rows : 8, 4, 26),
        regions: picture,
      };
      break;
    }
    case 'rules':
      route = { view: 'rules', bare: pairs.length === 1 && first === '', toml: first, set: params.get('set') ?? '' };
      break;
    default:
      return { route: DEFAULT, problem: `the link names no view (\`${view.slice(0, 40)}\`): open #play, #make or #rules` };
  }
  return { route, problem: problems.length ? problems.join('; ') : null };
}

/** Writes a route as a hash, `#…`. */
export function format(route: Route): string {
  const enc = encodeURIComponent;
  switch (route.view) {
    case 'play': {
      let s = `#play=${route.game}`;
      if (route.game === 'star-battle') s += `&k=${route.k}`;
      if (route.regions) s += `&regions=${route.regions.split('\n').map(enc).join('/')}`;
      return s;
    }
    case 'make': {
      let s = `#make=${route.game}&k=${route.k}&size=${route.size}`;
      if (route.regions) s += `&regions=${route.regions.split('\n').map(enc).join('/')}`;
      return s;
    }
    case 'rules': {
      let s = `#rules=${enc(route.toml)}`;
      if (route.set) s += `&set=${enc(route.set)}`;
      return s;
    }
  }
}

/** Writes the address of a view's state, if that view is the one shown (late work of a view left must not). */
export function showHash(view: HTMLElement, hash: string): void {
  if (view.isConnected && location.hash !== hash) history.replaceState(null, '', hash);
}
