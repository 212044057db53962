// Brainkeep web app: small progressive enhancements. Every page works without this file.
(function () {
  'use strict';

  // Brain switcher: open the chosen brain on change (the Open button stays for keyboard users).
  document.querySelectorAll('form[data-autosubmit] select').forEach(function (select) {
    select.addEventListener('change', function () {
      select.form.submit();
    });
  });

  // Forms that destroy something ask first.
  document.querySelectorAll('form[data-confirm]').forEach(function (form) {
    form.addEventListener('submit', function (event) {
      if (!window.confirm(form.getAttribute('data-confirm'))) event.preventDefault();
    });
  });

  // Typed confirmation: the submit button stays disabled until the expected text is typed.
  document.querySelectorAll('input[data-must-equal]').forEach(function (input) {
    var button = input.form && input.form.querySelector('button[type="submit"]');
    if (!button) return;
    var check = function () {
      button.disabled = input.value !== input.getAttribute('data-must-equal');
    };
    input.addEventListener('input', check);
    check();
  });

  // Copy buttons next to secrets and curl lines.
  document.querySelectorAll('[data-copy]').forEach(function (button) {
    button.hidden = false;
    button.addEventListener('click', function () {
      var target = document.getElementById(button.getAttribute('data-copy'));
      if (!target) return;
      var text = target.textContent || '';
      var done = function () {
        var before = button.textContent;
        button.textContent = 'Copied';
        setTimeout(function () {
          button.textContent = before;
        }, 1500);
      };
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(text).then(done, function () {
          selectText(target);
        });
      } else {
        selectText(target);
        try {
          if (document.execCommand('copy')) done();
        } catch (e) {
          /* the text stays selected for a manual copy */
        }
      }
    });
  });

  function selectText(node) {
    var range = document.createRange();
    range.selectNodeContents(node);
    var selection = window.getSelection();
    selection.removeAllRanges();
    selection.addRange(range);
  }
})();

// Keys and the page-tree filter (a separate block: the rest of this file stays as it was).
(function () {
  'use strict';
  var body = document.body;

  // `/` focuses the search box (the page's own, else the brain's search page); `g` then `h` goes home.
  var pendingG = 0;
  function typing(target) {
    var tag = target && target.tagName;
    return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || (target && target.isContentEditable);
  }
  document.addEventListener('keydown', function (e) {
    if (e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey || typing(e.target)) return;
    if (e.key === '/') {
      var box = document.querySelector('[data-search-box]');
      e.preventDefault();
      if (box) {
        box.focus();
        box.select();
      } else if (body.getAttribute('data-search')) window.location.href = body.getAttribute('data-search');
      return;
    }
    if (e.key === 'g') {
      pendingG = Date.now();
      return;
    }
    if (e.key === 'h' && pendingG && Date.now() - pendingG < 1500 && body.getAttribute('data-home')) {
      pendingG = 0;
      e.preventDefault();
      window.location.href = body.getAttribute('data-home');
      return;
    }
    pendingG = 0;
  });

  // The search page's box takes focus on arrival (as its autofocus asks) when nothing else has it.
  var auto = document.querySelector('[data-search-box][autofocus]');
  if (auto && (document.activeElement === document.body || !document.activeElement)) auto.focus();

  // Filter over the page tree: keeps the pages whose title or path holds every typed word, and the folders on their way.
  var input = document.querySelector('input[data-tree-filter]');
  var tree = document.querySelector('ul.tree');
  if (!input || !tree) return;
  input.parentNode.hidden = false;
  var none = document.getElementById('tree-filter-none');
  var items = Array.prototype.slice.call(tree.querySelectorAll('li'));
  var wasOpen = new Map();
  tree.querySelectorAll('details').forEach(function (d) {
    wasOpen.set(d, d.open);
  });
  input.addEventListener('input', function () {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    // Leaves first (pages), then folders from the deepest up: a folder shows when anything in it does.
    items.forEach(function (li) {
      var a = li.querySelector(':scope > a');
      if (!a) return;
      var text = (a.textContent + ' ' + (a.getAttribute('title') || '')).toLowerCase();
      var match = words.every(function (w) {
        return text.indexOf(w) >= 0;
      });
      li.hidden = !match;
      if (match) shown++;
    });
    items
      .filter(function (li) {
        return li.querySelector(':scope > details');
      })
      .reverse()
      .forEach(function (li) {
        var details = li.querySelector(':scope > details');
        var any = Array.prototype.some.call(details.querySelectorAll(':scope > ul > li'), function (child) {
          return !child.hidden;
        });
        li.hidden = words.length > 0 && !any;
        details.open = words.length ? any : wasOpen.get(details);
      });
    if (none) none.hidden = !words.length || shown > 0;
  });
})();
