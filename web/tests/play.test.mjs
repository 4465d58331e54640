// The Play view against the command line: a generated puzzle played to
// "solved" by clicks, every hint agrees with the CLI's solution, a wrong
// piece is called wrong, and the link round-trips.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, cellSet, guardedPage, launch, picture, placer, playLink, serve } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

/** A puzzle: its picture and the CLI's solution cells ("r,c", 1-based). */
function puzzle(game, k, pic) {
  const args = ['solve', game, '--regions', '-', '--first', '--format', 'cells'];
  if (game === 'star-battle') args.push('--set', `k=${k}`);
  return { game, k, pic, solution: cellSet(placer(args, { input: pic }).stdout) };
}

function generated(game, k, size, seed) {
  const args = ['generate', game, '--size', String(size), '--seed', String(seed)];
  if (game === 'star-battle') args.push('--set', `k=${k}`);
  return puzzle(game, k, picture(placer(args).stdout));
}

function example(name, game, k) {
  return puzzle(game, k, picture(readFileSync(join(ROOT, 'examples/puzzles', name), 'utf8')));
}

async function open(p) {
  const page = await guardedPage(browser, server.origin);
  await page.goto(`${server.origin}/${playLink(p.game, p.k, p.pic)}`);
  await page.getByTestId('cell').first().waitFor();
  await page.getByTestId('status').filter({ hasText: /placed|solved/ }).waitFor();
  return page;
}

const cell = (page, key) => {
  const [r, c] = key.split(',');
  return page.locator(`[data-testid=cell][data-row="${r}"][data-col="${c}"]`);
};

async function stateOf(page, key) {
  return cell(page, key).getAttribute('data-state');
}

/** Clicks a cell until it shows `want` (empty → mark → piece → empty). */
async function setCell(page, key, want) {
  for (let i = 0; i < 3; i++) {
    if ((await stateOf(page, key)) === want) return;
    const before = await stateOf(page, key);
    await cell(page, key).click();
    await page.waitForFunction(
      ([sel, was]) => document.querySelector(sel)?.getAttribute('data-state') !== was,
      [`[data-testid=cell][data-row="${key.split(',')[0]}"][data-col="${key.split(',')[1]}"]`, before],
    );
  }
  assert.equal(await stateOf(page, key), want, `cell ${key}`);
}

async function hinted(page, kind) {
  return page.$$eval(`[data-testid=cell][data-hint="${kind}"]`, (els) => els.map((e) => `${e.dataset.row},${e.dataset.col}`));
}

