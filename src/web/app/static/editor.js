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

  // Drag and drop a file into the text: it is uploaded beside the page (same folder) and a link to
  // it (an image for images) is inserted where it was dropped.
  var uploadUrl = form.getAttribute('action').replace(/\/pages\/edit$/, '/files/upload');
  var IMAGE = /\.(png|jpe?g|gif|webp|svg)$/i;
  textarea.addEventListener('dragover', function (event) {
    if (event.dataTransfer && Array.prototype.indexOf.call(event.dataTransfer.types, 'Files') >= 0) {
      event.preventDefault();
      textarea.classList.add('drop-target');
    }
  });
  textarea.addEventListener('dragleave', function () {
    textarea.classList.remove('drop-target');
  });
  textarea.addEventListener('drop', function (event) {
    var files = event.dataTransfer && event.dataTransfer.files;
    if (!files || !files.length) return;
    event.preventDefault();
    textarea.classList.remove('drop-target');
    var pagePath = pathInput ? pathInput.value : '';
    var folder = pagePath.lastIndexOf('/') >= 0 ? pagePath.slice(0, pagePath.lastIndexOf('/') + 1) : '';
    Array.prototype.forEach.call(files, function (file) {
      var name = file.name.replace(/[\\/]/g, '-');
      fetch(uploadUrl + '?path=' + encodeURIComponent(folder + name), {
        method: 'POST',
        body: file,
        credentials: 'same-origin',
        headers: { accept: 'application/json', 'x-csrf-token': csrf ? csrf.getAttribute('content') : '', 'content-type': file.type || 'application/octet-stream' },
      })
        .then(function (res) {
          if (!res.ok) {
            // Refusals are problem+json: show the server's words.
            return res
              .json()
              .catch(function () {
                return null;
              })
              .then(function (problem) {
                window.alert('Not uploaded: ' + (problem && problem.detail ? problem.detail : res.status));
              });
          }
          var link = (IMAGE.test(name) ? '!' : '') + '[' + name.replace(/[\[\]]/g, '') + '](' + encodeURI(name).replace(/\(/g, '%28').replace(/\)/g, '%29') + ')';
          var at = textarea.selectionStart || textarea.value.length;
          textarea.value = textarea.value.slice(0, at) + link + '\n' + textarea.value.slice(at);
          refresh();
        })
        .catch(function () {
          window.alert('Not uploaded: the server could not be reached.');
        });
    });
  });
})();
