// The console's account screens in a real browser (they read GET /api/v1/accounts, transactions,
// categories and PATCH a transaction): a bank CSV with one bad row through New import, fixed in
// place, published, then its account's chart and a category changed in place; the 360-pixel
// layout of the account screens; which rule changed a transaction's category, name and tags.
// Run by ctest as console_browser_accounts (docs/console.md).
import {test, before, after} from 'node:test';
import assert from 'node:assert/strict';
import {startServer, startBrowser, newPage, helpers} from './harness.mjs';

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

test('a bank CSV with one bad row: detected, fixed in place, published, then the account', async () => {
  const page = await newPage(browser);
  await page.goto(server.url + '/');
  await h.shot(page, 'sign-in');
  await h.signIn(page);
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
  await h.shot(page, 'new-import');
  await page.getByRole('button', {name: 'Upload'}).click();
  await page.getByRole('heading', {name: 'Import TransactionImport'}).waitFor();
  await h.statusIs(page, 'pending');
  const bad = page.locator('tr.invalid');
  assert.equal(await bad.count(), 1);
  assert.match(await bad.textContent(), /Invalid: Amount "-12OO\.00" does not match the number format 1,234\.56/);
  assert.equal(await page.getByRole('button', {name: 'Publish'}).isDisabled(), true);
  await h.shot(page, 'import');
  // The cell is edited in place: Enter saves through the row-edit API.
  await page.getByRole('button', {name: 'Edit Amount of row 2: -12OO.00'}).click();
  await page.getByRole('textbox', {name: 'Amount of row 2'}).fill('-1200.00');
  await page.keyboard.press('Enter');
  await page.getByRole('button', {name: 'Edit Amount of row 2: -1200.00'}).waitFor();
  assert.equal(await page.locator('tr.invalid').count(), 0);
  await page.getByRole('button', {name: 'Publish'}).click();
  await h.statusIs(page, 'complete');
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
  // The list is redrawn when the answer arrives: wait for it, not for the old list's rows.
  await page.locator('#announce', {hasText: 'Transactions filtered.'}).waitFor();
  assert.deepEqual(await page.locator('#tx-list tbody th').allTextContents(), ['Rent']);
  await h.shot(page, 'account');
  await page.getByRole('link', {name: 'Accounts', exact: true}).click();
  await page.getByRole('heading', {name: 'Accounts', level: 1}).waitFor();
  await h.shot(page, 'accounts');
  await page.getByRole('link', {name: 'Imports', exact: true}).click();
  await page.getByRole('table').waitFor();
  await h.shot(page, 'imports');
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

test('an investment account: cash and holdings lines, its trades; a date range', async () => {
  await h.apiImport({type: 'AccountImport', publish: 'true', date_format: '%Y-%m-%d',
    raw_file_content: 'type,name,balance,currency,date\ninvestment,Broker,1000.00,USD,2024-01-01\n'});
  const broker = await h.accountId('Broker');
  const trades = await h.apiImport({type: 'TradeImport', publish: 'true', account_id: broker, date_format: '%Y-%m-%d',
    raw_file_content: 'date,ticker,qty,price\n2024-01-02,AAPL,2,100\n2024-01-03,AAPL,-1,110.50\n'});
  assert.equal(trades.status, 'complete');
  const page = await newPage(browser);
  await h.signIn(page);
  await page.goto(server.url + '/#/accounts/' + broker);
  await page.getByRole('heading', {name: 'Broker', level: 1}).waitFor();
  assert.equal(await page.locator('svg polyline').count(), 3); // balance, cash, holdings
  assert.match(await page.locator('#chart-last').textContent(), /^Last balance \$[\d,.]+ on \d{4}-\d{2}-\d{2} \(cash \$[\d,.]+, holdings \$[\d,.]+\)$/);
  const rows = page.getByRole('region', {name: 'Trades'}).locator('tbody tr');
  assert.equal(await rows.count(), 2);
  assert.match(await rows.first().textContent(), /2024-01-03.*AAPL/);
  // Checking's transactions between 2024-01-03 and 2024-01-04: Rent and Groceries, not Salary.
  await page.goto(server.url + '/#/accounts/' + await h.accountId('Checking'));
  await page.getByRole('heading', {name: 'Checking', level: 1}).waitFor();
  await page.getByLabel('From', {exact: true}).fill('2024-01-03');
  await page.getByLabel('To', {exact: true}).fill('2024-01-04');
  await page.getByRole('button', {name: 'Filter'}).click();
  await page.locator('#announce', {hasText: 'Transactions filtered.'}).waitFor();
  const names = await page.locator('#tx-list tbody th').allTextContents();
  assert.deepEqual(names, ['Groceries', 'Rent']);
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

test('a transaction shows which rule set its category and what else rules changed', async () => {
  const cats = await server.api('GET', '/api/v1/categories?per_page=100');
  const groceries = cats.json.categories.find((c) => c.name === 'Groceries').id;
  const rule = await server.api('POST', '/api/v1/rules', {rule: {name: 'Market run', resource_type: 'transaction',
    active: true, conditions: [{condition_type: 'transaction_name', operator: 'like', value: 'market'}],
    actions: [{action_type: 'set_transaction_category', value: groceries},
      {action_type: 'set_transaction_name', value: 'Farmers market'}]}});
  assert.equal(rule.status, 201, JSON.stringify(rule.json));
  await h.apiImport({type: 'AccountImport', publish: 'true', date_format: '%Y-%m-%d',
    raw_file_content: 'type,name,amount,currency,date\nChecking,Savings,0.00,USD,2024-01-01\n'});
  const savings = await h.accountId('Savings');
  const pub = await h.apiImport({type: 'TransactionImport', publish: 'true', account_id: savings, date_format: '%Y-%m-%d',
    raw_file_content: 'date,name,amount\n2024-02-01,MARKET STALL 4,-12.50\n2024-02-02,Bakery,-3.00\n'});
  assert.equal(pub.status, 'complete');
  const page = await newPage(browser);
  await h.signIn(page);
  await page.goto(server.url + '/#/accounts/' + savings);
  await page.getByRole('heading', {name: 'Savings', level: 1}).waitFor();
  // The select's accessible description names the rule; the row lists every rule change.
  const select = page.getByRole('combobox', {name: 'Category of Farmers market on 2024-02-01'});
  await select.waitFor();
  assert.equal(await select.evaluate((el) => el.selectedOptions[0].textContent), 'Groceries');
  assert.equal(await page.locator('#' + await select.getAttribute('aria-describedby')).textContent(),
    'Set by rule Market run');
  const changes = page.getByRole('list', {name: 'Rule changes of Farmers market'}).getByRole('listitem');
  assert.deepEqual(await changes.allTextContents(),
    ['Category set by rule Market run', 'Name set by rule Market run (was MARKET STALL 4)']);
  const bakery = page.getByRole('row', {name: /Bakery/});
  assert.match(await bakery.textContent(), /None$/);
  assert.equal(await page.getByRole('combobox', {name: 'Category of Bakery on 2024-02-02'})
    .evaluate((el) => document.getElementById(el.getAttribute('aria-describedby')).textContent), '');
  await h.shot(page, 'account-rules');
  // The user's own choice replaces the rule's: the explanation goes with it.
  await select.selectOption({label: 'Uncategorised'});
  await page.locator('#announce', {hasText: 'Category of Farmers market saved.'}).waitFor();
  assert.equal(await page.locator('#' + await select.getAttribute('aria-describedby')).textContent(), '');
  const effects = await server.api('GET', '/api/v1/rule_effects?attribute=category_id');
  assert.equal(effects.json.data.length, 0);
  assert.deepEqual(h.problems(page), []);
  await page.close();
});

test('360 pixels wide: the account screens do not scroll sideways', async () => {
  const page = await newPage(browser, {width: 360, height: 740});
  await h.signIn(page);
  const id = await h.accountId('Checking');
  for (const [hash, title] of [['#/accounts', 'Accounts'], ['#/accounts/' + id, 'Checking']]) {
    await page.goto(server.url + '/' + hash);
    await page.getByRole('heading', {name: title, level: 1}).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 360, hash + ' is ' + width + ' px wide');
    if (title === 'Checking') await h.shot(page, 'account-360');
  }
  assert.deepEqual(h.problems(page), []);
  await page.close();
});
