// The end-to-end harness: a tiny static server for web/dist on 127.0.0.1,
// Debian's Chromium driven by playwright-core, and the guards every test
// shares: no console error, no page error, no request that leaves 127.0.0.1.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const here = dirname(fileURLToPath(import.meta.url));
export const WEB = resolve(here, '..');
export const ROOT = resolve(WEB, '..');
export const DIST = join(WEB, 'dist');
export const SHOTS = join(WEB, 'test-results');

const TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

/** Serves `dir` on 127.0.0.1 at a free port; also under the sub-path /sub/. */
export async function serve(dir = DIST) {
  const server = createServer((req, res) => {
    let path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
    if (path.startsWith('/sub/')) path = path.slice(4);
    if (path.endsWith('/')) path += 'index.html';
    const file = normalize(join(dir, path));
    if (!file.startsWith(dir) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404, { 'content-type': 'text/plain' });
      res.end('not found');
      return;
    }
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    res.end(readFileSync(file));
  });
  await new Promise((ok) => server.listen(0, '127.0.0.1', ok));
  const { port } = server.address();
  return { server, origin: `http://127.0.0.1:${port}`, close: () => new Promise((ok) => server.close(ok)) };
}

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export async function launch() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    headless: true,
  });
}

/**
 * A page that records what must never happen: console errors, page errors,
 * requests to anything but the test server. `check()` asserts none did.
 */
export async function guardedPage(browser, origin, viewport = { width: 1200, height: 900 }) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const problems = [];
  // On the context: the page's and its workers' messages and requests alike.
  context.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`page error: ${err.message}`));
  context.on('request', (req) => {
    const url = req.url();
    if (!url.startsWith(origin + '/') && !url.startsWith('data:') && !url.startsWith('blob:')) {
      problems.push(`request left 127.0.0.1: ${url}`);
    }
  });
  context.on('requestfailed', (req) => problems.push(`request failed: ${req.url()} ${req.failure()?.errorText}`));
  context.on('response', (res) => {
    if (res.status() >= 400) problems.push(`HTTP ${res.status()}: ${res.url()}`);
  });
  context.on('weberror', (err) => problems.push(`web error: ${err.error().message}`));
  page.problems = problems;
  page.context_ = context;
  return page;
}

/** The `placer` binary: $PLACER_BIN, else target/release, else target/debug. */
export function placerBin() {
  const target = process.env.CARGO_TARGET_DIR ?? join(ROOT, 'target');
  const candidates = [process.env.PLACER_BIN, join(target, 'release/placer'), join(target, 'debug/placer')];
  const found = candidates.find((p) => p && existsSync(p));
  if (!found) throw new Error('no placer binary: build it with `cargo build --release` or set PLACER_BIN');
  return found;
}

/** Runs the CLI; returns stdout (throws on an exit code other than 0, unless `allow`). */
export function placer(args, { input, allow = [0] } = {}) {
  const run = spawnSync(placerBin(), args, { input, encoding: 'utf8', cwd: ROOT });
  if (!allow.includes(run.status)) {
    throw new Error(`placer ${args.join(' ')} exited ${run.status}: ${run.stderr}`);
  }
  return { stdout: run.stdout, stderr: run.stderr, status: run.status };
}

/** Cells as `(r,c) (r,c)` → a Set of "r,c" (1-based). */
export function cellSet(text) {
  return new Set([...text.matchAll(/\((\d+),(\d+)\)/g)].map((m) => `${m[1]},${m[2]}`));
}

/** A puzzle file's picture without comment lines, one row per line. */
export function picture(text) {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#'))
    .map((l) => l.replace(/\s+/g, ''))
    .join('\n');
}

/** The `#play=` link of a picture. */
export function playLink(game, k, pic) {
  return `#play=${game}&k=${k}&regions=${pic.split('\n').join('/')}`;
}
