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
