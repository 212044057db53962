// Files page: upload the chosen file as raw bytes to the app's upload route (the session's CSRF
// token in a header), then reload the list. Refusals (415, 413, a bad path) come back as
// problem+json; their detail is shown.
(function () {
  'use strict';
  var form = document.getElementById('file-upload');
  if (!form) return;
  var input = document.getElementById('file-input');
  var folder = document.getElementById('file-folder');
  var status = document.getElementById('file-status');
  var csrf = document.querySelector('meta[name="csrf-token"]');

  form.addEventListener('submit', function (event) {
    event.preventDefault();
    var file = input.files && input.files[0];
    if (!file) return;
    var dir = (folder.value || '').trim().replace(/^\/+|\/+$/g, '');
    var path = dir ? dir + '/' + file.name : file.name;
    status.textContent = 'Uploading ' + path + '…';
    fetch(form.getAttribute('data-action') + '?path=' + encodeURIComponent(path), {
      method: 'POST',
      body: file,
      credentials: 'same-origin',
      headers: { accept: 'application/json', 'x-csrf-token': csrf ? csrf.getAttribute('content') : '', 'content-type': file.type || 'application/octet-stream' },
    })
      .then(function (res) {
        if (res.ok) {
          window.location.reload();
          return;
        }
        return res
          .json()
          .catch(function () {
            return null;
          })
          .then(function (problem) {
            status.textContent = 'Not uploaded: ' + (problem && problem.detail ? problem.detail : res.status + ' ' + res.statusText);
          });
      })
      .catch(function () {
        status.textContent = 'Not uploaded: the server could not be reached.';
      });
  });
})();
