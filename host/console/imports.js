// The Imports screen: the family's imports, newest first, with their counts.
'use strict';
(function (FI) {
  FI.accountNames = async function accountNames() {
    const names = {};
    try {
      for (const a of await FI.getAll('/api/v1/accounts', 'accounts', {}, 500)) names[a.id] = a.name;
    } catch (err) {
      if (err && err.status === 401) throw err;
      // Without the accounts list an import still shows its account id.
    }
    return names;
  };

  FI.importsScreen = async function importsScreen(page) {
    page = page || 1;
    const [list, names] = await Promise.all([
      FI.get('/api/v1/imports', {page, per_page: 25}), FI.accountNames()]);
    // The list carries rows_count only; the other counts are each import's detail.
    const details = await Promise.all(list.data.map((i) =>
      FI.get('/api/v1/imports/' + i.id).then((b) => b.data).catch(() => null)));
    const rows = list.data.map((i, n) => {
      const d = details[n];
      const st = d ? d.stats : {};
      const when = (i.created_at || '').replace('T', ' ').replace(/\.\d+Z$/, ' UTC');
      return FI.h('tr', {},
        FI.h('td', {}, FI.h('a', {href: '#/imports/' + i.id}, when)),
        FI.h('td', {}, i.type),
        FI.h('td', {}, i.account_id ? (names[i.account_id] || i.account_id) : '—'),
        FI.h('td', {}, i.status),
        FI.h('td', {class: 'num'}, String(i.rows_count)),
        FI.h('td', {class: 'num'}, d ? String(st.valid_rows_count) : '—'),
        FI.h('td', {class: 'num'}, d ? String(st.invalid_rows_count) : '—'),
        FI.h('td', {class: 'num'}, d ? String(st.duplicate_rows_count) : '—'),
        FI.h('td', {class: 'num'}, d ? String((d.warnings || []).length) : '—'));
    });
    const newButton = FI.h('button', {type: 'button', onclick: () => { location.hash = '#/imports/new'; }},
      'New import');
    const content = [FI.h('div', {class: 'actions'}, newButton)];
    if (!rows.length) {
      content.push(FI.h('p', {class: 'note'}, 'No imports yet. Choose "New import" to upload a bank file.'));
    } else {
      content.push(FI.table('Imports, newest first', ['Created', 'Type', 'Account', 'Status',
        {label: 'Rows', num: true}, {label: 'Valid', num: true}, {label: 'Invalid', num: true},
        {label: 'Duplicates', num: true}, {label: 'Warnings', num: true}], rows));
      const meta = list.meta || {};
      content.push(FI.pager({page: meta.current_page || page, total_pages: meta.total_pages},
        (p) => FI.importsScreen(p), 'Imports'));
    }
    FI.render('Imports', ...content);
  };
})(window.FI);
