// DOM helpers of the console: elements are built, never parsed from HTML strings (no injection,
// and the CSP allows no inline script or style).
'use strict';
window.FI = window.FI || {};
(function (FI) {
  // h('button', {type: 'button', onclick: f}, 'Sign in')
  FI.h = function h(tag, attrs, ...children) {
    const el = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) {
      if (v === null || v === undefined || v === false) continue;
      if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
      else if (k === 'class') el.className = v;
      else if (k === 'text') el.textContent = v;
      else if (v === true) el.setAttribute(k, '');
      else el.setAttribute(k, String(v));
    }
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      el.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return el;
  };

  FI.main = () => document.getElementById('main');

  // Replaces the screen and moves focus to its heading (screen readers hear the new screen).
  FI.render = function render(title, ...content) {
    const main = FI.main();
    const heading = FI.h('h1', {tabindex: '-1', id: 'screen-title'}, title);
    main.replaceChildren(heading, ...content);
    document.title = title + ' · finimport';
    heading.focus();
    return heading;
  };

  FI.announce = function announce(text) {
    const region = document.getElementById('announce');
    region.textContent = '';
    window.setTimeout(() => { region.textContent = text; }, 30);
  };

  // A labelled control: label + input/select with matching ids, plus an optional hint.
  let nextId = 0;
  FI.field = function field(labelText, control, hintText) {
    const id = control.id || ('f' + (++nextId));
    control.id = id;
    const parts = [FI.h('label', {for: id}, labelText), control];
    if (hintText) {
      const hint = FI.h('p', {class: 'hint', id: id + '-hint'}, hintText);
      control.setAttribute('aria-describedby', hint.id);
      parts.push(hint);
    }
    return FI.h('div', {class: 'field'}, parts);
  };

  FI.alert = (text, items) =>
    FI.h('div', {class: 'alert', role: 'alert'}, FI.h('p', {}, text),
      items && items.length ? FI.h('ul', {}, items.map((i) => FI.h('li', {}, i))) : null);

  // A scrollable table region (keyboard-scrollable, named for screen readers).
  FI.table = function table(caption, headers, rows) {
    const t = FI.h('table', {},
      FI.h('caption', {}, caption),
      FI.h('thead', {}, FI.h('tr', {}, headers.map((hd) =>
        FI.h('th', {scope: 'col', class: hd.num ? 'num' : null}, hd.label || hd)))),
      FI.h('tbody', {}, rows));
    return FI.h('div', {class: 'table-wrap', role: 'region', 'aria-label': caption, tabindex: '0'}, t);
  };

  FI.pager = function pager(meta, go, label) {
    const page = meta.page, total = meta.total_pages || 1;
    return FI.h('nav', {class: 'pager', 'aria-label': label + ' pages'},
      FI.h('button', {type: 'button', class: 'secondary', disabled: page <= 1,
        onclick: () => go(page - 1)}, 'Previous page'),
      FI.h('span', {}, 'Page ' + page + ' of ' + total),
      FI.h('button', {type: 'button', class: 'secondary', disabled: page >= total,
        onclick: () => go(page + 1)}, 'Next page'));
  };

  FI.errorText = function errorText(err) {
    if (err && err.body && err.body.message) return err.body.message;
    return (err && err.message) || 'Something went wrong';
  };
  FI.errorItems = (err) => (err && err.body && Array.isArray(err.body.errors)) ? err.body.errors : [];
})(window.FI);
