// Inside a SCORM package (src/app/assign.rs puts this file in the package and loads it from the
// package's copy of index.html): a package holds only its own page's files, so a link to a view
// it does not hold (a "Try it yourself" link, a tour's next stop, a card) would open a page whose
// bundle is missing. Such a link opens instead on the site the package was made from, in a tab of
// its own, without `embed`: the LMS's frame keeps the activity. The script's element carries the
// site (`data-site`) and the views the package holds (`data-views`, separated by spaces).
(function () {
  'use strict';
  var me = document.currentScript;
  var site = me && me.getAttribute('data-site');
  var here = ((me && me.getAttribute('data-views')) || '').split(' ');
  if (!site) return;
  window.addEventListener('click', function (e) {
    var a = e.target instanceof Element ? e.target.closest('a[href]') : null;
    if (!a) return;
    var to = new URL(a.href, location.href);
    if (to.origin !== location.origin || to.pathname !== location.pathname) return;
    // A tour's stop names its view only in the tour: it is never known to be here.
    var view = to.searchParams.get('tour') ? '' : to.searchParams.get('view') || 'home';
    if (here.indexOf(view) >= 0) return;
    e.preventDefault();
    e.stopImmediatePropagation();
    to.searchParams.delete('embed');
    window.open(site + to.search + to.hash, '_blank', 'noopener');
  }, true);
})();
