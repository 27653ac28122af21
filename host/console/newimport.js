// The New import screen: file (picker or drop), type, account, the type's options built from its
// manifest (GET /api/v1/import_types), a live preflight and the upload.
'use strict';
(function (FI) {
  let serverDetects = true; // false once the server refused type=auto (then the extension decides)

  function extensionOf(name) {
    const dot = (name || '').lastIndexOf('.');
    return dot < 0 ? '' : name.slice(dot).toLowerCase();
  }

  // The type a file's extension points at: TransactionImport among CSV types, else the first.
  FI.guessType = function guessType(file, types) {
    const ext = extensionOf(file && file.name);
    const fits = types.filter((t) => (t.extensions || []).includes(ext));
    if (!fits.length) return 'TransactionImport';
    const tx = fits.find((t) => t.type === 'TransactionImport');
    return (tx || fits[0]).type;
  };

  function refusedType(err) {
    return err && err.status === 422 && FI.errorItems(err).some((e) => /^Type\b/.test(e));
  }

  // A suggestion the preflight made for an option, in any of the shapes it may take.
  function suggestion(report, name) {
    const sources = [report.suggestions, report.suggested_options, report.sniffed];
    for (const src of sources) {
      if (!src) continue;
      let v;
      if (Array.isArray(src)) {
        const hit = src.find((x) => x && (x.option === name || x.name === name));
        v = hit && (hit.value !== undefined ? hit.value : hit.label !== undefined ? hit.label : hit.header);
      } else {
        v = src[name];
        if (v && typeof v === 'object') v = v.value !== undefined ? v.value : v.label !== undefined ? v.label : v.header;
      }
      if (typeof v === 'string' && v !== '') return v;
    }
    return null;
  }

  function optionControl(o) {
    let control;
    if (o.type === 'enum' || o.type === 'boolean') {
      const values = o.type === 'boolean' ? ['true', 'false'] : o.values;
      control = FI.h('select', {name: o.name},
        FI.h('option', {value: ''}, o.default !== null ? 'Default (' + o.default + ')' : 'Not set'),
        values.map((v) => FI.h('option', {value: v}, v === '\t' ? 'Tab' : v)));
    } else {
      control = FI.h('input', {type: 'text', name: o.name, autocomplete: 'off',
        placeholder: o.default !== null ? o.default : ''});
    }
    control.dataset.option = o.name;
    control.addEventListener('input', () => { control.dataset.touched = '1'; });
    control.addEventListener('change', () => { control.dataset.touched = '1'; });
    return FI.field(o.label, control, o.description || null);
  }

  FI.newImportScreen = async function newImportScreen() {
    const [types, accounts] = await Promise.all([FI.importTypes(),
      FI.getAll('/api/v1/accounts', 'accounts', {}, 500).catch((err) => {
        if (err && err.status === 401) throw err;
        return [];
      })]);
    const file = FI.h('input', {type: 'file', id: 'file', name: 'file', required: true});
    const drop = FI.h('div', {class: 'drop', id: 'drop'}, 'Or drop a file here.');
    const type = FI.h('select', {id: 'type', name: 'type'},
      FI.h('option', {value: 'auto'}, 'Detect automatically'),
      types.map((t) => FI.h('option', {value: t.type}, t.type)));
    const account = FI.h('select', {id: 'account', name: 'account_id'},
      FI.h('option', {value: ''}, 'Create from the file'),
      accounts.map((a) => FI.h('option', {value: a.id}, a.name + ' (' + a.currency + ')')));
    const options = FI.h('div', {id: 'options'});
    const panel = FI.h('div', {id: 'preflight-body'}, FI.h('p', {class: 'muted'}, 'Choose a file to see what will be imported.'));
    const preflight = FI.h('section', {class: 'preflight', 'aria-labelledby': 'preflight-title', 'aria-live': 'polite'},
      FI.h('h2', {id: 'preflight-title'}, 'Preflight'), panel);
    const bar = FI.h('progress', {id: 'upload-progress', max: '100', value: '0', 'aria-label': 'Upload progress', hidden: true});
    const barText = FI.h('p', {id: 'upload-status', class: 'muted', 'aria-live': 'polite'});
    const result = FI.h('div', {id: 'upload-result'});
    const upload = FI.h('button', {type: 'submit'}, 'Upload');
    const form = FI.h('form', {class: 'card', 'aria-labelledby': 'screen-title', novalidate: true},
      FI.field('File', file, 'A bank CSV, OFX, QIF, CAMT, MT940 or PDF statement, or a finimport export.'), drop,
      FI.field('Type', type), FI.field('Account', account,
        'The account the rows go to; "Create from the file" uses the account the file names.'),
      options, FI.h('div', {class: 'actions'}, upload), bar, barText, result);

    let shownType = null;
    const effectiveType = () => type.value === 'auto' ? FI.guessType(file.files[0], types) : type.value;
    function buildOptions() {
      const t = effectiveType();
      if (t === shownType) return;
      shownType = t;
      const spec = types.find((x) => x.type === t);
      const opts = spec ? spec.options : [];
      const labels = opts.filter((o) => /_col_label$/.test(o.name));
      const formats = opts.filter((o) => !/_col_label$/.test(o.name));
      const parts = [];
      // Folded: the defaults and the preflight's suggestions are right for most files.
      if (formats.length) parts.push(FI.h('details', {}, FI.h('summary', {}, 'Options of ' + t + ' (formats, separators)'),
        FI.h('fieldset', {}, FI.h('legend', {}, 'How the file is written'), formats.map(optionControl))));
      if (labels.length) parts.push(FI.h('details', {}, FI.h('summary', {}, 'Column labels of ' + t),
        FI.h('fieldset', {}, FI.h('legend', {}, 'Which column holds what'), labels.map(optionControl))));
      options.replaceChildren(...parts);
    }

    function formData(forType) {
      const fd = new FormData();
      if (file.files[0]) fd.append('file', file.files[0], file.files[0].name);
      fd.append('type', forType);
      if (account.value) fd.append('account_id', account.value);
      for (const c of options.querySelectorAll('[data-option]')) if (c.value !== '') fd.append(c.dataset.option, c.value);
      return fd;
    }
    const sentType = () => (type.value === 'auto' && serverDetects) ? 'auto' : effectiveType();

    // Runs `call(type)`, falling back to the extension's type when the server cannot detect.
    async function withDetection(call) {
      try {
        return await call(sentType());
      } catch (err) {
        if (type.value === 'auto' && serverDetects && refusedType(err)) {
          serverDetects = false;
          return call(effectiveType());
        }
        throw err;
      }
    }

    function showReport(report) {
      const items = [];
      const count = (report.stats && report.stats.rows_count) || 0;
      items.push(FI.h('p', {}, (report.valid ? 'Ready: ' : 'Problems found: ') + report.type + ', ' +
        count + (count === 1 ? ' row.' : ' rows.')));
      if (report.headers) items.push(FI.h('p', {}, 'Header: ' + report.headers.join(' · ')));
      const sniff = report.sniffed || report.formats;
      if (sniff && typeof sniff === 'object') {
        items.push(FI.h('p', {}, 'Formats: ' + Object.entries(sniff).map(([k, v]) =>
          k + ' ' + (typeof v === 'object' && v ? (v.value || JSON.stringify(v)) : v)).join(', ')));
      }
      if (report.missing_required_headers && report.missing_required_headers.length)
        items.push(FI.h('p', {class: 'error'}, 'Missing columns: ' + report.missing_required_headers.join(', ')));
      const errs = (report.errors || []).map((e) => e.message || String(e));
      const rowErrs = (report.row_errors || report.first_row_errors || []).slice(0, 10).map((e) =>
        (e.line ? 'Line ' + e.line + ': ' : e.row_number ? 'Row ' + e.row_number + ': ' : '') +
        (e.message || (e.errors || []).join('; ')));
      if (errs.length || rowErrs.length)
        items.push(FI.h('ul', {class: 'error', 'aria-label': 'Preflight errors'}, [...errs, ...rowErrs].map((t) => FI.h('li', {}, t))));
      if (report.warnings && report.warnings.length)
        items.push(FI.h('ul', {'aria-label': 'Preflight warnings'}, report.warnings.map((t) => FI.h('li', {}, t))));
      panel.replaceChildren(...items);
      for (const c of options.querySelectorAll('[data-option]')) {
        const v = suggestion(report, c.dataset.option);
        if (v !== null && !c.dataset.touched) {
          if (c.tagName === 'SELECT' && ![...c.options].some((o) => o.value === v)) continue;
          c.value = v;
        }
      }
    }

    let timer = null, generation = 0;
    function schedulePreflight() {
      buildOptions();
      window.clearTimeout(timer);
      if (!file.files[0]) return;
      timer = window.setTimeout(async () => {
        const mine = ++generation;
        panel.replaceChildren(FI.h('p', {class: 'muted'}, 'Checking the file…'));
        try {
          const body = await withDetection((t) => FI.request('POST', '/api/v1/imports/preflight', {form: formData(t)}));
          if (mine === generation) showReport(body.data);
        } catch (err) {
          if (mine !== generation || (err && err.status === 401)) return;
          panel.replaceChildren(FI.h('p', {class: 'error'}, FI.errorText(err)),
            FI.h('ul', {class: 'error'}, FI.errorItems(err).map((t) => FI.h('li', {}, t))));
        }
      }, 250);
    }
    file.addEventListener('change', schedulePreflight);
    type.addEventListener('change', schedulePreflight);
    account.addEventListener('change', schedulePreflight);
    options.addEventListener('change', schedulePreflight);

    drop.addEventListener('dragover', (e) => { e.preventDefault(); drop.classList.add('over'); });
    drop.addEventListener('dragleave', () => drop.classList.remove('over'));
    drop.addEventListener('drop', (e) => {
      e.preventDefault();
      drop.classList.remove('over');
      if (e.dataTransfer && e.dataTransfer.files.length) {
        file.files = e.dataTransfer.files;
        drop.textContent = 'Dropped: ' + file.files[0].name;
        schedulePreflight();
      }
    });

    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      result.replaceChildren();
      if (!file.files[0]) {
        result.append(FI.alert('Choose a file first.'));
        file.focus();
        return;
      }
      upload.disabled = true;
      bar.hidden = false;
      bar.value = 0;
      barText.textContent = 'Sending the file…';
      serverSeen = false;
      let watching = null;
      try {
        const body = await withDetection((t) => {
          // docs/decisions.md D165: the import's id is chosen here, so the server's side of the
          // upload (bytes received, rows parsed) can be shown while it runs.
          // A small file is answered before the first look.
          const id = FI.newUuid();
          clearInterval(watching);
          watching = setInterval(() => watchUpload(id), 400);
          return FI.upload('/api/v1/imports', formData(t), (sent, total) => {
            if (total && !serverSeen) bar.value = Math.round(100 * sent / total);
          }, {'X-Import-Id': id});
        });
        clearInterval(watching);
        FI.announce('Uploaded.');
        location.hash = '#/imports/' + body.data.id;
      } catch (err) {
        clearInterval(watching);
        barText.textContent = '';
        upload.disabled = false;
        bar.hidden = true;
        if (err && err.status === 401) return;
        result.append(FI.alert('The upload was refused: ' + FI.errorText(err), FI.errorItems(err)));
        result.querySelector('[role=alert]').setAttribute('tabindex', '-1');
        result.querySelector('[role=alert]').focus();
      }
    });

    // The server's progress of the upload: 404 until its body begins and once it is answered.
    // Once known, the bar shows what the server has, not what the browser has sent.
    let serverSeen = false;
    async function watchUpload(id) {
      let imp;
      try {
        imp = (await FI.get('/api/v1/imports/' + id)).data;
      } catch (err) {
        return;
      }
      const p = imp && imp.status === 'uploading' ? imp.progress : null;
      if (!p || upload.disabled === false) return;
      serverSeen = true;
      if (p.phase === 'parsing') {
        bar.removeAttribute('value'); // the rows of a file are not known before they are read
        barText.textContent = 'Reading the file: ' + p.rows_done + (p.rows_done === 1 ? ' row' : ' rows') + ' so far.';
      } else {
        if (p.bytes_total) bar.value = Math.round(100 * p.bytes_done / p.bytes_total);
        barText.textContent = 'Received ' + p.bytes_done + (p.bytes_total ? ' of ' + p.bytes_total : '') + ' bytes.';
      }
    }

    buildOptions();
    FI.render('New import', form, preflight);
  };
})(window.FI);
