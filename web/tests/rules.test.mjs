// The Rules view: counts equal the command line's, errors carry its line,
// solutions step one at a time.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { ROOT, guardedPage, launch, serve } from './harness.mjs';

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
  return page;
}

async function count(page) {
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
