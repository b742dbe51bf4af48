/* paper-search.js: the digest's paper search (search page + "/" shortcut on every page).
 *
 * The index is one lunr index cut by term into shards (see generator/search.py): the
 * manifest lists every term with its shard, so a query fetches only the shards holding its
 * terms (plus prefix and typo expansions), and the doc shards of the results it shows.
 * A shard is lunr's serialized index in columnar form: toLunrJSON() rebuilds lunr's own JSON
 * for lunr.Index.load (tests check every shard loads in lunr.js and answers lunr queries), but
 * the page scores straight from the columns, which is several times faster on big shards:
 * score = sum over query terms and fields of (term weight x lunr's BM25 field-vector weight),
 * i.e. lunr's dot product; the weights' idf is corpus-wide, so shards add up exactly.
 * A plain word also matches its related terms (the shards' "r": terms used for the same idea,
 * learned from the papers), at a lower weight: those papers come after every paper that has
 * the words themselves, marked "related idea".  An acronym the papers define matches its long
 * form ("a": LLM -> large language model) and a long form in the query its acronym ("l").
 * Words in a row that the papers make a phrase of ("state space models": the index holds the phrase
 * as one term, generator/search.py) rank the papers that write them in a row first, and an acronym's
 * long form counts so too.
 * A query of three words or more that few papers match in full goes on with the papers that
 * match all its words but one ("making LLMs refuse harmful requests"), after the full matches.
 * lunr.js also provides the query pipeline (trimmer, stop words, stemmer).
 *
 * Safety: every piece of data reaches the page through textContent / createElement only.
 * Works offline: everything it loads sits beside this file.
 */
