// Accounts: current balances; an account's balance history (chart), its transactions (date range,
// search, category changed in place, which rule changed what) and, for investment accounts, its
// trades.
'use strict';
(function (FI) {
  const INVESTING = ['investment', 'crypto'];

  FI.accountsScreen = async function accountsScreen() {
    const accounts = await FI.getAll('/api/v1/accounts', 'accounts', {}, 500);
    const rows = accounts.map((a) => FI.h('tr', {},
      FI.h('th', {scope: 'row'}, FI.h('a', {href: '#/accounts/' + a.id}, a.name)),
      FI.h('td', {}, a.account_type), FI.h('td', {}, a.classification),
      FI.h('td', {class: 'num'}, a.balance), FI.h('td', {}, a.currency)));
    FI.render('Accounts', rows.length
      ? FI.table('Accounts and their current balances', ['Account', 'Type', 'Class', {label: 'Balance', num: true}, 'Currency'], rows)
      : FI.h('p', {class: 'note'}, 'No accounts yet: publish an import first.'));
  };

  async function chartSection(account) {
    // Newest first from the API; the chart wants oldest first (at most 1,000 days shown).
    const balances = (await FI.getAll('/api/v1/balances', 'balances', {account_id: account.id}, 1000)).reverse();
    const investing = INVESTING.includes(account.account_type);
    const points = balances.map((b) => ({date: b.date, values: {
      total: b.end_balance_cents, cash: b.end_cash_balance_cents, noncash: b.end_non_cash_balance_cents}}));
    const series = [{key: 'total', label: 'Balance', cls: 'swatch-total', color: '#0b57d0'}];
    if (investing) series.push({key: 'cash', label: 'Cash', cls: 'swatch-cash', color: '#188038'},
      {key: 'noncash', label: 'Holdings', cls: 'swatch-noncash', color: '#e37400'});
    const last = balances[balances.length - 1];
    const lastText = last ? 'Last balance ' + last.end_balance + ' on ' + last.date +
      (investing ? ' (cash ' + last.end_cash_balance + ', holdings ' + last.end_non_cash_balance + ')' : '')
      : 'No balance history yet.';
    return FI.h('section', {'aria-labelledby': 'history-title'}, FI.h('h2', {id: 'history-title'}, 'Balance history'),
      balances.length ? FI.balanceChart(points, series, lastText) : FI.h('p', {class: 'muted'}, lastText));
  }

  // What a rule effect (docs/rules.md §8) changed, in words.
  const ATTRIBUTES = {category_id: 'Category', merchant_id: 'Merchant', tag_ids: 'Tag', name: 'Name',
    excluded: 'Excluded', investment_activity_label: 'Activity label', kind: 'Transfer'};
  function ruleName(e) { return e.rule_name || 'a deleted rule'; }
  function effectText(e) {
    const what = ATTRIBUTES[e.attribute] || e.attribute;
    const was = e.attribute === 'name' && e.previous_value ? ' (was ' + e.previous_value + ')' : '';
    return what + ' set by rule ' + ruleName(e) + was;
  }

  // The current rule effects of a page of transactions, one request (docs/decisions.md D170).
  async function effectsOf(transactions) {
    const byTxn = new Map();
    if (!transactions.length) return byTxn;
    const effects = await FI.getAll('/api/v1/rule_effects', 'data',
      {transaction_ids: transactions.map((t) => t.id).join(',')}, 1000);
    for (const e of effects) {
      if (!byTxn.has(e.transaction_id)) byTxn.set(e.transaction_id, []);
      byTxn.get(e.transaction_id).push(e);
    }
    return byTxn;
  }

  async function transactionsSection(account, categories) {
    const state = {page: 1, start: '', end: '', search: ''};
    const from = FI.h('input', {type: 'date', id: 'tx-from'});
    const to = FI.h('input', {type: 'date', id: 'tx-to'});
    const search = FI.h('input', {type: 'search', id: 'tx-search', autocomplete: 'off'});
    const list = FI.h('div', {id: 'tx-list'});
    const form = FI.h('form', {class: 'filters', role: 'search', 'aria-label': 'Filter transactions'},
      FI.field('From', from), FI.field('To', to), FI.field('Search', search),
      FI.h('div', {class: 'actions'}, FI.h('button', {type: 'submit'}, 'Filter')));
    async function load() {
      const body = await FI.get('/api/v1/transactions', {account_id: account.id, page: state.page, per_page: 25,
        start_date: state.start, end_date: state.end, search: state.search});
      const effects = await effectsOf(body.transactions);
      const rows = body.transactions.map((t) => {
        const label = 'Category of ' + t.name + ' on ' + t.date;
        const mine = effects.get(t.id) || [];
        const categoryRule = mine.find((e) => e.attribute === 'category_id');
        // The rule that set the category is read with the select (its description).
        const why = FI.h('span', {class: 'why muted', id: 'why-' + t.id},
          categoryRule ? 'Set by rule ' + ruleName(categoryRule) : '');
        const select = FI.h('select', {'aria-label': label, 'aria-describedby': 'why-' + t.id},
          FI.h('option', {value: ''}, 'Uncategorised'),
          categories.map((c) => FI.h('option', {value: c.id, selected: t.category && t.category.id === c.id},
            c.parent ? c.parent.name + ' › ' + c.name : c.name)));
        select.addEventListener('change', async () => {
          try {
            await FI.request('PATCH', '/api/v1/transactions/' + t.id,
              {json: {transaction: {category_id: select.value || null}}});
            why.textContent = ''; // the user's choice now, no rule's (docs/rules.md §7)
            FI.announce('Category of ' + t.name + ' saved.');
          } catch (err) {
            FI.announce('Not saved: ' + FI.errorText(err));
            select.value = t.category ? t.category.id : '';
          }
        });
        const order = Object.keys(ATTRIBUTES);
        const changes = mine.slice().sort((a, b) => order.indexOf(a.attribute) - order.indexOf(b.attribute) ||
          (a.value || '').localeCompare(b.value || '')).map(effectText);
        return FI.h('tr', {}, FI.h('td', {}, t.date), FI.h('th', {scope: 'row'}, t.name),
          FI.h('td', {class: 'num'}, t.amount), FI.h('td', {}, select, why),
          FI.h('td', {}, changes.length
            ? FI.h('ul', {class: 'rule-changes', 'aria-label': 'Rule changes of ' + t.name}, changes.map((c) => FI.h('li', {}, c)))
            : FI.h('span', {class: 'muted'}, 'None')));
      });
      list.replaceChildren(rows.length
        ? FI.table('Transactions (positive amounts are money out)', ['Date', 'Name', {label: 'Amount', num: true}, 'Category', 'Changed by rules'], rows)
        : FI.h('p', {class: 'muted'}, 'No transactions match.'),
      FI.pager(body.pagination, (p) => { state.page = p; load(); }, 'Transactions'));
    }
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      Object.assign(state, {page: 1, start: from.value, end: to.value, search: search.value.trim()});
      try { await load(); FI.announce('Transactions filtered.'); } catch (err) { list.replaceChildren(FI.alert(FI.errorText(err))); }
    });
    await load();
    return FI.h('section', {'aria-labelledby': 'tx-title'}, FI.h('h2', {id: 'tx-title'}, 'Transactions'), form, list);
  }

  async function tradesSection(account) {
    const body = await FI.get('/api/v1/trades', {account_id: account.id, per_page: 100});
    const rows = body.trades.map((t) => FI.h('tr', {}, FI.h('td', {}, t.date), FI.h('th', {scope: 'row'}, t.name),
      FI.h('td', {}, t.security ? t.security.ticker : ''), FI.h('td', {class: 'num'}, t.qty),
      FI.h('td', {class: 'num'}, t.price), FI.h('td', {class: 'num'}, t.amount)));
    return FI.h('section', {'aria-labelledby': 'trades-title'}, FI.h('h2', {id: 'trades-title'}, 'Trades'),
      rows.length ? FI.table('Trades', ['Date', 'Name', 'Ticker', {label: 'Quantity', num: true},
        {label: 'Price', num: true}, {label: 'Amount', num: true}], rows) : FI.h('p', {class: 'muted'}, 'No trades.'));
  }

  FI.accountScreen = async function accountScreen(id) {
    const [account, categories] = await Promise.all([FI.get('/api/v1/accounts/' + id),
      FI.getAll('/api/v1/categories', 'categories', {}, 1000)]);
    const parts = [FI.h('p', {id: 'account-balance'}, 'Current balance: ', FI.h('strong', {}, account.balance),
      ' · ' + account.account_type + ' · ' + account.currency)];
    parts.push(await chartSection(account));
    parts.push(await transactionsSection(account, categories));
    if (INVESTING.includes(account.account_type)) parts.push(await tradesSection(account));
    parts.push(FI.h('p', {}, FI.h('a', {href: '#/accounts'}, 'All accounts')));
    FI.render(account.name, ...parts);
  };
})(window.FI);
