/* map.js: a collection's map page (docs/<collection>/map.md).  Draws every paper as a dot at the place
 * data/map/<collection>.json gives it (generator/enrich/layout.py: a disc per sub-topic, coloured by
 * category, similar discs near each other), labels the discs that are large enough on screen, and lets
 * the reader point at a dot (its title), click it (its page), zoom, pan, light up the papers whose title
 * or sub-topic has some words, those of some categories, or those of the reader's reading list (from
 * reading-list.js, ringed so that a few stand out among thousands).  Text from the data is only ever set as
 * textContent, never parsed as HTML. */
(function () {
  "use strict";
  var box = document.querySelector(".pd-map");
  if (!box || !window.fetch || !document.createElement("canvas").getContext) return;
  box.querySelector(".pd-map-bar").hidden = false;  // (hidden until this script can make them work)
  box.querySelector(".pd-map-stage").hidden = false;
  var canvas = box.querySelector(".pd-map-canvas");
  var ctx = canvas.getContext("2d");
  var tip = box.querySelector(".pd-map-tip");
  var filter = box.querySelector(".pd-map-filter");
  var count = box.querySelector(".pd-map-count");
  var legend = box.querySelector(".pd-map-legend");
  var savedButton = box.querySelector(".pd-map-saved");
  var root = box.getAttribute("data-root") || "";
  // Tableau 20: ten hues, dark then light (a taxonomy of ten or fewer gets ten hues), then golden-angle hues
  var PALETTE = ["#4e79a7", "#f28e2b", "#e15759", "#499894", "#59a14f", "#b6992d", "#b07aa1", "#d37295",
                 "#9d7660", "#79706e", "#a0cbe8", "#ffbe7d", "#ff9d9a", "#86bcb6", "#8cd17d", "#f1ce63",
                 "#d4a6c8", "#fabfd2", "#d7b5a6", "#bab0ac"];
  var DIM = "rgba(128,128,128,0.18)";
  var DOT = 0.38, MAX_DOT = 7;  // a dot's radius, in map spacings; at most this many pixels in the whole map
  var FOCUS_DOT = 7;  // and so many pixels round a paper the page was opened for
  var LABEL_RADIUS = 15;  // a disc is labelled from this radius on screen (px) on, if its label has room

  var RING_SAVED = 300;  // the reading list's papers are ringed when lit, if there are no more of them than this
  var data, papers = [], groups = [], lit = null, chosen = Object.create(null), hover = -1, ringed = -1;
  var saved = {}, savedCount = 0, savedOnly = false;
  var view = {scale: 1, x: 0, y: 0}, fit = {scale: 1, x: 0, y: 0}, width = 0, height = 0, ratio = 1;
  var grid = {}, cell = 1, drawn = false;

  function colour(i) {
    return i < PALETTE.length ? PALETTE[i] : "hsl(" + Math.round((i * 137.508) % 360) + ",55%,50%)";
  }

  function load(d) {
    data = d;
    cell = 2 * d.spacing;
    papers = d.papers.map(function (p, i) {
      var g = d.groups[p[2]];
      var key = Math.floor(p[0] / cell) + "," + Math.floor(p[1] / cell);
      (grid[key] = grid[key] || []).push(i);
      return {x: p[0], y: p[1], group: p[2], category: g.category, title: p[3], slug: p[4],
              text: " " + folded(p[3] + " " + g.label)};
    });
    groups = d.groups.map(function (g) { return {label: g.label, category: g.category, n: 0, x: 0, y: 0, r: 0}; });
    papers.forEach(function (p) { var g = groups[p.group]; g.n += 1; g.x += p.x; g.y += p.y; });
    groups.forEach(function (g) { if (g.n) { g.x /= g.n; g.y /= g.n; } });
    papers.forEach(function (p) {
      var g = groups[p.group];
      g.r = Math.max(g.r, Math.sqrt((p.x - g.x) * (p.x - g.x) + (p.y - g.y) * (p.y - g.y)) + d.spacing / 2);
    });
    buildLegend();
    readSaved();
    resize();
    view.scale = fit.scale; view.x = fit.x; view.y = fit.y;
    fromHash();
    focus();
    draw();
  }

  function focus() {  // what the page was opened for: "?paper=<slug>" (a paper page's "on the map"), the paper
    // close up with its title shown; "?topic=<label>&category=<name>" (a sub-topic page's), that disc in view,
    // ringed; "?category=<name>" (a category page's), its papers lit up
    var q = new URLSearchParams(window.location.search);
    var cat = data.categories.findIndex(function (c) { return c.name === q.get("category"); });
    var i = q.get("paper") ? papers.findIndex(function (p) { return p.slug === q.get("paper"); }) : -1;
    if (i >= 0) {
      view.scale = Math.max(view.scale, FOCUS_DOT / (data.spacing * DOT));
      view.x = width / 2 - papers[i].x * view.scale;
      view.y = height / 2 - papers[i].y * view.scale;
      showTip(i);
    } else if (q.get("topic")) {
      ringed = groups.findIndex(function (g) { return g.label === q.get("topic") && (cat < 0 || g.category === cat); });
      if (ringed >= 0) {
        var g = groups[ringed];
        view.scale = Math.max(view.scale, Math.min(height / 3 / g.r, FOCUS_DOT * 2 / (data.spacing * DOT)));
        view.x = width / 2 - g.x * view.scale;
        view.y = height / 2 - g.y * view.scale;
      }
    } else if (cat >= 0) {
      legend.querySelectorAll("button")[cat].click();
    }
  }

  function readSaved() {  // the reading list's papers in this collection: the ★ button shows if there are any
    var slugs = window.paperDigestReadingList ? window.paperDigestReadingList.slugs() : [];
    saved = {};
    slugs.forEach(function (s) { saved[s] = true; });
    savedCount = papers.filter(function (p) { return saved[p.slug]; }).length;
    savedButton.hidden = !savedCount;
    savedButton.textContent = "★ Your reading list (" + savedCount + ")";
    if (!savedCount) savedOnly = false;
    savedButton.setAttribute("aria-pressed", savedOnly ? "true" : "false");
  }

  function buildLegend() {
    data.categories.forEach(function (c, i) {
      var li = document.createElement("li");
      var b = document.createElement("button");
      b.type = "button";
      b.setAttribute("aria-pressed", "false");
      var sw = document.createElement("span");
      sw.className = "pd-map-swatch";
      sw.style.background = colour(i);
      var name = document.createElement("span");
      name.textContent = c.name;
      var n = document.createElement("span");
      n.className = "pd-count";
      n.textContent = String(c.papers);
      b.appendChild(sw); b.appendChild(name); b.appendChild(n);
      b.addEventListener("click", function () {
        chosen[i] = !chosen[i];
        b.setAttribute("aria-pressed", chosen[i] ? "true" : "false");
        relight();
      });
      li.appendChild(b);
      legend.appendChild(li);
    });
  }

  function resize() {
    var w = canvas.parentNode.clientWidth || 600;
    var tall = Math.max(240, Math.min(Math.round(window.innerHeight * 0.8), w));
    var old = width ? {cx: (width / 2 - view.x) / view.scale, cy: (height / 2 - view.y) / view.scale} : null;
    var maxX = 0, maxY = 0, pad = data.spacing * 2;
    papers.forEach(function (p) { if (p.x > maxX) maxX = p.x; if (p.y > maxY) maxY = p.y; });
    // the whole map in view, with dots of at most MAX_DOT pixels (a few papers are no balloons), and the
    // canvas no taller than that needs
    fit.scale = Math.min(w / (maxX + 2 * pad), tall / (maxY + 2 * pad), MAX_DOT / (data.spacing * DOT));
    var h = Math.max(240, Math.min(tall, Math.ceil((maxY + 2 * pad) * fit.scale)));
    fit.x = (w - maxX * fit.scale) / 2; fit.y = (h - maxY * fit.scale) / 2;
    ratio = window.devicePixelRatio || 1;
    width = w; height = h;
    canvas.width = Math.round(w * ratio); canvas.height = Math.round(h * ratio);
    canvas.style.width = w + "px"; canvas.style.height = h + "px";
    if (old) { view.x = w / 2 - old.cx * view.scale; view.y = h / 2 - old.cy * view.scale; }
  }

  // what the box matches: words that begin with what is typed ("lora" lights up LoRA-Pre, not "exploration");
  // Chinese or Japanese, written without spaces, anywhere in a run
  function folded(text) { return text.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, " "); }
  var RUNS = /[\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uac00-\ud7af]/;

  function words() {
    return folded(filter.value).split(" ").filter(Boolean).map(function (w) { return RUNS.test(w) ? w : " " + w; });
  }

  function relight() {
    var ws = words(), cats = Object.keys(chosen).filter(function (k) { return chosen[k]; }).map(Number);
    if (!ws.length && !cats.length && !savedOnly) {
      lit = null;
      count.textContent = "";
    } else {
      lit = papers.map(function (p) {
        return (!cats.length || cats.indexOf(p.category) >= 0) && (!savedOnly || !!saved[p.slug]) && ws.every(function (w) { return p.text.indexOf(w) >= 0; });
      });
      var n = lit.filter(Boolean).length;
      count.textContent = n + " of " + papers.length + " papers";
    }
    writeHash();
    draw();
  }

  function draw() {
    if (drawn) return;
    drawn = true;
    window.requestAnimationFrame(paint);
  }

  function paint() {
    drawn = false;
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
    ctx.clearRect(0, 0, width, height);
    var r = Math.max(1.2, data.spacing * DOT * view.scale);
    for (var pass = 0; pass < 2; pass++) {  // dimmed dots first, lit ones over them
      for (var i = 0; i < papers.length; i++) {
        var on = !lit || lit[i];
        if (on !== (pass === 1)) continue;
        var p = papers[i], sx = p.x * view.scale + view.x, sy = p.y * view.scale + view.y;
        if (sx < -r || sy < -r || sx > width + r || sy > height + r) continue;
        ctx.fillStyle = on ? colour(p.category) : DIM;
        ctx.beginPath();
        ctx.arc(sx, sy, r, 0, 2 * Math.PI);
        ctx.fill();
      }
    }
    if (savedOnly && savedCount <= RING_SAVED) {
      papers.forEach(function (p, i) { if (lit[i]) ring(p, r + 3, "rgba(0,0,0,0.7)", 1.5); });
    }
    if (ringed >= 0) ring(groups[ringed], groups[ringed].r * view.scale + 4, "rgba(0,0,0,0.55)", 1.5);  // the disc asked for
    if (hover >= 0) ring(papers[hover], r + 2, "#000", 2);  // the paper pointed at
    labels();
    box.setAttribute("data-state", "ready");  // (drawn: what tests wait for)
  }

  function ring(at, radius, style, width) {  // a circle round a place of the map (a paper's or a disc's centre)
    ctx.strokeStyle = style;
    ctx.lineWidth = width;
    ctx.beginPath();
    ctx.arc(at.x * view.scale + view.x, at.y * view.scale + view.y, radius, 0, 2 * Math.PI);
    ctx.stroke();
  }

  function labels() {  // the sub-topics whose disc is large enough on screen, largest first, none over another
    var boxes = [];
    ctx.font = "11px sans-serif";
    ctx.textAlign = "center";
    ctx.textBaseline = "middle";
    ctx.lineJoin = "round";
    groups.map(function (g, i) { return i; })
      .sort(function (a, b) { return groups[b].n - groups[a].n || a - b; })
      .forEach(function (i) {
        var g = groups[i], sr = g.r * view.scale;
        if (sr < LABEL_RADIUS) return;
        var text = g.label.length > 48 ? g.label.slice(0, 47) + "…" : g.label;
        var w = ctx.measureText(text).width + 6, cx = g.x * view.scale + view.x, cy = g.y * view.scale + view.y;
        if (cx < 0 || cx > width || cy < 0 || cy > height) return;  // (a disc out of view has no label in it)
        var sx = Math.max(w / 2, Math.min(width - w / 2, cx)), sy = cy - sr - 8;  // (kept inside the map)
        if (sy < 8) sy = cy + sr + 8;  // (no room above the disc: below it, never cut by the frame)
        var b = [sx - w / 2, sy - 8, sx + w / 2, sy + 8];
        if (b[2] < 0 || b[0] > width || b[1] < 0 || b[3] > height) return;
        for (var k = 0; k < boxes.length; k++) {
          var o = boxes[k];
          if (b[0] < o[2] && o[0] < b[2] && b[1] < o[3] && o[1] < b[3]) return;
        }
        boxes.push(b);
        ctx.strokeStyle = "rgba(255,255,255,0.92)";
        ctx.lineWidth = 4;
        ctx.strokeText(text, sx, sy);
        ctx.fillStyle = "#222";
        ctx.fillText(text, sx, sy);
      });
  }

  function nearest(mx, my) {  // the paper under the pointer (screen coordinates), or -1
    var wx = (mx - view.x) / view.scale, wy = (my - view.y) / view.scale;
    var reach = Math.max(data.spacing * 0.6, 7 / view.scale), best = -1, bestD = reach * reach;
    var cx = Math.floor(wx / cell), cy = Math.floor(wy / cell), span = Math.ceil(reach / cell);
    for (var i = cx - span; i <= cx + span; i++) {
      for (var j = cy - span; j <= cy + span; j++) {
        var list = grid[i + "," + j];
        if (!list) continue;
        for (var k = 0; k < list.length; k++) {
          var p = papers[list[k]], d = (p.x - wx) * (p.x - wx) + (p.y - wy) * (p.y - wy);
          if (d <= bestD && (!lit || lit[list[k]])) { best = list[k]; bestD = d; }
        }
      }
    }
    return best;
  }

  function url(p) {
    return root + data.page.replace("{slug}", encodeURIComponent(p.slug));
  }

  function showTip(i) {
    if (i === hover) return;
    hover = i;
    if (i < 0) {
      tip.hidden = true;
      tip.removeAttribute("href");
    } else {
      var p = papers[i], g = groups[p.group];
      tip.textContent = "";
      var t = document.createElement("strong");
      t.textContent = p.title;
      var m = document.createElement("span");
      m.className = "pd-map-tip-meta";
      m.textContent = (g.label === data.categories[p.category].name ? "" : g.label + " · ") + data.categories[p.category].name;
      tip.appendChild(t); tip.appendChild(m);
      tip.href = url(p);
      tip.hidden = false;
      var sx = p.x * view.scale + view.x, sy = p.y * view.scale + view.y;
      tip.style.left = Math.max(0, Math.min(sx + 12, width - tip.offsetWidth)) + "px";
      tip.style.top = (sy + 14 + tip.offsetHeight > height ? sy - 14 - tip.offsetHeight : sy + 14) + "px";
    }
    draw();
  }

  function zoom(factor, cx, cy) {
    var s = Math.max(fit.scale * 0.5, Math.min(fit.scale * 80, view.scale * factor));
    view.x = cx - (cx - view.x) * s / view.scale;
    view.y = cy - (cy - view.y) * s / view.scale;
    view.scale = s;
    showTip(-1);
    draw();
  }

  function point(e) {
    var b = canvas.getBoundingClientRect();
    return [e.clientX - b.left, e.clientY - b.top];
  }

  var drag = null;
  canvas.addEventListener("pointerdown", function (e) {
    var at = point(e);
    drag = {x: at[0], y: at[1], vx: view.x, vy: view.y, moved: false};
    canvas.setPointerCapture(e.pointerId);
  });
  canvas.addEventListener("pointermove", function (e) {
    var at = point(e);
    if (drag) {
      if (Math.abs(at[0] - drag.x) + Math.abs(at[1] - drag.y) > 4) drag.moved = true;
      if (drag.moved) {
        view.x = drag.vx + at[0] - drag.x; view.y = drag.vy + at[1] - drag.y;
        showTip(-1);
        draw();
        return;
      }
    }
    showTip(nearest(at[0], at[1]));
  });
  canvas.addEventListener("pointerup", function (e) {
    var was = drag;
    drag = null;
    if (was && !was.moved) {
      var at = point(e), i = nearest(at[0], at[1]);
      if (e.pointerType !== "mouse" && i !== hover) showTip(i);  // a touch has no pointing: the first tap shows
      else if (i >= 0) window.location.href = url(papers[i]);   // the title, a second (or the title) opens it
    }
  });
  canvas.addEventListener("pointerleave", function (e) {  // (a touch leaves as it lifts: its title stays)
    if (!drag && e.pointerType === "mouse") showTip(-1);
  });
  canvas.addEventListener("wheel", function (e) {
    e.preventDefault();
    var at = point(e);
    zoom(Math.pow(1.0015, -Math.max(-300, Math.min(300, e.deltaY))), at[0], at[1]);
  }, {passive: false});
  box.querySelectorAll(".pd-map-zoom").forEach(function (b) {
    b.addEventListener("click", function () {
      var how = b.getAttribute("data-zoom");
      if (how === "reset") {
        view.scale = fit.scale; view.x = fit.x; view.y = fit.y;
        showTip(-1);
        draw();
      } else {
        zoom(how === "in" ? 1.6 : 1 / 1.6, width / 2, height / 2);
      }
    });
  });
  filter.addEventListener("input", relight);
  savedButton.addEventListener("click", function () {
    savedOnly = !savedOnly;
    savedButton.setAttribute("aria-pressed", savedOnly ? "true" : "false");
    relight();
  });
  window.addEventListener("storage", function () { if (data) { readSaved(); relight(); } });
  window.addEventListener("resize", function () { if (data) { resize(); draw(); } });

  function fromHash() {  // "#q=words": the words lit up (a link to the map shows what it was made for)
    var m = /[#&]q=([^&]*)/.exec(window.location.hash);
    if (m) {
      try { filter.value = decodeURIComponent(m[1].replace(/\+/g, " ")); } catch (err) { filter.value = ""; }
      relight();
    }
  }

  function writeHash() {
    var q = filter.value.trim();
    var next = q ? "#q=" + encodeURIComponent(q) : "";
    if (next !== window.location.hash && window.history.replaceState) {
      window.history.replaceState(null, "", window.location.pathname + window.location.search + next);
    }
  }

  fetch(box.getAttribute("data-map")).then(function (r) {
    if (!r.ok) throw new Error(r.status);
    return r.json();
  }).then(load).catch(function () {
    count.textContent = "The map's data could not be loaded.";
    box.setAttribute("data-state", "error");
  });
})();
