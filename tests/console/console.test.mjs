// The web console in a real browser (Debian's chromium, headless), driven by the accessible names
// a person and a screen reader meet (docs/console.md). Run by ctest as console_browser.
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {join} from 'node:path';
import {copyFileSync} from 'node:fs';
import {startServer, startBrowser, newPage, sourceDir} from './harness.mjs';

let server, browser;
const shots = process.env.SCREENSHOT_DIR;
async function shot(page, name) {
  if (shots) await page.screenshot({path: join(shots, name + '.png'), fullPage: true});
}

// The API's documented refusals show in chromium's console as "Failed to load resource" lines;
// anything else (a script error, a CSP violation) is a problem of the console.
function problems(page) {
  return page.problems.filter((p) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(p));
}

async function waitJobs(importId) {
  for (let i = 0; i < 300; i++) {
    const r = await server.api('GET', '/api/v1/imports/' + importId);
    if (!['importing', 'reverting'].includes(r.json.data.status)) return r.json.data;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('job did not finish');
}

async function apiImport(body) {
  const r = await server.api('POST', '/api/v1/imports', body);
  assert.equal(r.status, 201, JSON.stringify(r.json));
  return waitJobs(r.json.data.id);
}

async function signIn(page) {
  await page.goto(server.url + '/');
  await page.getByLabel('API key', {exact: true}).fill(server.key);
  await page.getByRole('button', {name: 'Sign in'}).click();
  await page.getByRole('heading', {name: 'Imports', level: 1}).waitFor();
}

async function statusIs(page, status) {
  await page.locator('#import-status strong', {hasText: new RegExp('^' + status + '$')}).waitFor({timeout: 30000});
}

before(async () => {
  server = await startServer();
  browser = await startBrowser();
  // An account with 1,000.00 on 2024-01-01 and a category to pick later.
  await apiImport({type: 'AccountImport', publish: 'true', date_format: '%Y-%m-%d',
    raw_file_content: 'type,name,amount,currency,date\nChecking,Checking,1000.00,USD,2024-01-01\n'});
  await apiImport({type: 'CategoryImport', publish: 'true',
    raw_file_content: 'name,color,parent_category,icon\nGroceries,#407706,,shopping-basket\n'});
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

test('a bank CSV with one bad row: detected, fixed in place, published, then the account', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await shot(page, 'sign-in');
  await signIn(page);
  assert.equal(await page.evaluate(() => window.localStorage.length), 0);
  assert.ok(!page.url().includes(server.key));
  await page.getByRole('button', {name: 'New import'}).click();
  await page.getByRole('heading', {name: 'New import'}).waitFor();
  assert.equal(await page.getByLabel('Type', {exact: true}).inputValue(), 'auto');
  assert.equal(await page.locator('#type option').first().textContent(), 'Detect automatically');
  assert.equal(await page.locator('#account option').first().textContent(), 'Create from the file');
  // Rent's amount has two letters O: the one bad row (line 3).
  const csv = server.file('bank.csv', 'date,name,amount\n01/02/2024,Salary,2500.00\n01/03/2024,Rent,-12OO.00\n01/04/2024,Groceries,-84.10\n');
  await page.getByLabel('File', {exact: true}).setInputFiles(csv);
  await page.getByLabel('Account', {exact: true}).selectOption({label: 'Checking (USD)'});
  await page.locator('#preflight-body', {hasText: 'TransactionImport, 3 rows.'}).waitFor();
  await shot(page, 'new-import');
  await page.getByRole('button', {name: 'Upload'}).click();
  await page.getByRole('heading', {name: 'Import TransactionImport'}).waitFor();
  await statusIs(page, 'pending');
  const bad = page.locator('tr.invalid');
  assert.equal(await bad.count(), 1);
  assert.match(await bad.textContent(), /Invalid: Amount "-12OO\.00" does not match the number format 1,234\.56/);
  assert.equal(await page.getByRole('button', {name: 'Publish'}).isDisabled(), true);
  await shot(page, 'import');
  // The cell is edited in place: Enter saves through the row-edit API.
  await page.getByRole('button', {name: 'Edit Amount of row 2: -12OO.00'}).click();
  await page.getByRole('textbox', {name: 'Amount of row 2'}).fill('-1200.00');
  await page.keyboard.press('Enter');
  await page.getByRole('button', {name: 'Edit Amount of row 2: -1200.00'}).waitFor();
  assert.equal(await page.locator('tr.invalid').count(), 0);
  await page.getByRole('button', {name: 'Publish'}).click();
  await statusIs(page, 'complete');
  await page.getByRole('link', {name: 'Open the account'}).click();
  await page.getByRole('heading', {name: 'Checking', level: 1}).waitFor();
  // 1,000.00 + 2,500.00 − 1,200.00 − 84.10
  assert.match(await page.locator('#chart-last').textContent(), /^Last balance \$2,215\.90 on \d{4}-\d{2}-\d{2}$/);
  assert.match(await page.getByRole('img').getAttribute('aria-labelledby'), /chart-title/);
  assert.match(await page.locator('#account-balance').textContent(), /\$2,215\.90/);
  await page.getByLabel('Category of Groceries on 2024-01-04').selectOption({label: 'Groceries'});
  await page.locator('#announce', {hasText: 'Category of Groceries saved.'}).waitFor();
  const tx = await server.api('GET', '/api/v1/transactions?search=Groceries');
  assert.equal(tx.json.transactions[0].category.name, 'Groceries');
  await page.getByLabel('Search', {exact: true}).fill('Rent');
  await page.getByRole('button', {name: 'Filter'}).click();
  await page.locator('#tx-list tbody tr').first().waitFor();
  assert.equal(await page.locator('#tx-list tbody tr').count(), 1);
  await shot(page, 'account');
  await page.getByRole('link', {name: 'Accounts'}).click();
  await page.getByRole('heading', {name: 'Accounts', level: 1}).waitFor();
  await shot(page, 'accounts');
  await page.getByRole('link', {name: 'Imports'}).click();
  await page.getByRole('table').waitFor();
  await shot(page, 'imports');
  assert.deepEqual(problems(page), []);
  await page.close();
});

test('revert from the console', async () => {
  const acc = (await server.api('GET', '/api/v1/accounts')).json.accounts.find((a) => a.name === 'Checking');
  const done = await apiImport({type: 'TransactionImport', publish: 'true', account_id: acc.id,
    date_format: '%Y-%m-%d', raw_file_content: 'date,name,amount\n2024-02-01,Bonus,100.00\n'});
  assert.equal(done.status, 'complete');
  const page = await newPage(browser);
  await signIn(page);
  await page.goto(server.url + '/#/imports/' + done.id);
  await statusIs(page, 'complete');
  await page.getByRole('button', {name: 'Revert'}).click();
  await statusIs(page, 'pending');
  assert.equal(await page.getByRole('button', {name: 'Publish'}).isDisabled(), false);
  const after = (await server.api('GET', '/api/v1/transactions?search=Bonus')).json.transactions;
  assert.equal(after.length, 0);
  assert.deepEqual(problems(page), []);
  await page.close();
});

test('an OFX statement: detected, its account created from the file, published', async () => {
  const page = await newPage(browser);
  await signIn(page);
  await page.getByRole('button', {name: 'New import'}).click();
  const ofx = join(server.dir, 'statement.ofx');
  copyFileSync(join(sourceDir, 'tests/fixtures/realworld/ofx/beancount__beangulp__ofxdownload.ofx'), ofx);
  await page.getByLabel('File', {exact: true}).setInputFiles(ofx);
  await page.locator('#preflight-body', {hasText: 'OfxImport'}).waitFor();
  await page.getByRole('button', {name: 'Upload'}).click();
  await page.getByRole('heading', {name: 'Import OfxImport'}).waitFor();
  assert.match(await page.locator('dl.stats').textContent(), /Rows12Valid12Invalid0/);
  await page.getByRole('button', {name: 'Publish'}).click();
  await statusIs(page, 'complete');
  await page.getByRole('link', {name: 'Accounts'}).click();
  const row = page.getByRole('row', {name: /Credit Card/});
  await row.waitFor();
  assert.match(await row.textContent(), /\$352\.82/);
  assert.deepEqual(problems(page), []);
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

test('keyboard only: sign in, reach New import, its fields in order', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  const names = async () => page.evaluate(() => {
    const el = document.activeElement;
    const label = el.labels && el.labels.length ? el.labels[0].textContent : '';
    return label || el.getAttribute('aria-label') || el.textContent.trim();
  });
  // The heading has focus; Tab moves to the key field.
  await page.keyboard.press('Tab');
  assert.equal(await names(), 'API key');
  await page.keyboard.type(server.key);
  await page.keyboard.press('Enter');
  await page.getByRole('heading', {name: 'Imports', level: 1}).waitFor();
  const seen = [];
  for (let i = 0; i < 12 && !seen.includes('New import'); i++) {
    await page.keyboard.press('Tab');
    seen.push(await names());
  }
  assert.ok(seen.includes('New import'), seen.join(' | '));
  await page.keyboard.press('Enter');
  await page.getByRole('heading', {name: 'New import'}).waitFor();
  const order = [];
  for (let i = 0; i < 30 && !order.includes('Upload'); i++) {
    await page.keyboard.press('Tab');
    order.push(await names());
  }
  const at = (n) => order.indexOf(n);
  assert.ok(at('File') >= 0 && at('File') < at('Type') && at('Type') < at('Account') && at('Account') < at('Upload'), order.join(' | '));
  assert.deepEqual(problems(page), []);
  await page.close();
});

test('360 pixels wide: no screen scrolls sideways', async () => {
  const page = await newPage(browser, {width: 360, height: 740});
  await signIn(page);
  const imports = (await server.api('GET', '/api/v1/imports')).json.data;
  const accounts = (await server.api('GET', '/api/v1/accounts')).json.accounts;
  const screens = [['#/imports', 'Imports'], ['#/imports/new', 'New import'],
    ['#/imports/' + imports[imports.length - 1].id, /^Import /], ['#/accounts', 'Accounts'],
    ['#/accounts/' + accounts[0].id, accounts[0].name]];
  for (const [hash, title] of screens) {
    await page.goto(server.url + '/' + hash);
    await page.getByRole('heading', {name: title, level: 1}).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, hash + ' is ' + width + ' px wide');
    if (hash === '#/imports/new') await shot(page, 'new-import-360');
  }
  assert.deepEqual(problems(page), []);
  await page.close();
});
