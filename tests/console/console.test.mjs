// The web console in a real browser (Debian's chromium, headless), driven by the accessible names
// a person and a screen reader meet (docs/console.md): the import screens. Run by ctest as
// console_browser; the account screens (the read API) are console_accounts.test.mjs.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {copyFileSync} from 'node:fs';
import {connect} from 'node:net';
import {startServer, startBrowser, newPage, sourceDir, helpers} from './harness.mjs';

let server, browser, h;

before(async () => {
  server = await startServer();
  browser = await startBrowser();
  h = helpers(server);
  await h.seed();
});

after(async () => {
  if (browser) await browser.close();
  if (server) await server.stop();
});

test('the console pages carry the security headers', async () => {
  for (const path of ['/', '/console/app.js', '/console/imports']) {
    const r = await fetch(server.url + path);
    assert.equal(r.status, 200, path);
    assert.match(r.headers.get('content-security-policy'), /script-src 'self'; style-src 'self'/);
    assert.doesNotMatch(r.headers.get('content-security-policy'), /unsafe-inline/);
    assert.equal(r.headers.get('x-frame-options'), 'DENY');
    assert.equal(r.headers.get('referrer-policy'), 'no-referrer');
  }
  assert.equal((await fetch(server.url + '/console/nope.js')).status, 404);
});