(function (root) {
  "use strict";

  var PREFIX_MAX = 40;     // prefix expansions kept per word (most frequent first)
  var FUZZY_MAX = 20;      // typo expansions kept per word
  var W_EXACT = 1, W_PREFIX = 0.5, W_FUZZY = 0.35;
  var W_ACRONYM = 0.3;     // a long form's acronym ("reinforcement learning": "RL"; see generator/search.py)
  var W_PHRASE = 1;        // a phrase term's weight, on top of its words'
  var W_RELATED = 0.4;     // x the cosine of a related term (see generator/related_terms.py)
  var MIN_IDEAS = 2;       // related terms a paper needs to match a word it does not have (benchmarks/search_ideas.py)
  var PHRASE_JOIN = "-";   // a phrase term's words are joined so (search.py's PHRASE_JOIN)
  var PAGE = 10;           // results per page
  var NEAR_CLAUSES = 3;    // from this many words, papers with all of them but one follow when the full matches are < PAGE
  var MAX_CLAUSES = 16;
  var POSSESSIVE = /(\w)['’]s\b/g;  // a possessive 's, which the index drops (search.py's _POSSESSIVE; no look-behind,
  // which Safari before 16.4 cannot parse)
  var FIELD_ALIASES = {
    title: "title", name: "name", tag: "tag", tags: "tag", entity: "entity", entities: "entity",
    category: "category", cat: "category", author: "author", authors: "author", text: "text", abstract: "text"
  };

  // ---------------------------------------------------------------- engine (also in node)

  /** The lunr serialization of a columnar term shard (inverse of generator/search.py). */
  function toLunrJSON(shard, fields) {
    var nf = fields.length, terms = shard.terms, n = shard.n, d = shard.d, w = shard.w;
    var inverted = new Array(terms.length), vectors = Object.create(null), keys = [];
    var p = 0, q = 0;
    for (var k = 0; k < terms.length; k++) {
      var entry = { _index: k };
      for (var f = 0; f < nf; f++) {
        var count = n[q++], refs = {}, doc = 0;
        for (var i = 0; i < count; i++, p++) {
          doc = i === 0 ? d[p] : doc + d[p];
          var ref = String(doc);
          refs[ref] = {};
          var key = fields[f] + "/" + ref, vec = vectors[key];
          if (vec === undefined) { vec = vectors[key] = []; keys.push(key); }
          vec.push(k, w[p] / 1000);
        }
        entry[fields[f]] = refs;
      }
      inverted[k] = [terms[k], entry];
    }
    return {
      version: "2.3.9", fields: fields.slice(),
      fieldVectors: keys.map(function (key) { return [key, vectors[key]]; }),
      invertedIndex: inverted, pipeline: ["stemmer"]
    };
  }

  /** obj[key] when obj has it itself (a word such as "constructor" is no key of an object's prototype). */
  function own(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined; }

  function editDistance(a, b, max) {
    // Levenshtein with an early exit: distance(a, b), or max + 1 when it is more than max
    var la = a.length, lb = b.length;
    if (Math.abs(la - lb) > max) return max + 1;
    var prev = new Array(lb + 1), cur = new Array(lb + 1);
    for (var j = 0; j <= lb; j++) prev[j] = j;
    for (var i = 1; i <= la; i++) {
      cur[0] = i;
      var best = cur[0];
      for (j = 1; j <= lb; j++) {
        var cost = a.charCodeAt(i - 1) === b.charCodeAt(j - 1) ? 0 : 1;
        cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (cur[j] < best) best = cur[j];
      }
      if (best > max) return max + 1;
      var t = prev; prev = cur; cur = t;
    }
    return Math.min(prev[lb], max + 1);
  }

  function Engine(lunr, manifest, meta, load) {
    // load(path) -> Promise of parsed JSON, path relative to the index folder
    this.lunr = lunr;
    this.manifest = manifest;
    this.meta = meta;
    this.load = load;
    this.fields = manifest.fields.map(function (f) { return f[0]; });
    this.terms = [];
    this.df = [];
    this.shardOf = [];
    this.termIndex = { get: this._find.bind(this) };  // sorted terms: binary search, no Map to build
    this.fieldIndex = Object.create(null);
    this.shardFirst = [];
    var self = this;
    this.fields.forEach(function (f, i) { self.fieldIndex[f] = i; });
    manifest.shards.forEach(function (sh, s) {
      var ts = sh[0] ? sh[0].split(" ") : [];
      self.shardFirst.push(self.terms.length);
      ts.forEach(function (t, i) {
        self.terms.push(t);
        self.df.push(sh[1][i]);
        self.shardOf.push(s);
      });
    });
    this.relatedIdeas = true;  // plain words also match their related terms (benchmarks turn it off)
    this.acronyms = true;  // and acronyms their long forms, and long forms their acronyms
    this.phrases = true;  // papers that write a query's words in a row come first
    this.minIdeas = MIN_IDEAS;
    this.shards = new Map();  // shard number -> promise of the decoded shard
    this.loaded = new Map();  // shard number -> decoded shard, once loaded
    this.docShards = new Map();
    this.normCache = new Map();
    // how the papers' text was read before lunr's pipeline (search.py's _fold_table): a query is read so too
    var fold = manifest.fold || {}, keys = Object.keys(fold);
    this.foldTable = fold;
    this.foldRe = keys.length ? new RegExp("[" + keys.map(function (c) {
      return "\\u" + c.charCodeAt(0).toString(16).padStart(4, "0");
    }).join("") + "]", "g") : null;
  }

  /** A text as the index read it: dashes inside words split them, accents and Greek letters spelled out, powers flat. */
  Engine.prototype.foldText = function (text) {
    var fold = this.foldTable;
    text = String(text).replace(POSSESSIVE, "$1");  // ("Heun's" is "Heun", as search.py's _fold reads it)
    return this.foldRe ? text.replace(this.foldRe, function (c) {
      var to = own(fold, c);
      return to === undefined ? c : to;  // (a caret folds to nothing: "A^2FM" is "A2FM")
    }) : text;
  };

  /** lunr's index-time pipeline for one token: trimmer, stop-word filter, stemmer. */
  Engine.prototype.normalize = function (word) {
    var hit = this.normCache.get(word);
    if (hit !== undefined) return hit;
    var lunr = this.lunr, tok = lunr.trimmer(new lunr.Token(word.toLowerCase(), {}));
    var out = null, trimmed = tok.toString();
    if (trimmed && lunr.stopWordFilter(tok) !== undefined) out = lunr.stemmer(tok).toString() || null;
    var res = { trimmed: trimmed, term: out };
    this.normCache.set(word, res);
    return res;
  };

  // Chinese and Japanese characters, written without spaces: the index holds each run's overlapping pairs
  // (search.py's _cjk_pairs), and so does a query: "缓存压缩" looks up 缓存, 存压 and 压缩
  var CJK_RUN = /^[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+$/;
  function cjkPairs(text) {
    return text.replace(/[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]+/g, function (run) {
      var pairs = [];
      for (var i = 0; i < Math.max(run.length - 1, 1); i++) pairs.push(run.slice(i, i + 2));
      return " " + pairs.join(" ") + " ";
    });
  }

  /** Parse a query string into clauses; never throws, whatever the input. */
  Engine.prototype.parse = function (query) {
    var clauses = [], self = this;
    String(query || "").slice(0, 500).split(/\s+/).forEach(function (chunk) {
      if (!chunk || clauses.length >= MAX_CLAUSES) return;
      var presence = 0;  // 0 optional-but-ranked, 1 required, -1 prohibited
      if (chunk[0] === "+" || chunk[0] === "-") { presence = chunk[0] === "+" ? 1 : -1; chunk = chunk.slice(1); }
      var fields = null, m = /^([A-Za-z]+):(.*)$/.exec(chunk);
      if (m && own(FIELD_ALIASES, m[1].toLowerCase())) { fields = [FIELD_ALIASES[m[1].toLowerCase()]]; chunk = m[2]; }
      var fuzzy = 0, prefix = false, fm = /~(\d?)$/.exec(chunk);
      if (fm) { fuzzy = Math.min(parseInt(fm[1] || "1", 10), 2); chunk = chunk.slice(0, fm.index); }
      if (/\*$/.test(chunk)) { prefix = true; chunk = chunk.replace(/\*+$/, ""); }
      cjkPairs(self.foldText(chunk)).split(/[\s\-:^~*+"'`]+/).forEach(function (word) {
        if (!word || clauses.length >= MAX_CLAUSES) return;
        if (CJK_RUN.test(word)) {  // a pair of Chinese or Japanese characters: a term as the index holds it
          clauses.push({ word: word, term: word, stop: false, fields: fields || self.fields, presence: presence,
                         prefix: false, fuzzy: 0 });
          return;
        }
        var norm = self.normalize(word);
        if (!norm.trimmed) return;
        clauses.push({
          word: norm.trimmed.toLowerCase(), typed: word, term: norm.term, stop: norm.term === null,
          fields: fields || self.fields, presence: presence, prefix: prefix, fuzzy: fuzzy
        });
      });
    });
    // stop words count only when the query has nothing else
    var real = clauses.filter(function (c) { return !c.stop; });
    return real.length ? real : clauses.map(function (c) {
      c.term = c.word; return c;
    });
  };

  /** The phrase terms of the index that words of the query in a row make (the longest where they overlap). */
  Engine.prototype.phraseTerms = function (clauses, plain) {
    var out = [], covered = -1;
    if (!this.phrases) return out;
    for (var i = 0; i < clauses.length; i++) {
      for (var n = 3; n >= 2; n--) {
        var words = clauses.slice(i, i + n);
        if (words.length < n || i + n - 1 <= covered || !words.every(plain)) continue;
        var id = this.termIndex.get(words.map(function (c) { return c.term; }).join(PHRASE_JOIN));
        if (id !== undefined) { out.push(id); covered = i + n - 1; break; }
      }
    }
    return out;
  };

  Engine.prototype._find = function (term) {
    var lo = 0, hi = this.terms.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (this.terms[mid] < term) lo = mid + 1; else hi = mid; }
    return lo < this.terms.length && this.terms[lo] === term ? lo : undefined;
  };

  Engine.prototype._prefixRange = function (prefix) {
    var lo = 0, hi = this.terms.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (this.terms[mid] < prefix) lo = mid + 1; else hi = mid; }
    var start = lo, end = lo;
    while (end < this.terms.length && this.terms[end].lastIndexOf(prefix, 0) === 0) end++;
    return [start, end];
  };

  Engine.prototype._topByDf = function (ids, max) {
    var df = this.df;
    return ids.sort(function (a, b) { return df[b] - df[a] || a - b; }).slice(0, max);
  };

  /** term id -> weight for one clause: exact, prefix and typo-tolerant expansions; its `loose`: the ids of
   * the completions and corrections not asked for (by * or ~). */
  Engine.prototype.expand = function (c) {
    var out = new Map(), self = this, loose = new Set();  // (loose: completions and corrections not asked for)
    out.loose = loose;
    function add(id, w) { if ((out.get(id) || 0) < w) out.set(id, w); }
    [c.term, c.word].forEach(function (t) {
      var id = t && self.termIndex.get(t);
      if (id !== undefined && id !== null && t) add(id, W_EXACT);
    });
    if (c.presence < 0) return out;
    var wordDf = 0;  // papers with the word itself
    out.forEach(function (w, id) { wordDf = Math.max(wordDf, self.df[id]); });
    // a completion or a correction weighs as common as it is beside the word and the other candidates
    // (the square root of its share): "lear" is "learn" far more than "LearNAT", "ViT" is not "VitaBench"
    function byDf(ids, w) {
      var top = Math.max(wordDf, ids.length ? self.df[ids[0]] : 0, 1);  // (ids: most frequent first)
      ids.forEach(function (id) { add(id, w(id) * Math.sqrt(self.df[id] / top)); if (!c.fuzzy) loose.add(id); });
    }
    var autoPrefix = c.word.length >= 2;
    if (c.prefix || autoPrefix) {
      var ids = [];
      [c.word, c.term].forEach(function (p) {
        if (!p) return;
        var r = self._prefixRange(p);
        for (var i = r[0]; i < r[1]; i++) if (self.terms[i].indexOf(PHRASE_JOIN) < 0) ids.push(i);  // (words, not phrases)
      });
      ids = self._topByDf(Array.from(new Set(ids)), c.prefix ? PREFIX_MAX * 4 : PREFIX_MAX);
      if (c.prefix) ids.forEach(function (id) { add(id, W_EXACT); });  // (word*: every completion is the word)
      else byDf(ids, function () { return W_PREFIX; });
    }
    var exactDf = 0;
    out.forEach(function (w, id) { if (w === W_EXACT) exactDf = Math.max(exactDf, self.df[id]); });
    // a word no paper has is taken for a typo: one edit from 4 letters, two from 9, counted on the word
    // and on its stem alike (a rare word is no typo: "federated" is "feder", two edits from "gener")
    function edits(t) { return c.fuzzy || (exactDf === 0 ? (t.length >= 9 ? 2 : t.length >= 4 ? 1 : 0) : 0); }
    var targets = Array.from(new Set([c.term, c.word].filter(Boolean))).filter(function (t) { return edits(t) > 0; });
    if (targets.length) {
      var found = [], edited = new Map();
      for (var i = 0; i < self.terms.length; i++) {
        var t = self.terms[i], d = Infinity;
        if (t.indexOf(PHRASE_JOIN) >= 0) continue;  // (words, not phrases)
        for (var j = 0; j < targets.length; j++) {
          var max = edits(targets[j]), e = editDistance(targets[j], t, max);
          if (e <= max && e < d) d = e;
        }
        if (d !== Infinity) { found.push(i); edited.set(i, d); }
      }
      // a typo in a word's ending, where the index holds stems: the longest term the word starts with, if
      // it is most of the word ("hallucinaton" is "hallucin", the stem of "hallucination")
      for (var k = c.word.length - 1; !c.fuzzy && k >= Math.max(5, Math.ceil(0.6 * c.word.length)); k--) {
        var stem = self.termIndex.get(c.word.slice(0, k));
        if (stem !== undefined) { if (!edited.has(stem)) { found.push(stem); edited.set(stem, 1); } break; }
      }
      // one edit weighs more than two: "transfomer" is "transformer" before "transfer"
      byDf(self._topByDf(found, FUZZY_MAX), function (id) { return W_FUZZY / Math.max(1, edited.get(id)); });
    }
    loose.forEach(function (id) { if (out.get(id) === W_EXACT) loose.delete(id); });  // (also the word itself)
    return out;
  };

  /** Decode a term shard: postings of local term k, field f are docs/w[start[k*nf+f] .. start[k*nf+f+1]). */
  function decodeShard(json, nf) {
    var n = json.n, d = json.d, w = json.w, start = new Int32Array(n.length + 1);
    var docs = new Int32Array(d.length), weights = new Float64Array(w.length), p = 0;
    for (var q = 0; q < n.length; q++) {
      start[q] = p;
      var doc = 0;
      for (var i = 0; i < n[q]; i++, p++) {
        doc = i === 0 ? d[p] : doc + d[p];
        docs[p] = doc;
        weights[p] = w[p] / 1000;  // lunr's field-vector weight
      }
    }
    start[n.length] = p;
    return { terms: json.terms, nf: nf, start: start, docs: docs, w: weights,
             related: json.r || {}, acronyms: json.a || {}, longForms: json.l || {} };
  }

  Engine.prototype.shard = function (s) {
    var self = this, p = this.shards.get(s);
    if (!p) {
      p = this.load("t/" + String(s).padStart(3, "0") + ".json").then(function (json) {
        var sh = decodeShard(json, self.fields.length);
        self.loaded.set(s, sh);
        return sh;
      });
      p.catch(function () { self.shards.delete(s); });
      this.shards.set(s, p);
    }
    return p;
  };

  /** A term shard as a lunr.Index (lunr.Index.load of its lunr serialization). */
  Engine.prototype.lunrIndex = function (s) {
    var self = this;
    return this.load("t/" + String(s).padStart(3, "0") + ".json").then(function (json) {
      return self.lunr.Index.load(toLunrJSON(json, self.fields));
    });
  };

  Engine.prototype.docs = function (doc) {
    var s = Math.floor(doc / this.manifest.docsPerShard), self = this, p = this.docShards.get(s);
    if (!p) {
      p = this.load("d/" + String(s).padStart(3, "0") + ".json");
      p.catch(function () { self.docShards.delete(s); });
      this.docShards.set(s, p);
    }
    return p.then(function (rows) {
      var r = rows[doc - s * self.manifest.docsPerShard];
      return { doc: doc, slug: r[0], title: r[1], category: r[2], tags: r[3], text: r[4], authors: r[5] || [] };
    });
  };

  /**
   * Run a query.  Resolves to {clauses, hits: [{doc, score, matched, direct, related, loose}], partial,
   * terms, relatedTerms}: papers matching every positive clause (or, when none does, those
   * matching some, with partial = true), best first; `matched` and `direct` are bit sets of the
   * clauses a paper matches at all and with their own words (not only by related terms:
   * `related`), `loose`: with a word only through a completion of it ("SAM": "sampling"); `terms` and
   * `relatedTerms` are the index terms that matched, for highlighting;
   * `readAs` [{word, typed, fields, terms}]: the query's words that no paper has, with the terms they were read as.
   */
  Engine.prototype.search = function (query) {
    var self = this, clauses = this.parse(query);
    var expansions = clauses.map(function (c) { return self.expand(c); });
    var related = clauses.map(function () { return new Map(); });  // clause -> related term id -> weight
    var forms = clauses.map(function () { return []; });  // clause -> long forms of its acronym (term ids)
    function plain(c) { return c.presence >= 0 && !c.prefix && !c.fuzzy && !c.stop && c.fields.length === self.fields.length; }
    function exact(ci) { return Array.from(expansions[ci].keys()).filter(function (id) { return expansions[ci].get(id) === W_EXACT; }); }
    var phrases = this.phraseTerms(clauses, plain);
    function asMap(ids) { return new Map(ids.map(function (id) { return [id, 1]; })); }
    return this._shards(expansions.concat([asMap(phrases)])).then(function () {
      var shardOf = function (id) { return self.loaded.get(self.shardOf[id]); };
      // a plain word (no field, +, -, * or ~) also matches the related terms of its exact term
      clauses.forEach(function (c, ci) {
        if (!self.relatedIdeas || !plain(c) || c.presence > 0) return;
        exact(ci).forEach(function (id) {
          var near = own(shardOf(id).related, self.terms[id]) || [];
          near.forEach(function (r) {
            var rid = self.termIndex.get(r[0]), rw = W_RELATED * r[1] / 100;
            if (rid === undefined || expansions[ci].has(rid) || (related[ci].get(rid) || 0) >= rw) return;
            related[ci].set(rid, rw);
          });
        });
      });
      // an acronym the papers define is the same word as its long form ("LLM": papers with "large
      // language model" match it), and a long form in the query is its acronym too
      var acros = [];  // [clause, acronym's term id], added once every clause is looked up
      clauses.forEach(function (c, ci) {
        if (!self.acronyms || !plain(c)) return;
        exact(ci).forEach(function (id) {
          (own(shardOf(id).acronyms, self.terms[id]) || []).forEach(function (form) {
            var ids = form.map(function (t) { return self.termIndex.get(t); });
            if (ids.every(function (x) { return x !== undefined; })) forms[ci].push(ids);
            var phrase = self.phrases && form.length > 1 ? self.termIndex.get(form.join(PHRASE_JOIN)) : undefined;
            if (phrase !== undefined && phrases.indexOf(phrase) < 0) phrases.push(phrase);
          });
          (own(shardOf(id).longForms, self.terms[id]) || []).forEach(function (form) {
            var k = form.length - 1, acro = self.termIndex.get(form[k]);
            if (acro === undefined || ci + k > clauses.length) return;
            for (var j = 0; j < k; j++) if (!plain(clauses[ci + j]) || clauses[ci + j].term !== form[j]) return;
            // the acronym is one word (counted once), and the papers that write the long form come first
            for (j = 0; j < k; j++) acros.push([ci + j, acro, W_ACRONYM / k]);
          });
        });
      });
      acros.forEach(function (a) { if (!expansions[a[0]].has(a[1])) expansions[a[0]].set(a[1], a[2]); });
      var more = related.concat(expansions);
      forms.forEach(function (fs) { fs.forEach(function (ids) { more.push(asMap(ids)); }); });
      more.push(asMap(phrases));
      return self._shards(more);
    }).then(function () {
      var N = self.manifest.docs, nf = self.fields.length;
      var score = new Float64Array(N), mask = new Uint32Array(N), direct = new Uint32Array(N), banned = new Uint8Array(N);
      var ideas = new Uint16Array(N);  // related terms of the clauses a paper matches through them only
      var whole = new Uint32Array(N);  // clauses a paper matches with the word itself, not only a completion of it
      var terms = new Set(), relatedTerms = new Set();
      var worded = 0;  // the clauses whose word itself some paper has
      clauses.forEach(function (c, ci) { if (exact(ci).length) worded |= 1 << ci; });
      // a word no paper has, read as the words it completes or corrects to (not asked for with * or ~)
      var guessed = clauses.map(function (c, ci) {
        return c.presence >= 0 && !c.stop && !c.prefix && !c.fuzzy && !(worded & 1 << ci) ? new Set() : null;
      });
      clauses.forEach(function (c, ci) {
        var bit = 1 << ci, fidx = c.fields.map(function (f) { return self.fieldIndex[f]; });
        var rel = related[ci].size && { score: new Float64Array(N), count: new Uint16Array(N), stamp: new Int32Array(N) };
        [expansions[ci], related[ci]].forEach(function (ex, byRelation) {
          ex.forEach(function (w, id) {
            var s = self.shardOf[id], sh = self.loaded.get(s), k = id - self.shardFirst[s];
            var seen = false, isLoose = !!ex.loose && ex.loose.has(id);  // (related terms have no loose ones)
            for (var j = 0; j < fidx.length; j++) {
              var q = k * nf + fidx[j], a = sh.start[q], b = sh.start[q + 1];
              if (a < b) seen = true;
              for (var p = a; p < b; p++) {
                var doc = sh.docs[p];
                if (c.presence < 0) { banned[doc] = 1; continue; }
                if (byRelation) {
                  rel.score[doc] += w * sh.w[p];
                  if (rel.stamp[doc] !== id + 1) { rel.stamp[doc] = id + 1; rel.count[doc]++; }
                  continue;
                }
                score[doc] += w * sh.w[p];
                mask[doc] |= bit;
                direct[doc] |= bit;
                if (!isLoose) whole[doc] |= bit;
              }
            }
            if (seen && c.presence >= 0) (byRelation ? relatedTerms : terms).add(self.terms[id]);
            if (seen && guessed[ci] && !byRelation) guessed[ci].add(self.terms[id]);
          });
        });
        // a paper with every word of a long form of the clause's acronym has the acronym's idea
        forms[ci].forEach(function (ids) {
          var got = new Uint8Array(N), sum = new Float64Array(N), stamp = new Int32Array(N);
          ids.forEach(function (id, gi) {
            var s = self.shardOf[id], sh = self.loaded.get(s), k = id - self.shardFirst[s];
            for (var j = 0; j < fidx.length; j++) {
              var q = k * nf + fidx[j];
              for (var p = sh.start[q]; p < sh.start[q + 1]; p++) {
                var doc = sh.docs[p];
                sum[doc] += sh.w[p];
                if (stamp[doc] !== gi + 1) { stamp[doc] = gi + 1; got[doc]++; }
              }
            }
          });
          var any = false;
          for (var doc = 0; doc < N; doc++) {
            if (got[doc] !== ids.length) continue;
            score[doc] += W_EXACT * sum[doc] / ids.length;
            mask[doc] |= bit;
            direct[doc] |= bit;
            whole[doc] |= bit;
            any = true;
          }
          if (any) ids.forEach(function (id) { terms.add(self.terms[id]); });
        });
        // a paper without the word matches it through (at least) two of its related terms: one alone
        // is too often the same word in another sense ("client" of a server, "bit" of a sentence)
        for (var doc = 0; rel && doc < N; doc++) {
          if (rel.count[doc] < self.minIdeas || (direct[doc] & bit)) continue;
          score[doc] += rel.score[doc];
          mask[doc] |= bit;
          ideas[doc] += rel.count[doc];
        }
      });
      // the papers that write a phrase of the query (or an acronym's long form) in a row
      var inRow = new Uint8Array(N);
      phrases.forEach(function (id) {
        var s = self.shardOf[id], sh = self.loaded.get(s), k = id - self.shardFirst[s];
        for (var p = sh.start[k * nf]; p < sh.start[(k + 1) * nf]; p++) {
          var doc = sh.docs[p];
          if (!mask[doc]) continue;
          score[doc] += W_PHRASE * sh.w[p];
          if (inRow[doc] < 255) inRow[doc]++;
        }
      });
      var all = 0, required = 0;
      clauses.forEach(function (c, ci) {
        if (c.presence >= 0) all |= 1 << ci;
        if (c.presence > 0) required |= 1 << ci;
      });
      var hits = [];
      for (var doc = 0; doc < N; doc++) {
        var m = mask[doc];
        if (m && !banned[doc] && (m & required) === required) {
          hits.push({ doc: doc, score: score[doc], matched: m, related: (m & ~direct[doc]) !== 0, direct: direct[doc], ideas: ideas[doc],
                      phrases: inRow[doc], loose: (direct[doc] & ~whole[doc] & worded) !== 0 });
        }
      }
      function bits(x) { var n = 0; while (x) { n += x & 1; x >>>= 1; } return n; }
      var full = hits.filter(function (h) { return (h.matched & all) === all; });
      var partial = full.length === 0 && hits.length > 0;
      var words = bits(all), near = [];
      if (!partial && words >= NEAR_CLAUSES && full.length < PAGE) {
        near = hits.filter(function (h) { return (h.matched & all) !== all && bits(h.matched & all) === words - 1; });
        near.forEach(function (h) { h.near = true; });
      }
      var list = partial ? hits : full;
      // the papers with the words themselves first, then those with only a longer word for some ("SAM":
      // "sampling"), then those with related terms for some (the more of the related terms a paper has, the
      // surer it is on the idea)
      function order(a, b) {
        return bits(b.direct) - bits(a.direct) || bits(b.matched) - bits(a.matched) || a.loose - b.loose || b.phrases - a.phrases ||
          (a.related || b.related ? b.ideas - a.ideas : 0) || b.score - a.score || a.doc - b.doc;
      }
      list = list.sort(order).concat(near.sort(order));
      if (clauses.length && !clauses.some(function (c) { return c.presence >= 0; })) {
        // only exclusions: every paper but those
        list = [];
        for (var d = 0; d < N; d++) if (!banned[d]) list.push({ doc: d, score: 0, matched: 0, related: false, direct: 0, ideas: 0, phrases: 0, loose: false });
        partial = false;
      }
      relatedTerms.forEach(function (t) { if (terms.has(t)) relatedTerms.delete(t); });
      var readAs = [];
      clauses.forEach(function (c, ci) { if (guessed[ci] && guessed[ci].size) readAs.push({ word: c.word, typed: c.typed, fields: c.fields, terms: guessed[ci] }); });
      return { clauses: clauses, hits: list, partial: partial, near: near.length, terms: terms, relatedTerms: relatedTerms,
               readAs: readAs };
    });
  };

  /** Load the term shards holding the terms of `maps` (term id -> weight, per clause) into this.loaded. */
  Engine.prototype._shards = function (maps) {
    var self = this, need = new Set();
    maps.forEach(function (ex) { ex.forEach(function (w, id) { need.add(self.shardOf[id]); }); });
    return Promise.all(Array.from(need).sort(function (a, b) { return a - b; }).map(function (s) { return self.shard(s); }));
  };

  /** Facet counts and the filtered list. filters: {cat: string|null, tags: [string]} */
  Engine.prototype.facet = function (hits, filters) {
    var meta = this.meta, catIx = filters.cat == null ? -2 : meta.categories.indexOf(filters.cat);
    var tagIx = (filters.tags || []).map(function (t) { return meta.tags.indexOf(t); });
    function hasTags(row) {
      for (var i = 0; i < tagIx.length; i++) if (row.indexOf(tagIx[i], 1) < 0) return false;
      return true;
    }
    var cats = new Map(), tags = new Map(), out = [];
    hits.forEach(function (h) {
      var row = meta.docs[h.doc];
      if (!row || !hasTags(row)) return;
      cats.set(row[0], (cats.get(row[0]) || 0) + 1);
      if (catIx !== -2 && row[0] !== catIx) return;
      out.push(h);
      for (var i = 1; i < row.length; i++) tags.set(row[i], (tags.get(row[i]) || 0) + 1);
    });
    function named(map, names) {
      return Array.from(map.entries()).filter(function (e) { return e[0] >= 0; })
        .map(function (e) { return { name: names[e[0]], count: e[1] }; })
        .sort(function (a, b) { return b.count - a.count || (a.name < b.name ? -1 : 1); });
    }
    return { hits: out, categories: named(cats, meta.categories), tags: named(tags, meta.tags) };
  };

  var api = { Engine: Engine, toLunrJSON: toLunrJSON, decodeShard: decodeShard, editDistance: editDistance };
  if (typeof module === "object" && module.exports) module.exports = api;
  if (typeof document === "undefined") return;

  // ---------------------------------------------------------------- browser

  if (root.paperSearch) return;  // loaded twice (search page + extra_javascript)
  var script = document.currentScript;
  var BASE = new URL(".", script ? script.src : location.href);    // .../assets/search/
  var INDEX = new URL("index/", BASE);
  var SITE = new URL("../../", BASE);
  // how page URLs end (MkDocs' use_directory_urls: papers/x/ or papers/x.html), as the script tag says
  var PAGE_END = script && script.getAttribute("data-directory-urls") === "false" ? ".html" : "/";
  root.paperSearch = api;

  function mark(name) { if (root.performance && performance.mark) performance.mark("paper-search:" + name); }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text != null) e.textContent = String(text);
    return e;
  }

  function fetchJSON(path) {
    return fetch(new URL(path, INDEX).href).then(function (r) {
      if (!r.ok) throw new Error(path + ": HTTP " + r.status);
      return r.json();
    });
  }

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      if (root.lunr) return resolve(root.lunr);
      var s = document.createElement("script");
      s.src = src;
      s.onload = function () { resolve(root.lunr); };
      s.onerror = function () { reject(new Error("could not load " + src)); };
      document.head.appendChild(s);
    });
  }

  /** The words of `text` as DOM nodes, matched ones in <mark> (those of `related` terms in
   *  <mark class="ps-rel">), around the best window. */
  function highlight(engine, text, terms, maxWords, related) {
    var frag = document.createDocumentFragment();
    var parts = String(text || "").split(/(\s+)/);
    var words = [], heads = new Set();
    related = related || new Set();
    terms.forEach(function (t) { heads.add(t.slice(0, 2)); });
    related.forEach(function (t) { heads.add(t.slice(0, 2)); });
    for (var i = 0; i < parts.length; i += 2) {
      var sub = engine.foldText(parts[i]).split(/[\s-]+/), hit = false;  // (as the index read the word)
      for (var j = 0; j < sub.length; j++) {
        var head = sub[j].replace(/^\W+/, "").slice(0, 2).toLowerCase();
        if (!heads.has(head)) continue;  // cannot stem to a matched term: skip the stemmer
        var t = engine.normalize(sub[j]).term;
        if (t && terms.has(t)) hit = true;
        else if (t && related.has(t) && !hit) hit = "related";
      }
      words.push({ text: parts[i], space: parts[i + 1] || "", hit: hit });
    }
    var start = 0, end = words.length;
    if (maxWords && words.length > maxWords) {
      var best = -1, bestAt = 0, count = 0;
      for (i = 0; i < words.length; i++) {
        if (words[i].hit) count++;
        if (i >= maxWords && words[i - maxWords].hit) count--;
        if (i >= maxWords - 1 && count > best) { best = count; bestAt = i - maxWords + 1; }
      }
      // start a little before the first hit of the window
      start = Math.max(0, bestAt);
      for (i = start; i < start + maxWords && i < words.length; i++) if (words[i].hit) { start = Math.max(0, i - 6); break; }
      end = Math.min(words.length, start + maxWords);
    }
    if (start > 0) frag.appendChild(document.createTextNode("… "));
    for (i = start; i < end; i++) {
      var w = words[i];
      if (w.hit) frag.appendChild(el("mark", w.hit === "related" ? "ps-rel" : null, w.text));
      else frag.appendChild(document.createTextNode(w.text));
      if (i < end - 1) frag.appendChild(document.createTextNode(w.space));
    }
    if (end < words.length) frag.appendChild(document.createTextNode(" …"));
    return frag;
  }

  function unpunctuated(word) { return word.replace(/^[^\w\u00C0-\uFFFF]+|[^\w\u00C0-\uFFFF]+$/g, ""); }

  /** How the shown papers write the index terms `terms`: up to three words, the most written first
   * (a term is a stem: "transform" stands for "transformer" and "transformers"). */
  function writtenAs(engine, docs, terms) {
    var count = new Map(), cased = new Map();
    docs.forEach(function (d) {
      if (!d) return;
      [d.title, d.text].concat(d.authors || []).forEach(function (text) {
        String(text || "").split(/[\s\-–—\/]+/).forEach(function (raw) {
          var word = unpunctuated(raw);
          if (!word || !terms.has(engine.normalize(engine.foldText(word)).term)) return;
          var key = word.toLowerCase(), seen = cased.get(key) || new Map();
          seen.set(word, (seen.get(word) || 0) + 1);
          cased.set(key, seen);
          count.set(key, (count.get(key) || 0) + 1);
        });
      });
    });
    var keys = Array.from(count.keys()).sort(function (a, b) { return count.get(b) - count.get(a) || (a < b ? -1 : a > b ? 1 : 0); });
    return keys.slice(0, 3).map(function (key) {  // in lower case where a paper writes it so, else as most written ("GRACE")
      var seen = cased.get(key);
      return seen.has(key) ? key : Array.from(seen).sort(function (a, b) { return b[1] - a[1] || (a[0] < b[0] ? -1 : 1); })[0][0];
    });
  }

  var FIELD_NAMES = { title: "in its title", name: "in its name", tag: "in its tags", entity: "among its datasets and models",
                      category: "in its category", author: "among its authors", text: "in its abstract" };

  /** "No paper has “transfomer”: showing “transformer”." for each word of the query read as others
   * ("No paper has “GRAPE” in its name" for a field's). */
  function readAsNote(engine, docs, readAs) {
    return readAs.map(function (r) {
      var words = writtenAs(engine, docs, r.terms);
      if (!words.length) words = Array.from(r.terms).sort().slice(0, 3);
      var where = r.fields.length === 1 ? " " + (own(FIELD_NAMES, r.fields[0]) || "in its " + r.fields[0]) : "";
      return "No paper has “" + (unpunctuated(r.typed || "") || r.word) + "”" + where + ": showing " + words.map(function (w) { return "“" + w + "”"; }).join(", ") + ".";
    }).join(" ");
  }

  // URL parameters: query, category, tag (repeatable).  The page writes "query", not "q": with
  // its search plugin on, Material's own search opens itself on ?q= and deletes it.  A link
  // written by hand with ?q= (as most search pages take) is read all the same.
  function readURL() {
    var p = new URLSearchParams(location.search);
    return { q: p.get("query") || p.get("q") || "", cat: p.get("category"), tags: p.getAll("tag") };
  }

  function writeURL(state, push) {
    var p = new URLSearchParams();
    if (state.q) p.set("query", state.q);
    if (state.cat != null) p.set("category", state.cat);
    state.tags.forEach(function (t) { p.append("tag", t); });
    var qs = p.toString(), url = location.pathname + (qs ? "?" + qs : "") + location.hash;
    if (url === location.pathname + location.search + location.hash) return;
    (push ? history.pushState : history.replaceState).call(history, state, "", url);
  }

  // how many results were shown: kept in the history entry ("Show more"), so that Back from a result shows as many
  function shownIn(state) { return Math.max(PAGE, (state && state.shown) || 0); }

  function SearchPage(container) {
    mark("start");
    this.c = container;
    this.state = readURL();
    this.shown = shownIn(history.state);
    this.active = -1;
    this.seq = 0;
    // A query arrived at (a link, Enter, Back, a filter) keeps its history entry: the next keystroke
    // starts a new entry, which typing then rewrites in place (one entry per query, not per letter)
    this.committed = !!this.state.q;
    this.build();
    var self = this;
    this.ready = Promise.all([loadScript(new URL("lunr.js", BASE).href), fetchJSON("manifest.json"), fetchJSON("meta.json")])
      .then(function (r) { mark("loaded"); self.engine = new Engine(r[0], r[1], r[2], fetchJSON); mark("ready"); })
      .catch(function (err) { self.status("Search is unavailable: " + err.message); throw err; });
    this.ready.then(function () { self.run(); });
  }

  SearchPage.prototype.build = function () {
    var c = this.c, self = this;
    while (c.firstChild) c.removeChild(c.firstChild);
    c.classList.add("ps-page");
    var form = el("form", "ps-form");
    form.setAttribute("role", "search");
    // Enter: open the highlighted result (arrow keys move it); with none, keep the query in history
    form.addEventListener("submit", function (e) { e.preventDefault(); self.commit(); if (self.active >= 0) self.open(self.active); });
    var input = this.input = el("input", "ps-input");
    input.type = "search";
    input.name = "query";
    input.autocomplete = "off";
    input.spellcheck = false;
    input.placeholder = "Search papers: words, name:, tag:, category:, prefix*, typo~1";
    input.setAttribute("aria-label", "Search papers");
    input.setAttribute("aria-controls", "ps-results");
    input.value = this.state.q;
    var timer = null;
    input.addEventListener("input", function () {
      self.state.q = input.value;
      self.shown = PAGE;
      writeURL(self.state, self.committed);
      self.committed = false;
      clearTimeout(timer);  // coalesce fast typing; results still follow each pause
      timer = setTimeout(function () { self.run(); }, 40);
    });
    input.addEventListener("keydown", function (e) { self.key(e); });
    form.appendChild(input);
    c.appendChild(form);
    if (!document.activeElement || document.activeElement === document.body) input.focus({ preventScroll: true });
    this.statusEl = el("p", "ps-status");
    this.statusEl.setAttribute("role", "status");
    this.statusEl.setAttribute("aria-live", "polite");
    c.appendChild(this.statusEl);
    // on a narrow screen the filters come after the results: a button leads down to them
    this.toFilters = el("button", "ps-to-filters", "Filter by category or tag ↓");
    this.toFilters.type = "button";
    this.toFilters.hidden = true;
    this.toFilters.addEventListener("click", function () { self.facetsEl.scrollIntoView({ block: "start" }); });
    c.appendChild(this.toFilters);
    var body = el("div", "ps-body");
    this.facetsEl = el("aside", "ps-facets");
    this.facetsEl.setAttribute("aria-label", "Filters");
    var main = el("div", "ps-main");
    this.list = el("ol", "ps-results");
    this.list.id = "ps-results";
    this.list.setAttribute("role", "listbox");
    this.list.setAttribute("aria-label", "Results");
    this.more = el("button", "ps-more md-button", "Show more");
    this.more.type = "button";
    this.more.hidden = true;
    this.more.addEventListener("click", function () {
      self.shown += PAGE;
      history.replaceState(Object.assign({}, history.state, {shown: self.shown}), "");
      self.c.dataset.state = "busy";
      self.render();
    });
    main.appendChild(this.list);
    main.appendChild(this.more);
    body.appendChild(main);
    body.appendChild(this.facetsEl);
    c.appendChild(body);
    window.addEventListener("popstate", function (e) {
      self.state = readURL();
      self.committed = true;
      input.value = self.state.q;
      self.shown = shownIn(e.state);
      if (self.engine) self.run();
    });
  };

  SearchPage.prototype.status = function (text) { this.statusEl.textContent = text; };

  SearchPage.prototype.commit = function () { writeURL(this.state, true); this.committed = true; };

  SearchPage.prototype.key = function (e) {
    var n = this.list.children.length;
    if (e.key === "ArrowDown" && n) { e.preventDefault(); this.setActive(Math.min(this.active + 1, n - 1)); }
    else if (e.key === "ArrowUp" && n) { e.preventDefault(); this.setActive(Math.max(this.active - 1, -1)); }
    else if (e.key === "Escape" && this.active >= 0) { e.preventDefault(); this.setActive(-1); }  // (not the query too)
  };

  SearchPage.prototype.setActive = function (i) {
    var items = this.list.children;
    for (var k = 0; k < items.length; k++) items[k].setAttribute("aria-selected", k === i ? "true" : "false");
    this.active = i;
    if (i >= 0 && items[i]) {
      this.input.setAttribute("aria-activedescendant", items[i].id);
      if (items[i].scrollIntoView) items[i].scrollIntoView({ block: "nearest" });
    } else this.input.removeAttribute("aria-activedescendant");
  };

  SearchPage.prototype.open = function (i) {
    var item = this.list.children[i];
    var a = item && item.querySelector("a");
    if (a) location.href = a.href;
  };

  /** data-state="busy" while a search runs, "ready" with data-query once its results are shown. */
  SearchPage.prototype.done = function () {
    this.c.dataset.query = this.state.q.trim();
    this.c.dataset.state = "ready";
  };

  SearchPage.prototype.run = function () {
    var self = this, seq = ++this.seq, q = this.state.q.trim();
    if (!this.engine) return;
    this.c.dataset.state = "busy";
    var filtered = this.state.cat != null || this.state.tags.length;
    var pending = q ? this.engine.search(q) : Promise.resolve(null);
    pending.then(function (res) {
      mark("searched");
      if (seq !== self.seq) return;
      if (!res && !filtered) { self.result = null; self.render(); return; }
      if (!res) {
        var all = [];
        for (var d = 0; d < self.engine.manifest.docs; d++) all.push({ doc: d, score: 0, matched: 0 });
        res = { clauses: [], hits: all, partial: false, terms: new Set() };
      }
      self.result = res;
      self.render();
    }).catch(function (err) { if (seq === self.seq) { self.status("Search failed: " + err.message); self.done(); } });
  };

  SearchPage.prototype.render = function () {
    var self = this, seq = this.seq, res = this.result, eng = this.engine;
    this.active = -1;
    this.input.removeAttribute("aria-activedescendant");
    if (!res) {
      this.clear(this.list); this.clear(this.facetsEl); this.more.hidden = true; this.toFilters.hidden = true;
      this.status("Search " + eng.manifest.docs.toLocaleString("en") + " papers: type words, name:, tag:benchmark, category:, prefix*, typo~1. Press / to come back here.");
      this.done();
      return;
    }
    var f = eng.facet(res.hits, { cat: this.state.cat, tags: this.state.tags });
    this.renderFacets(f);
    var hits = f.hits, page = hits.slice(0, this.shown);
    if (!hits.length) {
      this.clear(this.list); this.more.hidden = true;
      var common = res.clauses.length && res.clauses.every(function (c) { return c.stop; });
      this.status(res.hits.length ? "No papers match these filters." : common ?  // ("this", "any-to-any")
        "“" + this.state.q.trim() + (res.clauses.length === 1 ? "” is too common a word to search for." :
          "”: words as common as these are not searched for.") + " Add a word that says what you look for." :
        "No papers match “" + this.state.q.trim() + "”.");
      this.done();
      return;
    }
    mark("facets");
    // rows appear in rank order as their doc shards arrive: the best result shows first
    var docs = new Array(page.length), next = 0, cleared = false;
    function current() { return seq === self.seq && res === self.result; }
    function flush() {
      if (!current()) return;
      var frag = document.createDocumentFragment();
      var from = next;
      while (next < page.length && docs[next]) { frag.appendChild(self.item(docs[next], next, res, page[next])); next++; }
      if (next === from) return;
      if (!cleared) { self.clear(self.list); cleared = true; }
      self.list.appendChild(frag);
      if (root.__paperSearchFirstResult === undefined) {
        root.__paperSearchFirstResult = performance.now();
        mark("first-result");
      }
    }
    Promise.all(page.map(function (h, i) {
      return eng.docs(h.doc).then(function (d) { docs[i] = d; flush(); });
    })).then(function () {
      if (!current()) return;
      mark("docs");
      self.more.hidden = hits.length <= page.length;
      var n = hits.length.toLocaleString("en"), full = hits.length - (res.near || 0);
      var byIdea = hits.filter(function (h) { return h.related && !h.near; }).length;
      var longer = hits.filter(function (h) { return h.loose && !h.related && !h.near; }).length;
      var words = full - byIdea - longer, parts = [];
      var asked = res.clauses.filter(function (c) { return c.presence >= 0; });
      var word = asked.length === 1 ? "“" + (unpunctuated(asked[0].typed || "") || asked[0].word) + "”" : "";
      function papers(k, more) { return k.toLocaleString("en") + (more ? " more" : k === 1 ? " paper" : " papers"); }
      if (words) parts.push(papers(words) + (!longer && !byIdea ? "" : word && longer ? " with " + word : " with these words"));
      if (longer) parts.push(papers(longer, parts.length) + " with longer words beginning " + (word || "like yours"));
      if (byIdea) parts.push(papers(byIdea, parts.length) + " on related ideas");
      var count = parts.join(", ") + ".";
      if (res.near) count += " " + res.near.toLocaleString("en") + " more with all of the words but one.";
      var note = res.readAs && res.readAs.length ? readAsNote(eng, docs, res.readAs) + " " : "";
      self.status(note + (res.partial ? "No paper matches every word; " + n + " match some." : count) +
        (hits.length > page.length ? " Showing " + page.length + "." : ""));
      self.done();
    }).catch(function (err) { if (current()) { self.status("Search failed: " + err.message); self.done(); } });
  };

  SearchPage.prototype.clear = function (node) { while (node.firstChild) node.removeChild(node.firstChild); };

  SearchPage.prototype.item = function (d, i, res, hit) {
    var terms = res.terms, related = hit.related ? res.relatedTerms : null;
    var li = el("li", "ps-result");
    li.id = "ps-r" + i;
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", "false");
    var a = el("a", "ps-title");
    a.href = new URL("papers/" + encodeURIComponent(d.slug) + PAGE_END, SITE).href;
    a.appendChild(highlight(this.engine, d.title, terms, 0, related));
    li.appendChild(a);
    if (d.authors.length) {
      var by = el("div", "ps-authors");
      by.appendChild(highlight(this.engine, d.authors.join(", "), terms, 0, related));
      li.appendChild(by);
    }
    var meta = el("div", "ps-meta");
    if (hit.near) {
      var most = el("span", "ps-why", "all words but one");
      most.title = "Few papers have every word of your query: this one has all of them but one";
      meta.appendChild(most);
    } else if (related) {
      var why = el("span", "ps-why", "related idea");
      why.title = "Matched through terms the papers use for the same idea as your words";
      meta.appendChild(why);
    }
    if (d.category) meta.appendChild(el("span", "ps-cat", d.category));
    (d.tags || []).forEach(function (t) { meta.appendChild(el("span", "ps-tag", t)); });
    li.appendChild(meta);
    var p = el("p", "ps-snippet");
    p.appendChild(highlight(this.engine, d.text, terms, 40, related));
    li.appendChild(p);
    var self = this;
    li.addEventListener("mousemove", function () { if (self.active !== i) self.setActive(i); });
    return li;
  };

  SearchPage.prototype.renderFacets = function (f) {
    var self = this, box = this.facetsEl;
    this.clear(box);
    this.toFilters.hidden = !f.categories.length && !f.tags.length;
    function group(title, items, selected, toggle, limit) {
      if (!items.length && !selected.length) return;
      var sec = el("section", "ps-facet");
      sec.appendChild(el("h2", "ps-facet-title", title));
      var ul = el("ul");
      var shownItems = items.slice(0, limit);
      selected.forEach(function (s) {
        if (!shownItems.some(function (it) { return it.name === s; })) shownItems.unshift({ name: s, count: 0 });
      });
      shownItems.forEach(function (it) {
        var li = el("li"), b = el("button", "ps-facet-item");
        b.type = "button";
        var on = selected.indexOf(it.name) >= 0;
        b.setAttribute("aria-pressed", on ? "true" : "false");
        b.dataset.value = it.name;
        b.appendChild(el("span", "ps-facet-name", it.name));
        b.appendChild(el("span", "ps-facet-count", it.count));
        b.addEventListener("click", function () { toggle(it.name); });
        li.appendChild(b);
        ul.appendChild(li);
      });
      sec.appendChild(ul);
      box.appendChild(sec);
    }
    group("Category", f.categories, this.state.cat != null ? [this.state.cat] : [], function (name) {
      self.state.cat = self.state.cat === name ? null : name;
      self.refilter();
    }, 30);
    group("Tags", f.tags, this.state.tags, function (name) {
      var i = self.state.tags.indexOf(name);
      if (i >= 0) self.state.tags.splice(i, 1); else self.state.tags.push(name);
      self.refilter();
    }, 20);
  };

  SearchPage.prototype.refilter = function () {
    this.shown = PAGE;
    writeURL(this.state, true);
    this.committed = true;
    if (this.result || this.state.cat != null || this.state.tags.length) this.run();
  };

  function isEditable(t) {
    return t && (t.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName));
  }

  // "/" focuses the paper search box (capture phase: before Material's own shortcuts)
  window.addEventListener("keydown", function (e) {
    if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey || isEditable(e.target)) return;
    var box = document.querySelector(".ps-page .ps-input") || document.querySelector(".ps-box input[name=query]");
    if (!box) return;
    e.preventDefault();
    e.stopPropagation();
    box.focus();
    box.select();
  }, true);

  function init() {
    // without a keyboard (a touch screen), the box does not offer the "/" shortcut
    if (root.matchMedia && root.matchMedia("(hover: none) and (pointer: coarse)").matches) {
      document.querySelectorAll(".ps-box input[name=query]").forEach(function (box) { box.placeholder = "Search papers"; });
    }
    var c = document.querySelector("[data-paper-search]");
    if (c && !c.__paperSearch) c.__paperSearch = new SearchPage(c);
  }
  init();  // the container precedes the scripts: start fetching at once
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  // Material's instant navigation swaps pages without reloading scripts
  if (root.document$ && root.document$.subscribe) root.document$.subscribe(init);
})(typeof window !== "undefined" ? window : globalThis);
