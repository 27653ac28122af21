// The console's router: #/imports, #/imports/new, #/imports/ID, #/accounts, #/accounts/ID.
'use strict';
(function (FI) {
  let signedOutMessage = '';
  FI.signedOut = function signedOut(message) {
    signedOutMessage = message || '';
    if (location.hash !== '#/signin') location.hash = '#/signin';
    else route();
  };

  function signIn() {
    const key = FI.h('input', {type: 'password', id: 'api-key', name: 'api-key', autocomplete: 'off',
      required: true, spellcheck: 'false'});
    const errorBox = FI.h('div', {id: 'sign-in-error'});
    if (signedOutMessage) errorBox.append(FI.alert(signedOutMessage));
    signedOutMessage = '';
    const form = FI.h('form', {class: 'card', 'aria-labelledby': 'screen-title', novalidate: true},
      FI.field('API key', key, 'The key `finimport keys create` printed (make run writes it to var/demo-api-key). It stays in this tab only.'),
      FI.h('div', {class: 'actions'}, FI.h('button', {type: 'submit'}, 'Sign in')),
      errorBox);
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const value = key.value.trim();
      errorBox.replaceChildren();
      if (!value) {
        errorBox.append(FI.alert('Enter your API key.'));
        key.focus();
        return;
      }
      try {
        await FI.request('GET', '/api/v1/imports', {key: value, query: {per_page: 1}});
        FI.setKey(value);
        key.value = '';
        location.hash = '#/imports';
      } catch (err) {
        const why = err.status === 401 ? 'That API key was not accepted: ' + FI.errorText(err)
          : 'Sign-in failed: ' + FI.errorText(err);
        errorBox.append(FI.alert(why));
        key.focus();
      }
    });
    document.getElementById('nav').hidden = true;
    FI.render('Sign in', form);
  }

  async function route() {
    const hash = location.hash || '#/imports';
    if (!FI.key() && hash !== '#/signin') { location.hash = '#/signin'; return; }
    if (hash === '#/signin') { signIn(); return; }
    document.getElementById('nav').hidden = false;
    const parts = hash.replace(/^#\/?/, '').split('/');
    for (const a of document.querySelectorAll('#nav a')) a.removeAttribute('aria-current');
    const current = document.getElementById('nav-' + parts[0]);
    if (current) current.setAttribute('aria-current', 'page');
    try {
      if (parts[0] === 'imports' && parts[1] === 'new') await FI.newImportScreen();
      else if (parts[0] === 'imports' && parts[1]) await FI.importScreen(parts[1]);
      else if (parts[0] === 'accounts' && parts[1]) await FI.accountScreen(parts[1]);
      else if (parts[0] === 'accounts') await FI.accountsScreen();
      else await FI.importsScreen();
    } catch (err) {
      if (err && err.status === 401) return; // signedOut() already moved on
      FI.render('Something went wrong', FI.alert(FI.errorText(err), FI.errorItems(err)),
        FI.h('p', {}, FI.h('a', {href: '#/imports'}, 'Back to imports')));
    }
  }
  FI.route = route;

  document.addEventListener('DOMContentLoaded', () => {
    document.getElementById('sign-out').addEventListener('click', () => {
      FI.clearKey();
      FI.signedOut('Signed out.');
    });
    window.addEventListener('hashchange', route);
    route();
  });
})(window.FI);