test('revert from the console', async () => {
  const done = await h.apiImport({type: 'TransactionImport', publish: 'true', account_id: await h.accountId('Checking'),
    date_format: '%Y-%m-%d', raw_file_content: 'date,name,amount\n2024-02-01,Bonus,100.00\n'});
  assert.equal(done.status, 'complete');
  const page = await newPage(browser);
  await h.signIn(page);
  await page.goto(server.url + '/#/imports/' + done.id);
  await h.statusIs(page, 'complete');
  await page.getByRole('button', {name: 'Revert'}).click();
  await h.statusIs(page, 'pending');
  assert.equal(await page.getByRole('button', {name: 'Publish'}).isDisabled(), false);
  const shown = (await server.api('GET', '/api/v1/imports/' + done.id)).json.data;
  assert.equal(shown.status, 'pending');
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

test('a row excluded, and included again', async () => {
  const imp = await h.apiImport({type: 'TransactionImport', account_id: await h.accountId('Checking'),
    date_format: '%Y-%m-%d', raw_file_content: 'date,name,amount\n2024-04-01,Keep,1.00\n2024-04-02,Skip,2.00\n'});
  const page = await newPage(browser);
  await h.signIn(page);
  await page.goto(server.url + '/#/imports/' + imp.id);
  await h.statusIs(page, 'pending');
  await page.getByRole('checkbox', {name: 'Exclude row 2'}).check();
  await page.locator('tr.excluded').waitFor();
  assert.match(await page.locator('dl.stats').textContent(), /Valid1Invalid0Duplicates0Excluded1/);
  await page.getByRole('checkbox', {name: 'Exclude row 2'}).uncheck();
  await page.locator('dl.stats', {hasText: 'Excluded0'}).waitFor();
  assert.equal(await page.locator('tr.excluded').count(), 0);
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

test('an OFX statement: detected, its account created from the file, published', async () => {
  const page = await newPage(browser);
  await h.signIn(page);
  await page.getByRole('button', {name: 'New import'}).click();
  const ofx = join(server.dir, 'statement.ofx');
  copyFileSync(join(sourceDir, 'tests/fixtures/realworld/ofx/beancount__beangulp__ofxdownload.ofx'), ofx);
  await page.getByLabel('File', {exact: true}).setInputFiles(ofx);
  await page.locator('#preflight-body', {hasText: 'OfxImport'}).waitFor();
  await page.getByRole('button', {name: 'Upload'}).click();
  await page.getByRole('heading', {name: 'Import OfxImport'}).waitFor();
  assert.match(await page.locator('dl.stats').textContent(), /Rows12Valid12Invalid0/);
  await page.getByRole('button', {name: 'Publish'}).click();
  await h.statusIs(page, 'complete');
  // A card owing 352.82 (docs/balances.md: a liability shows what is owed as positive).
  const card = (await server.api('GET', '/api/v1/balances?per_page=100')).json.balances
    .find((b) => /^Credit Card/.test(b.account.name));
  assert.equal(card.balance, '$352.82');
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

test('a wrong key is refused and nothing is kept', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await page.getByLabel('API key', {exact: true}).fill('f'.repeat(64));
  await page.getByRole('button', {name: 'Sign in'}).click();
  const alert = page.getByRole('alert');
  await alert.waitFor();
  assert.match(await alert.textContent(), /^That API key was not accepted: /);
  assert.equal(await page.evaluate(() => window.sessionStorage.length), 0);
  assert.equal(await page.getByRole('heading', {level: 1}).textContent(), 'Sign in');
  await page.close();
});

test('keyboard only: sign in, New import and its fields in order, a bad cell corrected', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  const names = async () => page.evaluate(() => {
    const el = document.activeElement;
    const label = el.labels && el.labels.length ? el.labels[0].textContent : '';
    return label || el.getAttribute('aria-label') || el.textContent.trim();
  });
  // Once the screen is drawn its heading has focus; Tab moves to the key field.
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'screen-title');
  await page.keyboard.press('Tab');
  assert.equal(await names(), 'API key');
  await page.keyboard.type(server.key);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', {name: 'Imports', level: 1}).waitFor();
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'screen-title');
  const seen = [];
  for (let i = 0; i < 12 && !seen.includes('New import'); i++) {
    await page.keyboard.press('Tab');
    seen.push(await names());
  }
  assert.ok(seen.includes('New import'), seen.join(' | '));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', {name: 'New import'}).waitFor();
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'screen-title');
  const order = [];
  for (let i = 0; i < 30 && !order.includes('Upload'); i++) {
    await page.keyboard.press('Tab');
    order.push(await names());
  }
  const at = (n) => order.indexOf(n);
  assert.ok(at('File') >= 0 && at('File') < at('Type') && at('Type') < at('Account') && at('Account') < at('Upload'), order.join(' | '));
  // A bad cell corrected with the keyboard alone: Tab to it, Enter, type, Enter.
  const bad = await h.apiImport({type: 'TransactionImport', account_id: await h.accountId('Checking'),
    date_format: '%Y-%m-%d', raw_file_content: 'date,name,amount\n2024-03-01,Lunch,abc\n'});
  await page.goto(server.url + '/#/imports/' + bad.id);
  await h.statusIs(page, 'pending');
  await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'screen-title');
  let found = false;
  const tabbed = [];
  for (let i = 0; i < 40 && !found; i++) {
    await page.keyboard.press('Tab');
    tabbed.push(await names());
    found = tabbed[tabbed.length - 1] === 'Edit Amount of row 1: abc';
  }
  assert.ok(found, 'the cell button is reachable with Tab: ' + tabbed.join(' | '));
  await page.keyboard.press('Enter');
  assert.equal(await names(), 'Amount of row 1');
  await page.keyboard.type('12.00');
  await page.keyboard.press('Enter');
  await page.getByRole('button', {name: 'Edit Amount of row 1: 12.00'}).waitFor();
  assert.equal(await names(), 'Edit Amount of row 1: 12.00'); // focus stays on the cell
  assert.equal(await page.locator('tr.invalid').count(), 0);
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

// The upload's request is held half sent (docs/decisions.md D165): the test takes it over from
// the browser, sends half of its body to the server itself, and lets the rest go once the
// console shows what the server has received.
test('an upload in progress shows the bytes the server has received', async () => {
  const page = await newPage(browser);
  await h.signIn(page);
  await page.getByRole('button', {name: 'New import'}).click();
  await page.getByRole('heading', {name: 'New import'}).waitFor();
  const csv = server.file('held.csv', 'date,name,amount\n01/05/2024,Held,1.00\n');
  await page.getByLabel('File', {exact: true}).setInputFiles(csv);
  await page.getByLabel('Account', {exact: true}).selectOption({label: 'Checking (USD)'});
  await page.locator('#preflight-body', {hasText: 'TransactionImport, 1 row.'}).waitFor();
  let release, half, total, importId;
  const released = new Promise((r) => { release = r; });
  await page.route(server.url + '/api/v1/imports', async (route) => {
    const req = route.request();
    if (req.method() !== 'POST') return route.continue();
    const headers = req.headers();
    const body = req.postDataBuffer();
    importId = headers['x-import-id'];
    total = body.length;
    half = Math.floor(total / 2);
    const url = new URL(server.url);
    const socket = connect(Number(url.port), url.hostname);
    const chunks = [];
    socket.on('data', (d) => chunks.push(d));
    const closed = new Promise((r) => socket.on('close', r));
    socket.write('POST /api/v1/imports HTTP/1.1\r\nHost: ' + url.host + '\r\nX-Api-Key: ' + headers['x-api-key'] +
      '\r\nX-Import-Id: ' + importId + '\r\nContent-Type: ' + headers['content-type'] + '\r\nContent-Length: ' + total +
      '\r\nConnection: close\r\n\r\n');
    socket.write(body.subarray(0, half));
    await released;
    socket.write(body.subarray(half));
    await closed;
    const raw = Buffer.concat(chunks).toString('utf8');
    const status = Number(raw.slice(9, 12));
    await route.fulfill({status, contentType: 'application/json; charset=utf-8', body: raw.slice(raw.indexOf('\r\n\r\n') + 4)});
  });
  await page.getByRole('button', {name: 'Upload'}).click();
  // The console asks the server (GET /api/v1/imports/{id}) while the upload runs.
  await page.locator('#upload-status').filter({hasText: /^Received \d+ of \d+ bytes\.$/}).waitFor({timeout: 30000});
  assert.equal(await page.locator('#upload-status').textContent(), 'Received ' + half + ' of ' + total + ' bytes.');
  assert.equal(await page.getByRole('progressbar', {name: 'Upload progress'}).getAttribute('value'),
    String(Math.round(100 * half / total)));
  const shown = (await server.api('GET', '/api/v1/imports/' + importId)).json.data;
  assert.equal(shown.status, 'uploading');
  assert.deepEqual(shown.progress, {phase: 'receiving', rows_done: 0, bytes_done: half, bytes_total: total});
  release();
  await page.getByRole('heading', {name: 'Import TransactionImport'}).waitFor();
  await h.statusIs(page, 'pending');
  assert.ok(page.url().endsWith('#/imports/' + importId));
  await page.unroute(server.url + '/api/v1/imports');
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

test('360 pixels wide: no import screen scrolls sideways', async () => {
  const page = await newPage(browser, {width: 360, height: 740});
  await h.signIn(page);
  const imports = (await server.api('GET', '/api/v1/imports')).json.data;
  const screens = [['#/imports', 'Imports'], ['#/imports/new', 'New import'],
    ['#/imports/' + imports[imports.length - 1].id, /^Import /]];
  for (const [hash, title] of screens) {
    await page.goto(server.url + '/' + hash);
    await page.getByRole('heading', {name: title, level: 1}).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, hash + ' is ' + width + ' px wide');
    if (hash === '#/imports/new') await h.shot(page, 'new-import-360');
  }
  assert.deepEqual(h.problems(page), []);
  await page.close();
});
