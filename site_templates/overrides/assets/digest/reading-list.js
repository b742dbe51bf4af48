/* The reading list: papers saved in this browser (localStorage), per site.
 *
 * A paper page holds a hidden [data-pd-save] button carrying the paper's slug; this script shows it
 * and toggles the paper (with the title of the page's <h1>) in the list.  Paper cards and search
 * results get a star before their title, made here from the title's link (no bytes in the pages).
 * A paper page's related papers get a star too.  The reading-list page ([data-reading-list]) lists the saved papers, removes them, exports the
 * list as Markdown and as a link (#papers=slug,slug,...) which opens the same list in another
 * browser: a shared list's titles are read from the papers' own pages.  Under a list (one's own or a
 * shared one) it suggests the papers that the list's papers name most, and most closely, among their
 * related papers (read from the "Related papers" of their pages: the site holds no other copy).
 * Everything shown is set as text, never as HTML; slugs from a link or from storage are used only if
 * they are slugs ([a-z0-9-]).  window.paperDigestReadingList.slugs() gives the list to other scripts
 * (the map lights it up).
 */
(function () {
  "use strict";
  var script = document.currentScript;
  var SCRIPT_PATH = "assets/digest/reading-list.js";
  var SLUG = /^[a-z0-9](?:[a-z0-9-]{0,120})$/;
  var MAX_SHARED = 500;
  var MAX_READ = 200;  // the pages a suggestion reads: those of the list's latest papers
  var SUGGESTED = 10;
  var BECAUSE = 3;  // papers of the list named for a suggestion (then "and 2 more")

  // the site's root URL: the script sits at <root>assets/digest/reading-list.js
  var root = new URL(".", location.href);
  if (script && script.src && script.src.indexOf(SCRIPT_PATH) >= 0) {
    root = new URL(script.src.slice(0, script.src.lastIndexOf(SCRIPT_PATH)), location.href);
  }
  var directoryUrls = !script || script.getAttribute("data-directory-urls") !== "false";
  var KEY = "paper-digest:reading-list:" + root.pathname;  // several sites share an origin on GitHub Pages

  function paperUrl(slug) {
    return new URL("papers/" + slug + (directoryUrls ? "/" : ".html"), root).href;
  }

  function load() {
    var items = [];
    try {
      items = JSON.parse(localStorage.getItem(KEY) || "[]");
    } catch (e) {
      items = [];
    }
    if (!Array.isArray(items)) return [];
    var seen = Object.create(null);  // (no prototype: a slug or term is never 'constructor' of it)
    return items.filter(function (it) {
      var ok = it && typeof it.slug === "string" && SLUG.test(it.slug) && !seen[it.slug];
      if (ok) seen[it.slug] = true;
      return ok;
    }).map(function (it) {
      return {slug: it.slug, title: typeof it.title === "string" ? it.title.slice(0, 500) : it.slug,
              added: typeof it.added === "string" ? it.added.slice(0, 10) : ""};
    });
  }

  function save(items) {
    try {
      localStorage.setItem(KEY, JSON.stringify(items));
      return true;
    } catch (e) {
      return false;  // storage disabled or full: the page says so
    }
  }

  function has(items, slug) {
    return items.some(function (it) { return it.slug === slug; });
  }

  function without(items, slug) {
    return items.filter(function (it) { return it.slug !== slug; });
  }

  function toggle(slug, title) {  // the paper into the list, or out of it; false if storage refused
    var items = load();
    return save(has(items, slug) ? without(items, slug) : items.concat([{slug: slug, title: title, added: today()}]));
  }

  function today() {
    return new Date().toISOString().slice(0, 10);
  }

  function el(tag, attrs, text) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // --- a paper page: the save button -------------------------------------------------------
  function initButton(button) {
    var slug = button.getAttribute("data-pd-slug") || "";
    var h1 = document.querySelector("article h1, h1");  // (the paper's title, as its page shows it)
    var title = h1 ? h1.textContent.trim() : slug;
    if (!SLUG.test(slug)) return;
    function show() {
      var saved = has(load(), slug);
      button.textContent = saved ? "★ In your reading list (remove)" : "☆ Save to reading list";
      button.setAttribute("aria-pressed", saved ? "true" : "false");
      button.classList.toggle("pd-saved", saved);
    }
    button.addEventListener("click", function () {
      if (toggle(slug, title)) show();
      else button.textContent = "Cannot save: this browser's storage is off";
    });
    window.addEventListener("storage", function (e) { if (e.key === KEY) show(); });
    button.hidden = false;
    show();
  }

  // --- cards (category, sub-topic, tag and entity pages) and search results: a star before each title
  function slugOf(href, page) {  // the slug of a paper page's URL (relative to page, else this page), or null
    var url = new URL(href, page || location.href), base = root.pathname + "papers/";
    if (url.origin !== root.origin || url.pathname.indexOf(base) !== 0) return null;
    var m = /^([a-z0-9-]+)(?:\/|\.html)$/.exec(url.pathname.slice(base.length));
    return m && SLUG.test(m[1]) ? m[1] : null;
  }

  var saved = {};  // slug -> true, for the stars

  function refreshStars() {
    saved = {};
    load().forEach(function (it) { saved[it.slug] = true; });
    Array.prototype.forEach.call(document.querySelectorAll(".pd-star"), paintStar);
  }

  function paintStar(star) {
    var on = !!saved[star.getAttribute("data-slug")];
    star.textContent = on ? "★" : "☆";
    star.setAttribute("aria-pressed", on ? "true" : "false");
    star.title = on ? "In your reading list: press to remove" : "Save to reading list";
  }

  function addStars(links, onChange) {  // a star before each paper link that has none yet
    Array.prototype.forEach.call(links, function (a) {
      var slug = slugOf(a.getAttribute("href") || "");
      var before = a.previousElementSibling;
      if (!slug || (before && before.classList.contains("pd-star"))) return;
      var star = el("button", {type: "button", "class": "pd-star", "data-slug": slug,
                               "aria-label": "Save to reading list: " + a.textContent.trim()});
      star.addEventListener("click", function (e) {
        e.stopPropagation();
        if (toggle(slug, a.textContent.trim())) {
          refreshStars();
          if (onChange) onChange();
        }
      });
      paintStar(star);
      a.parentNode.insertBefore(star, a);
    });
  }

  var CHUNK = 100;  // lines of a one-line list given their stars at once (about 2,400 px)

  function starsInView(links) {  // a one-line list's stars, a chunk of lines at a time as they come near the
    if (!window.IntersectionObserver) return addStars(links);  // screen: "All papers" of 20,000 papers took 2 s
    var chunks = [];                                             // more to load with a star on every line at once
    for (var i = 0; i < links.length; i += CHUNK) chunks.push(Array.prototype.slice.call(links, i, i + CHUNK));
    var io = new IntersectionObserver(function (entries) {
      entries.forEach(function (e) {
        if (!e.isIntersecting) return;
        io.unobserve(e.target);
        addStars(chunks[Number(e.target.getAttribute("data-pd-chunk"))]);
      });
    }, {rootMargin: "2000px 0px"});
    chunks.forEach(function (chunk, k) {
      var first = chunk[0].parentNode, last = chunk[chunk.length - 1].parentNode;
      first.setAttribute("data-pd-chunk", String(k));
      io.observe(first);
      if (last !== first) { last.setAttribute("data-pd-chunk", String(k)); io.observe(last); }
    });
  }

  function initStars() {
    var search = document.querySelector("[data-paper-search]");
    var cards = document.querySelectorAll(".pd-card .pd-card-title > a, #related-papers + ol > li > a:first-child, " +
                                          "#by-the-same-authors + ul > li > a:first-child");
    var lines = document.querySelectorAll("ul.pd-list > li > a:first-child");  // ("All papers", big tags and entities)
    if (!cards.length && !lines.length && !search) return;  // (cards, and the related papers and the same authors'
    refreshStars();                                           // of a paper's page)
    addStars(cards);
    starsInView(lines);
    if (search && window.MutationObserver) {  // results are drawn by paper-search.js, query by query
      new MutationObserver(function () { addStars(search.querySelectorAll(".ps-result > a.ps-title")); })
        .observe(search, {childList: true, subtree: true});
    }
    window.addEventListener("storage", function (e) { if (e.key === KEY) refreshStars(); });
  }

  // --- the reading-list page -----------------------------------------------------------------
  function markdown(items) {
    // a title is text in any Markdown: its brackets, emphasis marks and HTML's < > escaped
    return items.map(function (it) {
      return "- [" + it.title.replace(/([\[\]\\<>*_`])/g, "\\$1") + "](" + paperUrl(it.slug) + ")";
    }).join("\n") + (items.length ? "\n" : "");
  }

  function shareLink(items) {
    var url = new URL(location.href);
    url.hash = "papers=" + items.map(function (it) { return it.slug; }).join(",");
    return url.href;
  }

  function sharedSlugs() {  // the slugs of a shared link (#papers=a,b,...), or null; .skipped: entries that are no slug
    var m = /^#papers=(.*)$/.exec(location.hash);
    if (!m) return null;
    var seen = Object.create(null), skipped = 0;
    var slugs = m[1].split(",").filter(function (s) {
      var ok = SLUG.test(s) && !seen[s];
      if (!SLUG.test(s) && s) skipped += 1;
      seen[s] = true;
      return ok;
    });
    skipped += Math.max(0, slugs.length - MAX_SHARED);
    slugs = slugs.slice(0, MAX_SHARED);
    slugs.skipped = skipped;
    return slugs;
  }

  var pages = {};  // slug -> the promise of what its page says (read once a visit)

  function readPage(slug) {  // a paper's page: its title (the <h1>), and its related papers with their scores and shared terms
    if (!pages[slug]) {
      var url = paperUrl(slug);
      pages[slug] = fetch(url).then(function (r) {
        if (!r.ok) throw new Error(String(r.status));
        return r.text();
      }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        var h1 = doc.querySelector("article h1, h1");
        var head = doc.getElementById("related-papers"), list = head && head.nextElementSibling, related = [];
        Array.prototype.forEach.call(list && list.tagName === "OL" ? list.children : [], function (li) {
          // <li><a href="…/papers/<slug>/">title</a> <span class="pd-why">0.42 · shared: a, b</span></li>
          var a = li.querySelector("a"), why = li.querySelector(".pd-why");
          var m = why && /^([0-9.]+) · shared: (.*)$/.exec(why.textContent.trim());
          var other = a && slugOf(a.getAttribute("href") || "", url);
          if (other && m) related.push({slug: other, title: a.textContent.trim(), score: parseFloat(m[1]),
                                        shared: m[2] ? m[2].split(", ") : []});
        });
        return {slug: slug, title: h1 ? h1.textContent.trim() : slug, found: true, related: related};
      }).catch(function () {
        return {slug: slug, title: slug, found: false, related: []};
      });
    }
    return pages[slug];
  }

  function suggestions(read, exclude) {  // papers related to those read, best first: the sum of their scores
    var by = Object.create(null), out = [];
    read.forEach(function (page) {
      page.related.forEach(function (r) {
        if (exclude[r.slug]) return;
        var s = by[r.slug];
        if (!s) out.push(s = by[r.slug] = {slug: r.slug, title: r.title, score: 0, because: [], shared: Object.create(null)});
        s.score += r.score;
        s.because.push(page.title);
        r.shared.forEach(function (t) { s.shared[t] = (s.shared[t] || 0) + 1; });
      });
    });
    out.sort(function (a, b) {
      return b.score - a.score || b.because.length - a.because.length || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0);
    });
    return out.slice(0, SUGGESTED);
  }

  function suggest(section, slugs, onChange) {  // fill section with the papers related to those of slugs
    var exclude = Object.create(null);
    slugs.forEach(function (s) { exclude[s] = true; });
    section.setAttribute("data-state", "loading");
    var status = section.appendChild(el("p", {"class": "pd-rl-note"}, "Reading the related papers of the list…"));
    Promise.all(slugs.slice(-MAX_READ).map(readPage)).then(function (read) {
      var found = suggestions(read, exclude);
      var unread = read.every(function (page) { return !page.found; });
      status.textContent = found.length
        ? "Papers the list's papers name among their related papers, the most often and most closely first" +
          (slugs.length > MAX_READ ? " (from the latest " + MAX_READ + " papers of the list)" : "") + "."
        : unread ? "The papers' pages could not be read, so there is nothing to suggest (a site opened from files" +
                   " rather than served cannot read its own pages)."
        : "None of the list's papers has related papers outside the list.";
      var ol = el("ol", {"class": "pd-rl-suggested"});
      found.forEach(function (s) {
        var li = el("li", {"data-slug": s.slug});
        li.appendChild(el("a", {href: paperUrl(s.slug), "class": "pd-rl-title"}, s.title));
        var terms = Object.keys(s.shared).sort(function (a, b) { return s.shared[b] - s.shared[a] || (a < b ? -1 : 1); });
        var more = s.because.length - BECAUSE;
        li.appendChild(el("span", {"class": "pd-why"}, " " + s.score.toFixed(2) + " · related to " +
          s.because.slice(0, BECAUSE).join("; ") + (more > 0 ? " and " + more + " more" : "") +
          (terms.length ? " · shared: " + terms.slice(0, 4).join(", ") : "")));
        ol.appendChild(li);
      });
      section.appendChild(ol);
      refreshStars();
      addStars(ol.querySelectorAll("a.pd-rl-title"), onChange);
      section.setAttribute("data-count", String(found.length));
      section.setAttribute("data-state", "ready");
    });
  }

  function suggestionsSection(title) {
    var section = el("section", {"class": "pd-rl-suggest"});
    section.appendChild(el("h2", {id: "suggested"}, title));
    return section;
  }

  function listOf(items, removable, onRemove) {
    var ol = el("ol", {"class": "pd-rl-list"});
    items.forEach(function (it) {
      var li = el("li", {"data-slug": it.slug});
      var a = el("a", {href: paperUrl(it.slug), "class": "pd-rl-title"}, it.title);
      li.appendChild(a);
      if (it.added) li.appendChild(el("span", {"class": "pd-rl-added"}, " · saved " + it.added));
      if (it.found === false) li.appendChild(el("span", {"class": "pd-rl-added"}, " · not in this site"));
      if (removable) {
        var rm = el("button", {type: "button", "class": "pd-rl-remove", "aria-label": "Remove " + it.title}, "Remove");
        rm.addEventListener("click", function () { onRemove(it.slug); });
        li.appendChild(document.createTextNode(" "));
        li.appendChild(rm);
      }
      ol.appendChild(li);
    });
    return ol;
  }

  function initPage(box) {
    var shared = sharedSlugs();
    box.setAttribute("data-state", "loading");

    function renderOwn() {
      var items = load();
      box.textContent = "";
      if (shared) {
        box.setAttribute("data-state", "loading");
        box.appendChild(el("p", {"class": "pd-rl-status"}, "Reading the shared list…"));
        var skipped = shared.skipped;
        Promise.all(shared.map(readPage)).then(function (found) { renderShared(found, skipped); });
        return;
      }
      box.appendChild(el("p", {"class": "pd-rl-status"}, items.length
        ? items.length + (items.length === 1 ? " paper" : " papers") + " saved in this browser."
        : "Your reading list is empty. Open a paper and press “Save to reading list”."));
      if (items.length) {
        box.appendChild(listOf(items, true, function (slug) {
          save(without(load(), slug));
          renderOwn();
        }));
        var section = box.appendChild(suggestionsSection("Suggested from your list"));
        suggest(section, items.map(function (it) { return it.slug; }), renderOwn);
        var tools = el("div", {"class": "pd-rl-tools"});
        var md = el("textarea", {"class": "pd-rl-markdown", readonly: "", rows: String(Math.min(items.length + 1, 10)),
                                 "aria-label": "The list as Markdown"});
        md.value = markdown(items);
        var link = el("input", {"class": "pd-rl-share", readonly: "", type: "text", "aria-label": "A link to this list"});
        link.value = shareLink(items);
        var download = el("a", {"class": "md-button", download: "reading-list.md"}, "Download as Markdown");
        download.href = "data:text/markdown;charset=utf-8," + encodeURIComponent(md.value);
        var clear = el("button", {type: "button", "class": "md-button pd-rl-clear"}, "Clear the list");
        clear.addEventListener("click", function () {
          if (clear.getAttribute("data-armed")) {
            save([]);
            renderOwn();
          } else {
            clear.setAttribute("data-armed", "1");
            clear.textContent = "Press again to remove all " + items.length;
          }
        });
        tools.appendChild(el("h2", {id: "share"}, "Share or export"));
        tools.appendChild(el("p", {}, "A link that opens this list in any browser:"));
        tools.appendChild(link);
        tools.appendChild(el("p", {}, "As Markdown:"));
        tools.appendChild(md);
        var row = el("p", {});
        row.appendChild(download);
        row.appendChild(document.createTextNode(" "));
        row.appendChild(clear);
        tools.appendChild(row);
        box.appendChild(tools);
      }
      box.setAttribute("data-count", String(items.length));
      box.setAttribute("data-state", "ready");
    }

    function showOwn() {  // leave a shared list for one's own (and the link's #papers=... with it)
      shared = null;
      history.replaceState(null, "", location.pathname + location.search);
      renderOwn();
    }

    function renderShared(found, skipped) {
      box.textContent = "";
      var mine = load();
      var here = found.filter(function (it) { return it.found !== false; }).length, gone = found.length - here;
      box.appendChild(el("p", {"class": "pd-rl-status"},
        "A shared list of " + here + (here === 1 ? " paper." : " papers.") +
        (gone ? " " + gone + (gone === 1 ? " of its papers is" : " of its papers are") + " not in this site." : "") +
        (skipped ? " " + skipped + (skipped === 1 ? " entry of the link is" : " entries of the link are") +
                   " not a paper's address and " + (skipped === 1 ? "was" : "were") + " left out." : "")));
      box.appendChild(listOf(found, false));
      var add = el("button", {type: "button", "class": "md-button md-button--primary pd-rl-add"}, "Add them to my reading list");
      add.addEventListener("click", function () {
        var items = load();
        found.forEach(function (it) {
          if (it.found && !has(items, it.slug)) items.push({slug: it.slug, title: it.title, added: today()});
        });
        save(items);
        showOwn();
      });
      var mineLink = el("button", {type: "button", "class": "md-button pd-rl-mine"},
                        "Show my own list (" + mine.length + ")");
      mineLink.addEventListener("click", showOwn);
      var row = el("p", {});
      row.appendChild(add);
      row.appendChild(document.createTextNode(" "));
      row.appendChild(mineLink);
      box.appendChild(row);
      var section = box.appendChild(suggestionsSection("Related to this list"));
      suggest(section, found.map(function (it) { return it.slug; }));
      box.setAttribute("data-count", String(found.length));
      box.setAttribute("data-state", "ready");
    }

    window.addEventListener("hashchange", function () { shared = sharedSlugs(); renderOwn(); });
    window.addEventListener("storage", function (e) { if (e.key === KEY && !shared) renderOwn(); });
    renderOwn();
  }

  window.paperDigestReadingList = {slugs: function () { return load().map(function (it) { return it.slug; }); }};

  function init() {
    Array.prototype.forEach.call(document.querySelectorAll("[data-pd-save]"), initButton);
    initStars();
    var box = document.querySelector("[data-reading-list]");
    if (box) initPage(box);
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