test('a generated puzzle is played to "solved" by clicks', async () => {
  const p = generated('region-queens', 1, 6, 11);
  const page = await open(p);
  for (const key of p.solution) await setCell(page, key, 'piece');
  await page.getByTestId('status').filter({ hasText: 'solved' }).waitFor();
  assert.match(await page.getByTestId('status').textContent(), /solved/);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('every hint agrees with the command line, to the end', async () => {
  const puzzles = [
    example('queens-7.txt', 'region-queens', 1),
    example('star-battle-10.txt', 'star-battle', 2),
    generated('star-battle', 1, 8, 3),
  ];
  for (const p of puzzles) {
    const page = await open(p);
    let steps = 0;
    for (; steps < 200; steps++) {
      await page.getByTestId('hint').click();
      const text = page.getByTestId('hint-text');
      await text.filter({ hasNotText: 'thinking' }).filter({ hasText: /./ }).waitFor();
      const kind = await text.getAttribute('data-kind');
      if (kind === 'solved') break;
      assert.equal(kind, 'step', `a step, not: ${await text.textContent()}`);
      const place = await hinted(page, 'place');
      const exclude = await hinted(page, 'exclude');
      assert.ok(place.length + exclude.length > 0, 'a hint changes something');
      for (const key of place) assert.ok(p.solution.has(key), `hint places ${key}, not in the solution`);
      for (const key of exclude) assert.ok(!p.solution.has(key), `hint excludes ${key}, in the solution`);
      for (const key of exclude) await setCell(page, key, 'mark');
      for (const key of place) await setCell(page, key, 'piece');
      if (/solved/.test(await page.getByTestId('status').textContent())) break;
    }
    assert.match(await page.getByTestId('status').textContent(), /solved/, `${p.game} solved by hints in ${steps} steps`);
    assert.deepEqual(page.problems, []);
    await page.context_.close();
  }
});

test('a wrong piece is called wrong', async () => {
  const p = example('queens-8.txt', 'region-queens', 1);
  const page = await open(p);
  const wrong = [...Array(8).keys()].map((c) => `1,${c + 1}`).find((k) => !p.solution.has(k));
  await setCell(page, wrong, 'piece');
  await page.getByTestId('hint').click();
  const text = page.getByTestId('hint-text');
  await text.filter({ hasText: 'wrong' }).waitFor();
  assert.match(await text.textContent(), new RegExp(`\\(${wrong}\\) is wrong`));
  assert.ok(await cell(page, wrong).evaluate((e) => e.classList.contains('wrong')));
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('undo, redo and Solve', async () => {
  const p = example('queens-7.txt', 'region-queens', 1);
  const page = await open(p);
  const first = [...p.solution][0];
  await setCell(page, first, 'mark');
  await page.getByTestId('undo').click();
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-state') === 'empty', `[data-testid=cell][data-row="${first.split(',')[0]}"][data-col="${first.split(',')[1]}"]`);
  await page.getByTestId('redo').click();
  await page.waitForFunction((sel) => document.querySelector(sel)?.getAttribute('data-state') === 'mark', `[data-testid=cell][data-row="${first.split(',')[0]}"][data-col="${first.split(',')[1]}"]`);
  await page.getByTestId('solve').click();
  await page.getByTestId('status').filter({ hasText: 'solved' }).waitFor();
  const pieces = await page.$$eval('[data-testid=cell][data-state=piece]', (els) => els.map((e) => `${e.dataset.row},${e.dataset.col}`));
  assert.deepEqual(new Set(pieces), p.solution);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('the link round-trips, and garbage gets a message', async () => {
  const p = example('star-battle-10.txt', 'star-battle', 2);
  const link = playLink(p.game, p.k, p.pic);
  const page = await open(p);
  assert.equal(await page.evaluate(() => location.hash), link);
  const q = example('queens-7.txt', 'region-queens', 1);
  await page.goto(`${server.origin}/${playLink(q.game, q.k, q.pic)}`);
  await page.getByTestId('status').filter({ hasText: '0 of 7' }).waitFor();
  assert.equal(await page.evaluate(() => location.hash), playLink(q.game, q.k, q.pic));
  await page.goto(`${server.origin}/#play=star-battle&k=2&regions=AB/C%`);
  await page.getByTestId('url-error').filter({ hasText: /./ }).waitFor();
  await page.goto(`${server.origin}/#play=region-queens&regions=AB/CD/EF`);
  await page.getByTestId('status').filter({ hasText: 'error' }).waitFor();
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('a pasted puzzle opens: the picture form and Star Battle Notation', async () => {
  const p = example('queens-9.txt', 'region-queens', 1);
  const page = await open(example('queens-7.txt', 'region-queens', 1));
  await page.getByTestId('paste-text').fill(readFileSync(join(ROOT, 'examples/puzzles/queens-9.txt'), 'utf8'));
  await page.getByTestId('paste-game').selectOption('region-queens');
  await page.getByTestId('paste-open').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=cell]').length === 81);
  assert.equal(await page.evaluate(() => location.hash), playLink(p.game, p.k, p.pic));
  await page.getByTestId('paste-text').fill('551W0003___');
  await page.getByTestId('paste-game').selectOption('sbn');
  await page.getByTestId('paste-open').click();
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=cell]').length === 25);
  assert.match(await page.evaluate(() => location.hash), /^#play=star-battle&k=1&regions=/);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('keys, a drag and automatic marks', async () => {
  const p = example('queens-8.txt', 'region-queens', 1);
  const page = await open(p);
  const states = () => page.$$eval('[data-testid=cell]', (els) => els.map((e) => e.dataset.state[0]).join(''));
  const waitState = (key, want) =>
    page.waitForFunction(([r, c, w]) => document.querySelector(`[data-testid=cell][data-row="${r}"][data-col="${c}"]`)?.dataset.state === w, [...key.split(','), want]);
  await cell(page, '1,1').focus();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Space');
  await waitState('1,2', 'mark');
  await page.keyboard.press('Space');
  await waitState('1,2', 'piece');
  await page.keyboard.press('Backspace');
  await waitState('1,2', 'empty');
  await page.keyboard.press('x');
  await waitState('1,2', 'mark');
  await page.keyboard.press('z');
  await waitState('1,2', 'empty');
  await page.keyboard.press('y');
  await waitState('1,2', 'mark');
  await page.keyboard.press('z');
  await waitState('1,2', 'empty');
  // A drag over a row marks its cells as one move.
  const from = await cell(page, '3,1').boundingBox();
  const to = await cell(page, '3,5').boundingBox();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 12 });
  await page.mouse.up();
  for (const c of [1, 2, 3, 4, 5]) await waitState(`3,${c}`, 'mark');
  await page.getByTestId('undo').click();
  for (const c of [1, 2, 3, 4, 5]) await waitState(`3,${c}`, 'empty');
  // Automatic marks: a piece marks what it rules out.
  await page.getByTestId('auto-marks').check();
  const key = [...p.solution][0];
  await setCell(page, key, 'piece');
  const [r, c] = key.split(',').map(Number);
  for (const [dr, dc] of [[0, 1], [1, 0], [1, 1], [0, -1], [-1, 0]]) {
    const rr = r + dr, cc = c + dc;
    if (rr >= 1 && rr <= 8 && cc >= 1 && cc <= 8) await waitState(`${rr},${cc}`, 'mark');
  }
  assert.ok((await states()).split('').filter((s) => s === 'm').length >= 14);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('Explain lists the command line\u2019s path; a step shows the board after it', async () => {
  const p = example('queens-9.txt', 'region-queens', 1);
  const lines = placer(['solve', 'region-queens', '--regions', '-', '--explain', '--format', 'json'], { input: p.pic })
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const end = lines.pop();
  const page = await open(p);
  await page.getByTestId('explain').click();
  const steps = page.getByTestId('explain-step');
  await steps.first().waitFor();
  assert.equal(await steps.count(), end.steps);
  for (const [i, step] of lines.entries()) assert.ok((await steps.nth(i).textContent()).includes(step.reason), `step ${i + 1}`);
  const at = Math.floor(lines.length / 2);
  await steps.nth(at).click();
  const placed = new Set(lines.slice(0, at + 1).flatMap((s) => s.place.map(([r, c]) => `${r},${c}`)));
  const excluded = new Set(lines.slice(0, at + 1).flatMap((s) => s.exclude.map(([r, c]) => `${r},${c}`)));
  const shown = (state) => page.$$eval(`[data-testid=cell][data-state=${state}]`, (els) => els.map((e) => `${e.dataset.row},${e.dataset.col}`));
  assert.deepEqual(new Set(await shown('piece')), placed);
  assert.deepEqual(new Set(await shown('mark')), excluded);
  await page.getByTestId('back').click();
  assert.deepEqual(await shown('piece'), []);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('Explain on a grid with several solutions says so, with the command line\u2019s cells, and gives no grade', async () => {
  const p = puzzle('region-queens', 1, picture(readFileSync(join(ROOT, 'tests/fixtures/warn/blocks.txt'), 'utf8')));
  const end = placer(['solve', 'region-queens', '--regions', '-', '--explain', '--format', 'json'], { input: p.pic })
    .stdout.trim()
    .split('\n')
    .map((l) => JSON.parse(l))
    .pop();
  assert.equal(end.unique, false);
  assert.equal(end.grade, null);
  const page = await open(p);
  await page.getByTestId('explain').click();
  await page.getByTestId('explain-step').first().waitFor();
  const summary = await page.locator('.plan', { hasText: 'not unique' }).textContent();
  assert.match(summary, /no grade: not unique: at least 2 solutions/);
  assert.doesNotMatch(summary, /grade (needs|easy|medium|hard)/);
  assert.deepEqual(cellSet(summary), new Set(end.differ.map(([r, c]) => `${r},${c}`)));
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});
