// Measures the page (not a test): the .wasm size, the load time, and, in
// the engine worker, a uniqueness check (with the grade up to 16×16), a
// hint on the empty board and a count of queens 14 — the first call (the
// browser still compiling the hot code) and warm (the fourth) — beside the
// same code natively (web/wasm/examples/measure.rs) and the CLI.
//   node web/tests/measure.mjs GAME K PICTURE-FILE
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DIST, WEB, guardedPage, launch, picture, placerBin, serve } from './harness.mjs';

const [game = 'region-queens', k = '1', file] = process.argv.slice(2);
const pic = picture(readFileSync(file, 'utf8'));
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const ms = (x) => `${x.toFixed(2)} ms`;

const assets = readdirSync(join(DIST, 'assets'));
const wasm = assets.find((f) => f.endsWith('.wasm'));
const bytes = readFileSync(join(DIST, 'assets', wasm));
console.log(`wasm: ${(bytes.length / 1024).toFixed(0)} KiB, gzip -9 ${(gzipSync(bytes, { level: 9 }).length / 1024).toFixed(0)} KiB`);
const script = assets.find((f) => /^worker-.*\.js$/.test(f));

const server = await serve();
const browser = await launch();
const loads = [];
const runs = [];
for (let run = 0; run < 5; run++) {
  const page = await guardedPage(browser, server.origin);
  const t0 = Date.now();
  await page.goto(`${server.origin}/#make=${game}&k=${k}&size=${pic.split('\n').length}&regions=${pic.split('\n').join('/')}`);
  await page.getByTestId('status').filter({ hasText: /unique|several|no solution/ }).waitFor({ timeout: 120_000 });
  loads.push(Date.now() - t0);
  runs.push(
    await page.evaluate(
      async ([game, k, pic, script]) => {
        const worker = new Worker(`./assets/${script}`, { type: 'module' });
        const call = (task) =>
          new Promise((ok) => {
            worker.onmessage = (e) => e.data.kind !== 'progress' && ok(e.data);
            worker.postMessage({ id: 1, task });
          });
        const timed = async (task) => {
          const t = performance.now();
          await call(task);
          return performance.now() - t;
        };
        const queens = JSON.parse((await call({ task: 'builtins' })).json).ok.find((r) => r.name === 'queens').text;
        const out = { analyse: [], hint: [], count: [] };
        for (let i = 0; i < 4; i++) {
          out.analyse.push(await timed({ task: 'analyse', game, k: Number(k), picture: pic }));
          await call({ task: 'play-open', share: '', game, k: Number(k), picture: pic });
          out.hint.push(await timed({ task: 'play', handle: i + 1, action: { do: 'hint' } }));
          out.count.push(await timed({ task: 'count', text: queens, set: 'n=14', unique: false }));
        }
        worker.terminate();
        return out;
      },
      [game, k, pic, script],
    ),
  );
  await page.context_.close();
}
await browser.close();
await server.close();
console.log(`page load to the verdict shown (Make view, this puzzle): median ${median(loads)} ms (${loads.join(', ')})`);
for (const what of ['analyse', 'hint', 'count']) {
  const first = median(runs.map((r) => r[what][0]));
  const warm = median(runs.map((r) => r[what][3]));
  console.log(`browser ${what}: first ${ms(first)}, warm ${ms(warm)}`);
}
const native = spawnSync('cargo', ['run', '--quiet', '--release', '--example', 'measure', '--', game, k, file], { cwd: join(WEB, 'wasm'), encoding: 'utf8' });
console.log(`native, same code: ${native.stdout.trim().replace(/\n/g, ', ')}${native.status ? native.stderr : ''}`);
const time = (args) => {
  const xs = [];
  for (let i = 0; i < 5; i++) {
    const t = process.hrtime.bigint();
    spawnSync(placerBin(), args);
    xs.push(Number(process.hrtime.bigint() - t) / 1e6);
  }
  return ms(median(xs));
};
const set = game === 'star-battle' ? ['--set', `k=${k}`] : [];
console.log(`CLI, process included: solve --limit 2 --count -j1 ${time(['solve', game, '--regions', file, '--limit', '2', '--count', '-j', '1', ...set])}, hint ${time(['hint', game, '--regions', file, '--format', 'json', ...set])}, queens 14 -j1 ${time(['queens', '14', '-j', '1'])}`);
