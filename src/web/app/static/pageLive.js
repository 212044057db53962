// "Changed by someone else": while a page is open, listen to the brain's event stream and say so
// as soon as the page is changed, moved or deleted after it was loaded. Self-contained: it needs
// only the #page-live element the page view renders (data-events, data-path, data-version, data-me).
(function () {
  'use strict';
  var box = document.getElementById('page-live');
  if (!box || typeof EventSource === 'undefined') return;
  var path = box.getAttribute('data-path');
  var version = Number(box.getAttribute('data-version')) || 0;
  var me = box.getAttribute('data-me') || '';
  var source = new EventSource(box.getAttribute('data-events'));

  function show(text) {
    box.textContent = '';
    var p = document.createElement('p');
    p.textContent = text + ' ';
    var a = document.createElement('a');
    a.href = window.location.href;
    a.textContent = 'Reload';
    p.appendChild(a);
    box.appendChild(p);
    box.hidden = false;
  }

  function onEvent(e) {
    var ev;
    try {
      ev = JSON.parse(e.data);
    } catch (_) {
      return;
    }
    var d = ev.data || {};
    var who = d.by && d.by !== me ? d.by : 'you, elsewhere';
    if (ev.type === 'page.put' && d.path === path && d.version > version) {
      version = d.version;
      show('This page was changed by ' + who + ' (version ' + d.version + ').');
    } else if (ev.type === 'page.delete' && d.path === path) {
      show('This page was deleted by ' + who + '.');
    } else if (ev.type === 'page.move' && d.fromPath === path) {
      show('This page was moved to ' + d.path + ' by ' + who + '.');
    }
  }

  ['page.put', 'page.delete', 'page.move'].forEach(function (t) {
    source.addEventListener(t, onEvent);
  });
  window.addEventListener('pagehide', function () {
    source.close();
  });
})();
