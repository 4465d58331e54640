// Takes screenshots for a person to look at: node tests/shots.mjs '#hash' out.png [width]
import { guardedPage, launch, serve } from './harness.mjs';
const [hash = '#rules', out = '/tmp/shot.png', width = '1200', wait = '1500'] = process.argv.slice(2);
const server = await serve();
const browser = await launch();
const page = await guardedPage(browser, server.origin, { width: Number(width), height: Number(width) < 600 ? 844 : 900 });
await page.goto(`${server.origin}/${hash}`);
await page.waitForTimeout(Number(wait));
await page.screenshot({ path: out, fullPage: true });
console.log(page.problems.join('\n') || 'no problems');
await browser.close();
await server.close();
