// Editor: live preview while typing (debounced), rendered and sanitized by the server.
(function () {
  'use strict';
  var form = document.getElementById('editor-form');
  var textarea = document.getElementById('ed-md');
  var preview = document.getElementById('ed-preview');
  if (!form || !textarea || !preview) return;
  var csrf = document.querySelector('meta[name="csrf-token"]');
  var action = form.getAttribute('action').replace(/\/edit$/, '/preview');
  var pathInput = form.querySelector('[name="path"]');
  var timer = null;
  var seq = 0;

  function refresh() {
    var mine = ++seq;
    var body = new URLSearchParams();
    body.set('_csrf', csrf ? csrf.getAttribute('content') : '');
    body.set('path', pathInput ? pathInput.value : '');
    body.set('markdown', textarea.value);
    fetch(action, { method: 'POST', body: body, credentials: 'same-origin', headers: { 'x-csrf-token': body.get('_csrf') } })
      .then(function (res) {
        return res.ok ? res.text() : null;
      })
      .then(function (markup) {
        if (markup != null && mine === seq) preview.innerHTML = markup; // server-sanitized fragment
      })
      .catch(function () {
        /* offline: the Preview button still works */
      });
  }

  textarea.addEventListener('input', function () {
    clearTimeout(timer);
    timer = setTimeout(refresh, 300);
  });
  var button = document.getElementById('ed-preview-btn');
  if (button) {
    button.addEventListener('click', function (event) {
      event.preventDefault();
      refresh();
    });
  }
  refresh();
})();
