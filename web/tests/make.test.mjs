// The Make view: the verdict while painting equals the command line's
// count (0, 1, or 2 = several), Generate gives a unique puzzle, the links
// round-trip.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, guardedPage, launch, picture, placer, serve } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const VERDICT = { 0: 'no solution', 1: 'unique', 2: 'several' };

function cliVerdict(pic) {
  const n = placer(['solve', 'region-queens', '--regions', '-', '--limit', '2', '--count'], { input: pic }).stdout.trim();
  return VERDICT[n];
}

async function status(page) {
  const s = page.getByTestId('status');
  await page.waitForFunction(() => !document.querySelector('[data-testid=status]')?.textContent?.includes('checking'));
  return s.textContent();
}

async function exported(page) {
  return picture((await page.getByTestId('export-text').inputValue()).replace(/^#.*\n/, ''));
}

test('the verdict while painting is the command line\u2019s', async () => {
  const target = picture(readFileSync(join(ROOT, 'examples/puzzles/queens-7.txt'), 'utf8'));
  const page = await guardedPage(browser, server.origin);
  await page.goto(`${server.origin}/#make=region-queens&k=1&size=7`);
  await page.getByTestId('cell').first().waitFor();
  assert.match(await status(page), /several/);
  const want = target.split('\n').join('');
  const cells = [...want].map((l, i) => [i, l]).filter(([i]) => 'ABCDEFG'[Math.floor(i / 7)] !== want[i]);
  let checked = 0;
  for (const [n, [i, label]] of cells.entries()) {
    await page.locator(`[data-testid=brush][data-region="${label}"]`).click();
    await page.locator(`[data-testid=cell][data-row="${Math.floor(i / 7) + 1}"][data-col="${(i % 7) + 1}"]`).click();
    if (n % 4 === 3 || n === cells.length - 1) {
      const shown = await status(page);
      const pic = await exported(page);
      assert.ok(shown.startsWith(cliVerdict(pic)), `after ${n + 1} cells: page says ${shown}, CLI ${cliVerdict(pic)} for\n${pic}`);
      checked++;
    }
  }
  assert.equal(await exported(page), target);
  assert.match(await status(page), /^unique/);
  assert.ok(checked >= 3);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('Generate gives a unique puzzle, and the links round-trip', async () => {
  const page = await guardedPage(browser, server.origin);
  await page.goto(`${server.origin}/#make=star-battle&k=1&size=7`);
  await page.getByTestId('cell').first().waitFor();
  await page.getByTestId('seed').fill('5');
  await page.getByTestId('generate').click();
  await page.getByTestId('make-detail').filter({ hasText: 'generated' }).waitFor({ timeout: 60_000 });
  assert.match(await status(page), /^unique/);
  const pic = await exported(page);
  // The library's Star Battle Notation: side 7 twice, 1 star, no marks, the borders.
  assert.match(await page.getByTestId('export-sbn').inputValue(), /^771W[0-9A-Za-z_-]{14}$/);
  const n = placer(['solve', 'star-battle', '--set', 'k=1', '--regions', '-', '--limit', '2', '--count'], { input: pic }).stdout.trim();
  assert.equal(n, '1');
  const hash = await page.evaluate(() => location.hash);
  assert.equal(hash, `#make=star-battle&k=1&size=7&regions=${pic.split('\n').join('/')}`);
  // The same link in a new page opens the same picture.
  const again = await guardedPage(browser, server.origin);
  await again.goto(`${server.origin}/${hash}`);
  await again.getByTestId('cell').first().waitFor();
  assert.equal(await exported(again), pic);
  // The play link opens it in the Play view.
  const play = await again.getByTestId('play-link').getAttribute('href');
  assert.equal(play, `#play=star-battle&k=1&regions=${pic.split('\n').join('/')}`);
  await again.goto(`${server.origin}/${play}`);
  await again.getByTestId('status').filter({ hasText: 'placed' }).waitFor();
  assert.deepEqual([...page.problems, ...again.problems], []);
  await page.context_.close();
  await again.context_.close();
});
