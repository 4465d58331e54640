// Every view opens (also from a sub-path and from garbage links), with
// phone-size (390 px) and desktop screenshots in web/test-results/.
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { SHOTS, guardedPage, launch, serve } from './harness.mjs';

let server, browser;
before(async () => {
  server = await serve();
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
});
after(async () => {
  await browser?.close();
  await server?.close();
});

const VIEWS = {
  play: ['#play', '[data-testid=cell]'],
  make: ['#make=star-battle&k=1&size=8', '[data-testid=brush]'],
  rules: ['#rules', '[data-testid=rules-editor]'],
};

for (const [name, [hash, ready]] of Object.entries(VIEWS)) {
  test(`the ${name} view opens on a phone and a desktop, from a sub-path too`, async () => {
    for (const [size, viewport] of [
      ['phone', { width: 390, height: 844 }],
      ['desktop', { width: 1280, height: 860 }],
    ]) {
      const page = await guardedPage(browser, server.origin, viewport);
      await page.goto(`${server.origin}/sub/${hash}`);
      await page.locator(ready).first().waitFor();
      await page.getByTestId('status').or(page.getByTestId('rules-plan')).filter({ hasText: /\w/ }).first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: join(SHOTS, `${name}-${size}.png`), fullPage: true });
      const overflow = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `${name} on a ${size} is ${overflow} px too wide`);
      const unnamed = await page.$$eval('button, select, input, textarea, a[href]', (els) =>
        els.filter((e) => !(e.getAttribute('aria-label') || e.textContent.trim() || e.closest('label') || e.title)).map((e) => e.outerHTML.slice(0, 80)),
      );
      assert.deepEqual(unnamed, [], 'every control has an accessible name');
      assert.deepEqual(page.problems, []);
      await page.context_.close();
    }
  });
}

test('garbage links show a message, never a blank page', async () => {
  const page = await guardedPage(browser, server.origin);
  for (const hash of ['#nonsense', '#play=chess', '#make=region-queens&size=99', '#play=region-queens&regions=%E0%A4%A', '#rules=%ZZ']) {
    await page.goto(`${server.origin}/${hash}`);
    await page.getByTestId('url-error').filter({ hasText: /could not be read/ }).waitFor();
    await page.getByTestId('board').or(page.getByTestId('rules-editor')).first().waitFor();
  }
  await page.goto(`${server.origin}/#rules=${encodeURIComponent('name = "x"\n[board]\nrows = 99999\n')}`);
  await page.getByTestId('rules-error').filter({ hasText: /error/ }).waitFor();
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});

test('the tabs keep each view as it was left', async () => {
  const page = await guardedPage(browser, server.origin);
  await page.goto(`${server.origin}/#make=region-queens&k=1&size=5`);
  await page.locator('[data-testid=brush][data-region="C"]').click();
  await page.locator('[data-testid=cell][data-row="1"][data-col="1"]').click();
  const made = await page.evaluate(() => location.hash);
  assert.match(made, /regions=CAAAA/);
  await page.getByTestId('tab-rules').click();
  await page.getByTestId('rules-plan').filter({ hasText: /\w/ }).waitFor();
  await page.getByTestId('rules-set').fill('n=5');
  await page.getByTestId('tab-play').click();
  await page.getByTestId('cell').first().click();
  await page.locator('[data-testid=cell][data-state=mark]').first().waitFor();
  const played = await page.evaluate(() => location.hash);
  await page.getByTestId('tab-make').click();
  await page.waitForFunction(() => location.hash.startsWith('#make='));
  assert.equal(await page.evaluate(() => location.hash), made);
  await page.getByTestId('tab-rules').click();
  assert.equal(await page.getByTestId('rules-set').inputValue(), 'n=5');
  await page.getByTestId('tab-play').click();
  await page.waitForFunction(() => location.hash.startsWith('#play='));
  assert.equal(await page.evaluate(() => location.hash), played);
  assert.deepEqual(page.problems, []);
  await page.context_.close();
});
