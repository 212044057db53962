// Reloads a progress page every 5 seconds while it is visible (the server stops including this
// script once the work is done).
(function () {
  'use strict';
  setInterval(function () {
    if (document.visibilityState === 'visible') window.location.reload();
  }, 5000);
})();
