/* moved.js: on the 404 page, an old address of a paper goes to the paper's page as it is now.
 * A paper's address is papers/<words>-<start of its id>/ (or .html); the words come from its title,
 * which a later build may word differently, but the id does not change.  data/slugs/<c>.json maps
 * the ids starting with c to the papers' slugs now.  One match: go there; none or several: stay. */
(function () {
  "use strict";
  var script = document.currentScript;
  var m = /\/papers\/(?:[^\/]*-)?([0-9a-f]{6,10})(?:\/|\.html)?$/.exec(location.pathname);
  if (!script || !m || !window.fetch) return;
  var prefix = m[1];
  fetch(script.getAttribute("data-slugs") + prefix.charAt(0) + ".json").then(function (r) {
    return r.ok ? r.json() : {};
  }).then(function (slugs) {
    var ids = Object.keys(slugs).filter(function (id) { return id.lastIndexOf(prefix, 0) === 0; });
    if (ids.length !== 1) return;
    var target = script.getAttribute("data-papers") + encodeURIComponent(slugs[ids[0]]) + script.getAttribute("data-end");
    if (target !== location.pathname) location.replace(target + location.hash);
  }).catch(function () { /* stay on the 404 page */ });
})();
