/* The tags and names index: a box that shows only the chips whose name holds what is typed (every
 * word of it, in any case), hides the letters left with none and says how many are shown.  Without
 * JavaScript the box stays hidden and every chip is listed. */
(function () {
  "use strict";
  var box = document.querySelector(".pd-terms");
  if (!box) return;
  var bar = box.querySelector(".pd-terms-bar");
  var input = box.querySelector(".pd-terms-filter");
  var count = box.querySelector(".pd-terms-count");
  var letters = Array.prototype.slice.call(box.querySelectorAll(".pd-terms-letter"));
  var chips = letters.map(function (p) {
    return Array.prototype.map.call(p.querySelectorAll(".pd-chip"), function (a) {
      return { el: a, name: (a.firstChild ? a.firstChild.nodeValue : "").toLowerCase() };
    });
  });
  var total = chips.reduce(function (n, c) { return n + c.length; }, 0);
  var noun = box.getAttribute("data-noun") || "";

  function apply() {
    var words = input.value.toLowerCase().split(/\s+/).filter(Boolean);
    var shown = 0;
    letters.forEach(function (p, i) {
      var any = false;
      chips[i].forEach(function (c) {
        var keep = words.every(function (w) { return c.name.indexOf(w) >= 0; });
        c.el.hidden = !keep;
        if (keep) { any = true; shown += 1; }
      });
      p.hidden = !any;
    });
    count.textContent = words.length ? shown.toLocaleString("en-US") + " of " + total.toLocaleString("en-US") + " " + noun : "";
  }

  bar.hidden = false;
  input.addEventListener("input", apply);
  // a value the browser keeps on going back is filled in after this deferred script runs, before "load";
  // "pageshow" comes after both, also when the page comes back from the back-forward cache
  window.addEventListener("pageshow", function () { if (input.value) apply(); });
  if (input.value) apply();
})();
