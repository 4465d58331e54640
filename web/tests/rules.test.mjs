// The Rules view: counts equal the command line's, errors carry its line,
// solutions step one at a time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, cellSet, guardedPage, launch, placer, serve } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
});
after(async () => {
  await browser?.close();
  await server?.close();
});

async function rulesPage(hash) {
  const page = await guardedPage(browser, server.origin);
  await page.goto(`${server.origin}/${hash}`);
  await page.getByTestId('rules-editor').waitFor();
  await page.getByTestId('rules-plan').or(page.getByTestId('rules-error')).filter({ hasText: /\w/ }).first().waitFor();
  return page;
}

async function count(page) {
  if (await page.getByTestId('count').isDisabled()) {
    throw new Error(`Count is disabled: ${await page.getByTestId('rules-error').textContent()}`);
  }
  await page.getByTestId('count').click();
  const value = page.getByTestId('count-value');
  await value.filter({ hasText: /\d/ }).waitFor({ timeout: 60_000 });
  return (await value.getAttribute('data-count')) ?? '';
}

test('queens 8 counts 92 in the worker', async () => {
  const page = await rulesPage('#rules');
  await page.getByTestId('rules-set').fill('n=8');
  assert.equal(await count(page), '92');
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('counts equal the command line, with the method', async () => {
  const cases = [
    ['queens', 'n=8', false, ['queens', '8']],
    ['queens', 'n=8', true, ['queens', '8', '--unique']],
    ['rooks', 'n=6', false, ['solve', 'rooks', '--set', 'n=6']],
    ['kings', 'n=5, count=3', false, ['solve', 'kings', '--set', 'n=5', '--set', 'count=3']],
    ['knights', 'n=4', false, ['solve', 'knights', '--set', 'n=4']],
    ['superqueens', 'n=10', false, ['solve', 'superqueens', '--set', 'n=10']],
    ['torus-queens', 'n=7', false, ['solve', 'torus-queens', '--set', 'n=7']],
    ['hertzsprung', 'n=8', false, ['solve', 'hertzsprung', '--set', 'n=8']],
  ];
  const page = await rulesPage('#rules');
  for (const [rule, set, unique, cli] of cases) {
    await page.getByTestId('rules-builtin').selectOption(rule);
    await page.getByTestId('rules-set').fill(set);
    await page.getByTestId('unique').setChecked(unique);
    await page.getByTestId('rules-plan').filter({ hasText: rule }).waitFor();
    const want = placer(cli).stdout.trim();
    assert.equal(await count(page), want, `${rule} ${set}${unique ? ' --unique' : ''}`);
    assert.match(await page.getByTestId('count-method').textContent(), /method: /);
  }
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test("a bad rule file shows the command line's error with its line", async () => {
  const text = readFileSync(join(ROOT, 'examples/bad.toml'), 'utf8');
  const cli = placer(['solve', 'examples/bad.toml'], { allow: [2] }).stderr;
  const [message] = cli.split('\n');
  const at = cli.match(/:(\d+):(\d+)/);
  const help = cli.split('\n').find((l) => l.includes('help:'));
  const page = await rulesPage(`#rules=${encodeURIComponent(text)}`);
  const error = page.getByTestId('rules-error');
  await error.filter({ hasText: /./ }).waitFor();
  const shown = await error.textContent();
  assert.ok(shown.startsWith(message), `${shown} starts with ${message}`);
  assert.ok(shown.includes(`rules.toml:${at[1]}:${at[2]}`), shown);
  assert.ok(shown.includes(help.trim()), shown);
  const bad = await page.$$eval('.gutter .bad', (els) => els.map((e) => e.textContent));
  assert.deepEqual(bad, [at[1]]);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('solutions one at a time, and N-queens 1000 at once', async () => {
  const page = await rulesPage('#rules');
  await page.getByTestId('rules-set').fill('n=6');
  const label = page.getByTestId('solution-label');
  await label.filter({ hasText: 'solution 1 of 4' }).waitFor();
  const all = placer(['queens', '6', '--all', '--format', 'cells']).stdout.trim().split('\n').map(cellSet);
  const shown = [];
  for (let i = 0; i < all.length; i++) {
    if (i > 0) {
      await page.getByTestId('next').click();
      await label.filter({ hasText: `solution ${i + 1}` }).waitFor();
    }
    shown.push(new Set(await page.$$eval('[data-testid=board] [data-state=piece]', (els) => els.map((e) => `${e.dataset.row},${e.dataset.col}`))));
  }
  assert.deepEqual(shown, all);
  await page.getByTestId('previous').click();
  await label.filter({ hasText: `solution ${all.length - 1}` }).waitFor();
  await page.getByTestId('rules-set').fill('n=1000');
  await label.filter({ hasText: 'solution 1' }).waitFor({ timeout: 10_000 });
  assert.ok(await page.locator('[data-testid=board] canvas').count());
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('the rules link round-trips', async () => {
  const toml = readFileSync(join(ROOT, 'rules/kings.toml'), 'utf8');
  const hash = `#rules=${encodeURIComponent(toml)}&set=${encodeURIComponent('n=5, count=3')}`;
  const page = await rulesPage(hash);
  assert.equal(await page.getByTestId('rules-editor').inputValue(), toml);
  assert.equal(await page.getByTestId('rules-set').inputValue(), 'n=5, count=3');
  assert.equal(await page.evaluate(() => location.hash), hash);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});
