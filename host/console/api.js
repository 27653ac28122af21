// The public HTTP API, with the key from sessionStorage (never a URL, never logged; docs/console.md).
'use strict';
(function (FI) {
  const KEY = 'finimport.apiKey';
  FI.key = () => window.sessionStorage.getItem(KEY);
  FI.setKey = (k) => window.sessionStorage.setItem(KEY, k);
  FI.clearKey = () => window.sessionStorage.removeItem(KEY);

  class ApiError extends Error {
    constructor(status, body) {
      super((body && body.message) || ('HTTP ' + status));
      this.status = status;
      this.body = body;
    }
  }
  FI.ApiError = ApiError;

  function query(params) {
    const q = new URLSearchParams();
    for (const [k, v] of Object.entries(params || {})) {
      if (v === null || v === undefined || v === '') continue;
      q.append(k, v);
    }
    const s = q.toString();
    return s ? '?' + s : '';
  }
  FI.query = query;

  async function parse(response) {
    const text = await response.text();
    let body = null;
    try { body = text ? JSON.parse(text) : null; } catch (e) { body = {message: text}; }
    if (!response.ok) throw new ApiError(response.status, body);
    return body;
  }

  // request('GET', '/api/v1/imports', {query: {page: 1}}) -> parsed JSON; throws ApiError.
  FI.request = async function request(method, path, options) {
    const opts = options || {};
    const headers = {'X-Api-Key': opts.key || FI.key() || '', 'Accept': 'application/json'};
    let body;
    if (opts.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(opts.json);
    } else if (opts.form) {
      body = opts.form;
    }
    const response = await fetch(path + query(opts.query), {
      method, headers, body, credentials: 'omit', cache: 'no-store', referrerPolicy: 'no-referrer'});
    if (response.status === 401 && !opts.key) {
      FI.clearKey();
      FI.signedOut('Your session ended: the API key was not accepted. Sign in again.');
    }
    return parse(response);
  };
  FI.get = (path, q) => FI.request('GET', path, {query: q});

  // A multipart upload with upload progress (fetch reports none): onProgress(sent, total).
  // `headers`: more request headers (X-Import-Id, docs/decisions.md D165).
  FI.upload = function upload(path, form, onProgress, headers) {
    return new Promise((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      xhr.open('POST', path);
      xhr.setRequestHeader('X-Api-Key', FI.key() || '');
      xhr.setRequestHeader('Accept', 'application/json');
      for (const [name, value] of Object.entries(headers || {})) xhr.setRequestHeader(name, value);
      xhr.upload.addEventListener('progress', (e) => {
        if (onProgress) onProgress(e.loaded, e.lengthComputable ? e.total : null);
      });
      xhr.addEventListener('load', () => {
        let body = null;
        try { body = xhr.responseText ? JSON.parse(xhr.responseText) : null; } catch (e) { body = {message: xhr.responseText}; }
        if (xhr.status >= 200 && xhr.status < 300) resolve(body);
        else reject(new ApiError(xhr.status, body));
      });
      xhr.addEventListener('error', () => reject(new ApiError(0, {message: 'The server could not be reached.'})));
      xhr.send(form);
    });
  };

  // A random (version 4) UUID: crypto.randomUUID exists only in secure contexts, and the console
  // may be served over plain HTTP on a LAN address.
  FI.newUuid = function newUuid() {
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40;
    b[8] = (b[8] & 0x3f) | 0x80;
    const hex = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
    return hex.slice(0, 8) + '-' + hex.slice(8, 12) + '-' + hex.slice(12, 16) + '-' + hex.slice(16, 20) + '-' + hex.slice(20);
  };

  // Every page of a paginated list (capped: the console shows at most `max` records).
  FI.getAll = async function getAll(path, key, q, max) {
    const out = [];
    for (let page = 1; out.length < (max || 1000); page++) {
      const body = await FI.get(path, Object.assign({}, q, {page, per_page: 100}));
      const items = body[key] || body.data || [];
      out.push(...items);
      const meta = body.pagination || body.meta || {};
      if (page >= (meta.total_pages || 1) || items.length === 0) break;
    }
    return out;
  };

  let typesCache = null;
  FI.importTypes = async function importTypes() {
    if (!typesCache) typesCache = (await FI.get('/api/v1/import_types')).data;
    return typesCache;
  };
})(window.FI);
