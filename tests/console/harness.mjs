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
  const child = spawn(exe, ['serve', '--listen', '127.0.0.1:0', '--database', db, '--plugins', pluginDir, '--workers', '1'],
    {stdio: ['ignore', 'pipe', 'pipe']});
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
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    headless: true,
    viewport: {width: 1280, height: 900},
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
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
