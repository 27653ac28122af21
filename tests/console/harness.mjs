// Starts the real `finimport serve` on an ephemeral port with a fresh SQLite database and a key,
// and Debian's chromium through playwright-core (never a downloaded browser).
import {spawn, execFileSync} from 'node:child_process';
import {mkdtempSync, rmSync, writeFileSync, existsSync} from 'node:fs';
import {tmpdir} from 'node:os';
import {join} from 'node:path';
import {chromium} from 'playwright-core';

export const exe = process.env.FINIMPORT_EXE;
export const pluginDir = process.env.FINIMPORT_PLUGIN_DIR;
export const sourceDir = process.env.FINIMPORT_SOURCE_DIR;
export const chromiumPath = process.env.CHROMIUM || '/usr/bin/chromium';

export async function startServer() {
  if (!exe || !pluginDir || !sourceDir) throw new Error('FINIMPORT_EXE, FINIMPORT_PLUGIN_DIR and FINIMPORT_SOURCE_DIR must be set');
  const dir = mkdtempSync(join(tmpdir(), 'finimport-console-'));
  const db = 'sqlite:' + join(dir, 'console.db');
  const created = execFileSync(exe, ['keys', 'create', '--family', 'Console family', '--name', 'console', '--database', db]).toString();
  const key = created.trim().split('\n').pop();
  // No minimum body rate: a test holds an upload half sent while the console shows it.
  const child = spawn(exe, ['serve', '--listen', '127.0.0.1:0', '--database', db, '--plugins', pluginDir, '--workers', '1'],
    {stdio: ['ignore', 'pipe', 'pipe'], env: {...process.env, FINIMPORT_HTTP_BODY_MIN_RATE: '0'}});
  let log = '';
  child.stderr.on('data', (d) => { log += d; });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error('serve did not start: ' + out + log)), 60000);
    child.stdout.on('data', (d) => {
      out += d;
      const m = out.match(/listening on ([\d.]+:\d+)/);
      if (m) { clearTimeout(timer); resolve('http://' + m[1]); }
    });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error('serve exited ' + code + ': ' + out + log)); });
  });
  return {
    url, key, dir, db,
    file(name, text) { const p = join(dir, name); writeFileSync(p, text); return p; },
    async api(method, path, body) {
      const r = await fetch(url + path, {method, headers: {'X-Api-Key': key, 'Content-Type': 'application/json'},
        body: body === undefined ? undefined : JSON.stringify(body)});
      const text = await r.text();
      return {status: r.status, json: text ? JSON.parse(text) : null};
    },
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      rmSync(dir, {recursive: true, force: true});
    },
  };
}

export async function startBrowser() {
  if (!existsSync(chromiumPath)) throw new Error(chromiumPath + ' is missing: make test installs Debian\'s chromium');
  // A fresh profile: Playwright's persistent context passes it as --user-data-dir.
  const profile = mkdtempSync(join(tmpdir(), 'finimport-chromium-'));
  let context;
  try {
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      headless: true,
      viewport: {width: 1280, height: 900},
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
  } catch (e) {
    rmSync(profile, {recursive: true, force: true});
    throw e;
  }
  return {context, close: async () => { await context.close(); rmSync(profile, {recursive: true, force: true}); }};
}

// A new tab (its own sessionStorage: signed out) that records every console error and failed
// script (the console must make none).
export async function newPage(browser, viewport) {
  const page = await browser.context.newPage();
  await page.setViewportSize(viewport || {width: 1280, height: 900});
  page.problems = [];
  page.on('console', (m) => { if (m.type() === 'error') page.problems.push('console: ' + m.text()); });
  page.on('pageerror', (e) => page.problems.push('page error: ' + e.message));
  return page;
}

// Helpers of the tests, for one started server.
export function helpers(server) {
  const shots = process.env.SCREENSHOT_DIR;
  const h = {
    async shot(page, name) {
      if (shots) await page.screenshot({path: join(shots, name + '.png'), fullPage: true});
    },
    // The API's documented refusals show in chromium's console as "Failed to load resource"
    // lines; anything else (a script error, a CSP violation) is a problem of the console.
    problems(page) {
      return page.problems.filter((p) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(p));
    },
    async waitJobs(importId) {
      for (let i = 0; i < 300; i++) {
        const r = await server.api('GET', '/api/v1/imports/' + importId);
        if (!['importing', 'reverting'].includes(r.json.data.status)) return r.json.data;
        await new Promise((res) => setTimeout(res, 100));
      }
      throw new Error('job did not finish');
    },
    async apiImport(body) {
      const r = await server.api('POST', '/api/v1/imports', body);
      if (r.status !== 201) throw new Error(JSON.stringify(r.json));
      return h.waitJobs(r.json.data.id);
    },
    // The id of the account named `name`, from the balances list (older than the read API).
    async accountId(name) {
      const r = await server.api('GET', '/api/v1/balances?per_page=100');
      const b = r.json.balances.find((x) => x.account.name === name);
      return b && b.account.id;
    },
    async signIn(page) {
      await page.goto(server.url + '/');
      await page.getByLabel('API key', {exact: true}).fill(server.key);
      await page.getByRole('button', {name: 'Sign in'}).click();
      await page.getByRole('heading', {name: 'Imports', level: 1}).waitFor();
    },
    async statusIs(page, status) {
      await page.locator('#import-status strong', {hasText: new RegExp('^' + status + '$')}).waitFor({timeout: 30000});
    },
    // An account with 1,000.00 on 2024-01-01 and a category to pick later.
    async seed() {
      await h.apiImport({type: 'AccountImport', publish: 'true', date_format: '%Y-%m-%d',
        raw_file_content: 'type,name,amount,currency,date\nChecking,Checking,1000.00,USD,2024-01-01\n'});
      await h.apiImport({type: 'CategoryImport', publish: 'true',
        raw_file_content: 'name,color,parent_category,icon\nGroceries,#407706,,shopping-basket\n'});
    },
  };
  return h;
}
