// An import: stats, warnings, why it cannot be published, its rows (invalid ones marked, cells
// edited in place, rows excluded through the row-edit API), Publish and Revert with progress.
'use strict';
(function (FI) {
  // Row fields a person edits, in table order (docs/api.md §12.3 lists them all).
  const COLUMNS = [['date', 'Date'], ['name', 'Name'], ['amount', 'Amount'], ['currency', 'Currency'],
    ['category', 'Category'], ['account', 'Account'], ['ticker', 'Ticker'], ['qty', 'Quantity'],
    ['price', 'Price'], ['notes', 'Notes']];
  let poll = null;
  window.addEventListener('hashchange', () => { window.clearTimeout(poll); poll = null; });

  function stat(label, value) {
    return FI.h('div', {}, FI.h('dt', {}, label), FI.h('dd', {}, String(value)));
  }

  function editableCell(importId, row, field, label, editable, reload) {
    const value = row.fields[field] === null || row.fields[field] === undefined ? '' : row.fields[field];
    const td = FI.h('td', {class: field === 'amount' || field === 'qty' || field === 'price' ? 'num' : null});
    if (!editable) { td.textContent = value; return td; }
    const name = label + ' of row ' + row.row_number;
    const show = () => {
      const b = FI.h('button', {type: 'button', class: 'cell-edit', 'aria-label': 'Edit ' + name + ': ' + (value || 'empty')},
        value || '—');
      b.addEventListener('click', edit);
      td.replaceChildren(b);
      return b;
    };
    async function save(input) {
      const next = input.value;
      if (next === value) { show().focus(); return; }
      input.disabled = true;
      try {
        await FI.request('PATCH', '/api/v1/imports/' + importId + '/rows/' + row.row_number,
          {json: {fields: {[field]: next}}});
        FI.announce(name + ' saved.');
        await reload({focus: 'Edit ' + name});
      } catch (err) {
        input.disabled = false;
        input.setAttribute('aria-invalid', 'true');
        FI.announce('Not saved: ' + FI.errorText(err));
        input.focus();
      }
    }
    function edit() {
      const input = FI.h('input', {type: 'text', class: 'cell-input', value, 'aria-label': name});
      input.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') { e.preventDefault(); save(input); }
        if (e.key === 'Escape') { e.preventDefault(); show().focus(); }
      });
      td.replaceChildren(input, FI.h('span', {class: 'visually-hidden'}, 'Enter saves, Escape cancels.'));
      input.focus();
      input.select();
    }
    show();
    return td;
  }

  async function rowsTable(imp, state, reload) {
    const editable = imp.status === 'pending' || imp.status === 'failed';
    const body = await FI.get('/api/v1/imports/' + imp.id + '/rows',
      {page: state.page, per_page: 25, invalid: state.invalidOnly ? 'true' : null});
    const used = COLUMNS.filter(([f]) => body.data.some((r) => r.fields[f] !== null && r.fields[f] !== undefined && r.fields[f] !== ''));
    const rows = body.data.map((r) => {
      const tr = FI.h('tr', {class: (r.excluded ? 'excluded' : r.valid ? '' : 'invalid') || null},
        FI.h('th', {scope: 'row'}, String(r.row_number)),
        used.map(([f, label]) => editableCell(imp.id, r, f, label, editable, reload)),
        FI.h('td', {}, r.excluded ? 'Excluded' : r.valid ? 'Valid' :
          FI.h('span', {class: 'error'}, 'Invalid: ' + r.errors.join('; '))));
      const box = FI.h('input', {type: 'checkbox', checked: r.excluded, disabled: !editable,
        'aria-label': 'Exclude row ' + r.row_number});
      box.addEventListener('change', async () => {
        try {
          await FI.request('PATCH', '/api/v1/imports/' + imp.id + '/rows/' + r.row_number, {json: {excluded: box.checked}});
          FI.announce('Row ' + r.row_number + (box.checked ? ' excluded.' : ' included again.'));
          await reload({focus: 'Exclude row ' + r.row_number});
        } catch (err) {
          box.checked = !box.checked;
          FI.announce('Not saved: ' + FI.errorText(err));
        }
      });
      tr.append(FI.h('td', {}, box));
      return tr;
    });
    const filter = FI.h('input', {type: 'checkbox', id: 'invalid-only', checked: state.invalidOnly});
    filter.addEventListener('change', () => { state.invalidOnly = filter.checked; state.page = 1; reload({focus: 'Only invalid rows'}); });
    const meta = body.meta || {};
    return FI.h('section', {'aria-labelledby': 'rows-title'},
      FI.h('h2', {id: 'rows-title'}, 'Rows'),
      FI.h('p', {class: 'actions'}, filter, FI.h('label', {for: 'invalid-only'}, 'Only invalid rows')),
      editable ? FI.h('p', {class: 'hint'}, 'Select a cell to correct it; Enter saves.') : null,
      rows.length ? FI.table('Rows of the import', ['Row', ...used.map(([, l]) => l), 'Check', 'Exclude'], rows)
        : FI.h('p', {class: 'muted'}, 'No rows to show.'),
      FI.pager({page: meta.current_page || state.page, total_pages: meta.total_pages},
        (p) => { state.page = p; reload({focus: 'Rows of the import'}); }, 'Rows'));
  }

  function progressOf(imp) {
    const p = imp.progress;
    if (!p) return null;
    const bar = FI.h('progress', {id: 'job-progress', 'aria-label': (imp.status === 'reverting' ? 'Revert' : 'Publish') + ' progress'});
    if (p.rows_total) { bar.max = p.rows_total; bar.value = p.rows_done; }
    const text = p.phase + (p.rows_total ? ': ' + p.rows_done + ' of ' + p.rows_total + ' rows' : '…');
    return FI.h('div', {class: 'note'}, FI.h('p', {}, text), bar);
  }

  FI.importScreen = async function importScreen(id) {
    const state = {page: 1, invalidOnly: false};
    async function reload(opts) {
      window.clearTimeout(poll);
      const imp = (await FI.get('/api/v1/imports/' + id)).data;
      const names = await FI.accountNames();
      const st = imp.stats, sd = imp.status_detail;
      const running = imp.status === 'importing' || imp.status === 'reverting';
      const parts = [];
      parts.push(FI.h('p', {id: 'import-status'}, 'Status: ', FI.h('strong', {}, imp.status)));
      if (imp.error) parts.push(FI.alert(imp.error));
      parts.push(FI.h('section', {'aria-labelledby': 'stats-title'}, FI.h('h2', {id: 'stats-title'}, 'Summary'),
        FI.h('dl', {class: 'stats'}, stat('Type', imp.type),
          stat('Account', imp.account_id ? (names[imp.account_id] || imp.account_id) : 'From the file'),
          stat('Rows', st.rows_count), stat('Valid', st.valid_rows_count), stat('Invalid', st.invalid_rows_count),
          stat('Duplicates', st.duplicate_rows_count), stat('Excluded', st.excluded_rows_count),
          stat('Warnings', (imp.warnings || []).length))));
      if ((imp.warnings || []).length)
        parts.push(FI.h('section', {'aria-labelledby': 'warn-title'}, FI.h('h2', {id: 'warn-title'}, 'Warnings'),
          FI.h('ul', {}, imp.warnings.map((w) => FI.h('li', {}, w)))));
      const reasons = imp.not_publishable_reasons || [];
      if (!sd.publishable && reasons.length && !running && imp.status !== 'complete')
        parts.push(FI.h('section', {'aria-labelledby': 'why-title'}, FI.h('h2', {id: 'why-title'}, 'Why it cannot be published yet'),
          FI.h('ul', {}, reasons.map((w) => FI.h('li', {}, w)))));
      const result = FI.h('div', {id: 'job-result'});
      const act = async (what) => {
        result.replaceChildren();
        try {
          await FI.request('POST', '/api/v1/imports/' + id + '/' + what, {});
          FI.announce(what === 'publish' ? 'Publishing…' : 'Reverting…');
          await reload({focus: what === 'publish' ? 'Publish' : 'Revert'});
        } catch (err) {
          if (err && err.status === 401) return;
          result.append(FI.alert(FI.errorText(err), FI.errorItems(err)));
        }
      };
      parts.push(FI.h('div', {class: 'actions'},
        FI.h('button', {type: 'button', disabled: running || !(sd.publishable && (imp.status === 'pending' || imp.status === 'failed')),
          onclick: () => act('publish')}, 'Publish'),
        FI.h('button', {type: 'button', class: 'danger', disabled: running || !sd.revertable,
          onclick: () => act('revert')}, 'Revert'),
        imp.account_id ? FI.h('a', {href: '#/accounts/' + imp.account_id}, 'Open the account') : null));
      const prog = progressOf(imp);
      if (prog) parts.push(prog);
      parts.push(result);
      if (imp.type !== 'ServiceImport') parts.push(await rowsTable(imp, state, reload));
      const focused = opts && opts.focus;
      const heading = FI.render('Import ' + imp.type, ...parts);
      if (focused) {
        const target = [...FI.main().querySelectorAll('button, input, [role=region], label')].find((el) =>
          el.getAttribute('aria-label') === focused || el.textContent === focused ||
          (el.getAttribute('aria-label') || '').startsWith(focused + ':'));
        const el = target && (target.tagName === 'LABEL' ? document.getElementById(target.htmlFor) : target);
        if (el && !el.disabled) el.focus();
        else heading.focus();
      }
      const o = opts || {};
      if (running) {
        o.wasRunning = true;
        poll = window.setTimeout(() => reload(o).catch(() => {}), 400);
      } else if (o.wasRunning) {
        o.wasRunning = false;
        FI.announce('Import is ' + imp.status + '.');
      }
    }
    await reload(null);
  };
})(window.FI);
