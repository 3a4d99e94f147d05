'use strict';
// The trace page: two recorded searches played side by side. The data is
// the JSON in #trace-data (html.rs says how steps and calls are packed).
// Each side numbers its own steps (step 0 is the puzzle); the two are put
// side by side by what they do to the board, as record.rs's `timeline`
// does, so a side's dead ends (which write nothing) do not put the other
// out of step. Everything the page shows is also in data- attributes (each
// cell's row, col and digit; each side's step, line, counters and frames),
// so a test can read it without depending on the styling.
(function () {
  const errors = [];
  function noteError(message) {
    errors.push(String(message));
    document.body.dataset.errors = String(errors.length);
    const box = document.getElementById('errors');
    box.hidden = false;
    box.textContent = errors.join('\n');
  }
  window.addEventListener('error', (e) => noteError(e.message || e));
  window.addEventListener('unhandledrejection', (e) => noteError(e.reason));

  const data = JSON.parse(document.getElementById('trace-data').textContent);
  const PLACE = 0, UNDO = 1, COMPLETE = 2, NOFIT = 3, RETRY = 4, NOPLACE = 5;
  const KIND_NAMES = ['place', 'undo', 'complete', 'nofit', 'retry', 'noplace'];
  const KEYFRAME = 256;
  const SPEEDS = [1, 2, 5, 10, 25, 50, 100, 250, 1000, 5000, 20000];
  const puzzle = Uint8Array.from(data.puzzle, (c) => c.charCodeAt(0) - 48);

  // The vocabulary, as the terminal trace says it (render.rs).
  function at(cell) {
    return 'row ' + (Math.floor(cell / 9) + 1) + ', col ' + ((cell % 9) + 1);
  }
  function inCode(cell) {
    return 'board[' + Math.floor(cell / 9) + '][' + (cell % 9) + ']';
  }
  function unitName(unit) {
    return ['row', 'col', 'box'][Math.floor(unit / 9)] + ' ' + ((unit % 9) + 1);
  }
  function unitCells(unit) {
    const out = [];
    for (let k = 0; k < 9; k++) {
      const kind = Math.floor(unit / 9);
      if (kind === 0) out.push(unit * 9 + k);
      else if (kind === 1) out.push(k * 9 + (unit % 9));
      else {
        const b = unit % 9;
        out.push((Math.floor(b / 3) * 3 + Math.floor(k / 3)) * 9 + (b % 3) * 3 + (k % 3));
      }
    }
    return out;
  }
  // For each digit 1-9, the first cell of the row, then the col, then the
  // box of `cell` that holds it (-1: none).
  function blockers(cells, cell) {
    const r = Math.floor(cell / 9), c = cell % 9;
    const units = [r, 9 + c, 18 + Math.floor(r / 3) * 3 + Math.floor(c / 3)];
    const out = [];
    for (let d = 1; d <= 9; d++) {
      let found = -1;
      for (const u of units) {
        for (const p of unitCells(u)) {
          if (p !== cell && cells[p] === d) { found = p; break; }
        }
        if (found >= 0) break;
      }
      out.push(found);
    }
    return out;
  }
  function deadEndWhy(ev, cells) {
    const parts = [];
    if (ev.kind === NOFIT) {
      blockers(cells, ev.cell).forEach((p, i) => {
        parts.push(p >= 0 ? (i + 1) + ' at ' + at(p) : (i + 1) + ' not blocked');
      });
    } else if (ev.kind === NOPLACE) {
      for (const cell of unitCells(ev.cell)) {
        if (cells[cell] !== 0) continue;
        const p = blockers(cells, cell)[ev.digit - 1];
        parts.push(p >= 0 ? at(cell) + ' sees the ' + ev.digit + ' at ' + at(p) : at(cell) + ' not blocked');
      }
    } else {
      return null;
    }
    return parts.join('; ');
  }
  // The step as the page says it: the terminal's words, with an undo's
  // depth before and after it.
  function eventText(ev) {
    switch (ev.kind) {
      case PLACE: return (ev.note === 'rewrite' ? 'rewrite ' + ev.digit + ' at ' + at(ev.cell) + ' (the digit already there)'
        : 'place ' + ev.digit + ' at ' + at(ev.cell)) + '  depth ' + ev.depth;
      case UNDO: return puzzle[ev.cell] !== 0
        // Only a user's file writes over a given: say so, not an undo.
        ? 'overwrites the given ' + ev.digit + ' at ' + at(ev.cell) + ': a clue of the puzzle is changed'
        : 'undo  ' + ev.digit + ' at ' + at(ev.cell) + '  depth ' + ev.depth + ' \u2192 ' + (ev.depth - 1) +
          (ev.erases ? '  <- erases the finished board' : '');
      case COMPLETE: return 'the board is complete  depth ' + ev.depth;
      case NOFIT: return 'no digit fits at ' + at(ev.cell) + '  depth ' + ev.depth;
      case RETRY: return 'back at ' + at(ev.cell) + ' again (visit ' + ev.digit +
        '): the while loop finds the same empty cell  depth ' + ev.depth;
      case NOPLACE: return 'no cell left for ' + ev.digit + ' in ' + unitName(ev.cell) + '  depth ' + ev.depth;
      default: return '?';
    }
  }
  function isAction(ev) {
    return ev.kind === PLACE || ev.kind === UNDO || ev.kind === COMPLETE;
  }
  // What record.rs compares: kind, cell (or unit) and digit.
  function what(ev) {
    const digit = ev.kind === PLACE || ev.kind === UNDO || ev.kind === NOPLACE ? ev.digit : 0;
    const cell = ev.kind === COMPLETE ? 255 : ev.cell;
    return ev.kind * 65536 + cell * 256 + digit;
  }

  function decode(text) {
    const bin = atob(text);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  function copyFrames(frames) {
    return frames.map((f) => Object.assign({}, f));
  }

  // One search: its steps, and what is needed to show any step at once.
  class Run {
    constructor(d) {
      this.d = d;
      this.key = d.key;
      this.count = d.count;
      this.bytes = decode(d.steps);
      this.calls = decode(d.calls || '');
      this.frames = d.stack === 'frames';
      // What a user's file's steps are besides their events (html.rs).
      this.notes = new Map();
      const notes = d.notes || {};
      for (const s of notes.rewrite || []) this.notes.set(s, 'rewrite');
      for (const s of notes.stale || []) this.notes.set(s, 'stale');
      const shape = d.shape || {};
      this.shape = shape;
      // A copy-back's steps (a rewrite among them stays a rewrite).
      if (shape.copyBack) for (let s = shape.copyBack[0]; s <= shape.copyBack[1]; s++) if (!this.notes.has(s)) this.notes.set(s, 'copy');
      // The locals each frame holds from a step on: step -> [[frame, text], ...].
      this.localsAt = new Map();
      for (const [step, frame, text] of d.locals || []) {
        if (!this.localsAt.has(step)) this.localsAt.set(step, []);
        this.localsAt.get(step).push([frame, text]);
      }
      const n = this.count;
      this.placements = new Int32Array(n + 1);
      this.undos = new Int32Array(n + 1);
      this.revisits = new Int32Array(n + 1);
      this.depth = new Uint8Array(n + 1);
      this.callAt = new Int32Array(n + 2);
      this.opN = new Int32Array(n + 1);
      this.keyframes = [];
      const st = { cells: puzzle.slice(), filled: [], frames: [], returned: [] };
      let offset = 0;
      for (let i = 0; i <= n; i++) {
        if (i % KEYFRAME === 0) {
          this.keyframes.push({ cells: st.cells.slice(), filled: st.filled.slice(), frames: copyFrames(st.frames) });
        }
        if (i === n) { this.callAt[i + 1] = offset; break; }
        const b = this.bytes[i * 6];
        let ops = b >> 6;
        if (ops === 3) {
          ops = 0;
          let x;
          do { x = this.calls[offset++]; ops += x; } while (x === 255);
        }
        this.callAt[i + 1] = offset;
        this.opN[i + 1] = ops;
        offset += ops;
        const ev = this.event(i + 1);
        this.apply(st, i + 1, ev);
        // A copy-back's writes are not the search's placements.
        const copied = shape.copyBack && i + 1 >= shape.copyBack[0] && i + 1 <= shape.copyBack[1];
        this.placements[i + 1] = this.placements[i] + (ev.kind === PLACE && !copied ? 1 : 0);
        this.undos[i + 1] = this.undos[i] + (ev.kind === UNDO ? 1 : 0);
        this.revisits[i + 1] = this.revisits[i] + (ev.revisit ? 1 : 0);
        this.depth[i + 1] = ev.kind === UNDO ? ev.depth - 1 : ev.depth;
      }
    }
    // Step `i` (from 1).
    event(i) {
      const o = (i - 1) * 6, b = this.bytes;
      return {
        kind: b[o] & 7,
        deadEnd: (b[o] & 8) !== 0,
        revisit: (b[o] & 16) !== 0,
        erases: (b[o] & 32) !== 0,
        cell: b[o + 1],
        digit: b[o + 2],
        depth: b[o + 3],
        line: b[o + 4] | (b[o + 5] << 8),
        note: this.notes.get(i) || '',
      };
    }
    // How many calls began or returned just before step `i`.
    opCount(i) {
      return this.opN[i];
    }
    apply(st, i, ev) {
      st.returned = [];
      if (this.frames) {
        const start = this.callAt[i];
        const n = this.opCount(i);
        for (let k = 0; k < n; k++) {
          const op = this.calls[start + k];
          if (op < 128) {
            st.frames.push({ name: this.d.names[op] || '?', cell: -1, digit: 0, state: 'new' });
          } else {
            const f = st.frames.pop();
            if (f) { f.value = this.d.values[op - 128]; st.returned.push(f); }
          }
        }
        for (const [frame, text] of this.localsAt.get(i) || []) {
          if (st.frames[frame]) st.frames[frame].locals = this.d.localTexts[text];
        }
        const top = st.frames[st.frames.length - 1];
        if (top) {
          if (ev.kind === PLACE) Object.assign(top, { cell: ev.cell, digit: ev.digit, state: 'trying' });
          else if (ev.kind === UNDO) Object.assign(top, { cell: ev.cell, digit: ev.digit, state: 'undone' });
          else if (ev.kind === NOFIT) Object.assign(top, { cell: ev.cell, digit: 0, state: 'nofit' });
          else if (ev.kind === RETRY) Object.assign(top, { cell: ev.cell, digit: 0, state: 'retry' });
          else if (ev.kind === COMPLETE) top.state = 'complete';
          else if (ev.kind === NOPLACE) top.state = 'noplace';
        }
      }
      if (ev.kind === PLACE || ev.kind === UNDO) {
        const k = st.filled.findIndex((s) => s[0] === ev.cell);
        if (k >= 0) st.filled.splice(k, 1);
        if (ev.kind === PLACE) {
          st.cells[ev.cell] = ev.digit;
          st.filled.push([ev.cell, ev.digit]);
        } else {
          st.cells[ev.cell] = 0;
        }
      }
    }
    // The board, the filled cells and the frames after step `n`, with the
    // calls that returned just before it.
    stateAt(n) {
      const frame = this.keyframes[Math.floor(n / KEYFRAME)];
      const st = { cells: frame.cells.slice(), filled: frame.filled.slice(), frames: copyFrames(frame.frames), returned: [] };
      for (let i = Math.floor(n / KEYFRAME) * KEYFRAME + 1; i <= n; i++) this.apply(st, i, this.event(i));
      return st;
    }
    // The first step after `from` for which `test(event)` holds, or -1.
    find(from, test) {
      for (let i = from + 1; i <= this.count; i++) if (test(this.event(i))) return i;
      return -1;
    }
  }

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const runs = data.sides.map((d) => new Run(d));

  // Whether a user's file is a correct search in an order of its own: it
  // returned a solved board, every placement fits the board as it is then
  // (no peer holds the digit, no given is written over), and every undo
  // takes back the latest placement still on the board, as a depth-first
  // search does whatever cell it picks next. A file that forgets to undo
  // breaks the last rule: it writes at a cell while a later one still
  // holds the digit placed after it.
  function searchesInItsOwnOrder(r) {
    if (r.d.order !== null || r.d.end !== 'solved') return false;
    const cells = Uint8Array.from(puzzle);
    const placed = [];
    for (let s = 1; s <= r.count; s++) {
      const ev = r.event(s);
      if ((ev.kind !== PLACE && ev.kind !== UNDO) || ev.note === 'rewrite') continue;
      if (puzzle[ev.cell] !== 0) return false;
      if (ev.kind === UNDO) {
        if (placed[placed.length - 1] !== ev.cell) return false;
        placed.pop();
        cells[ev.cell] = 0;
      } else {
        if (cells[ev.cell] !== 0 || blockers(cells, ev.cell)[ev.digit - 1] >= 0) return false;
        placed.push(ev.cell);
        cells[ev.cell] = ev.digit;
      }
    }
    return true;
  }

  // The two sides' steps at each position of the page (record.rs: timeline).
  function walk(a, b, page) {
    let i = 0, j = 0, last = [0, 0];
    for (;;) {
      const x = i < a.count ? a.event(i + 1) : null;
      const y = j < b.count ? b.event(j + 1) : null;
      let ma, mb;
      if (!x && !y) return { same: true };
      if (x && y && what(x) === what(y)) { ma = mb = true; }
      else if (x && y) {
        const ax = isAction(x), ay = isAction(y);
        if (!ax && ay) { ma = true; mb = false; }
        else if (ax && !ay) { ma = false; mb = true; }
        else break;
      } else if (x && !y && !isAction(x)) { ma = true; mb = false; }
      else if (!x && y && !isAction(y)) { ma = false; mb = true; }
      else break;
      if (ma) i++;
      if (mb) j++;
      if (ma && mb) last = [i, j];
      page(i, j);
    }
    const side = (k, l, r) => (k < r.count && isAction(r.event(k + 1)) ? k + 1 : (l < r.count ? l + 1 : null));
    return { same: false, at: [side(i, last[0], a), side(j, last[1], b)], matched: last };
  }
  function timeline(a, b) {
    const pa = [0], pb = [0];
    const push = (i, j) => { pa.push(i); pb.push(j); };
    const result = walk(a, b, push);
    if (result.same) return { pos: [pa, pb], result };
    let kept = 0;
    for (let p = 0; p < pa.length; p++) if (pa[p] === result.matched[0] && pb[p] === result.matched[1]) { kept = p; break; }
    pa.length = kept + 1;
    pb.length = kept + 1;
    let i = result.matched[0], j = result.matched[1];
    const stopI = result.at[0] === null ? a.count : result.at[0] - 1;
    const stopJ = result.at[1] === null ? b.count : result.at[1] - 1;
    while (i < stopI) { i++; push(i, j); }
    while (j < stopJ) { j++; push(i, j); }
    while (i < a.count || j < b.count) {
      i = Math.min(i + 1, a.count);
      j = Math.min(j + 1, b.count);
      push(i, j);
    }
    return { pos: [pa, pb], result };
  }
  let line;
  if (runs.length > 1) {
    line = timeline(runs[0], runs[1]);
  } else {
    const pa = [];
    for (let i = 0; i <= runs[0].count; i++) pa.push(i);
    line = { pos: [pa], result: null };
  }
  const pos = line.pos.map((p) => Int32Array.from(p));
  const total = pos[0].length - 1;
  const parting = line.result && !line.result.same ? line.result.at : null;
  const maxDepth = Math.max(1, ...runs.map((r) => r.depth.reduce((m, x) => Math.max(m, x), 0)));
  const state = { p: 0, chosen: 0, playing: false, speed: 2, lastHashWrite: 0 };

  // The first position where side `k` shows its step `s` (or its last).
  function positionOf(k, s) {
    const arr = pos[k];
    let lo = 0, hi = arr.length - 1;
    if (s >= arr[hi]) { while (hi > 0 && arr[hi - 1] === arr[hi]) hi--; return hi; }
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (arr[mid] >= s) hi = mid; else lo = mid + 1;
    }
    return lo;
  }

  // The page's parts, built once.
  const givens = puzzle.reduce((n, d) => n + (d ? 1 : 0), 0);
  document.getElementById('puzzle').textContent =
    data.puzzleName + ': ' + data.puzzle.replace(/0/g, '.') + ' (' + givens + ' givens)';
  const slider = document.getElementById('slider');
  slider.max = String(total);
  const speedSelect = document.getElementById('speed');
  SPEEDS.forEach((s, i) => {
    const o = el('option', '', s + '/s');
    o.value = String(i);
    speedSelect.appendChild(o);
  });
  speedSelect.value = String(state.speed);

  // A link to step `s` of side `k`.
  function stepLink(k, s, text) {
    const a = el('a', '', text || 'step ' + s);
    a.href = '#step=' + s + '&side=' + encodeURIComponent(runs[k].key);
    a.dataset.side = runs[k].key;
    a.dataset.step = String(s);
    return a;
  }
  // What side `k` did at its step `s`, in words, with the line that did it.
  function stepWords(k, s) {
    const r = runs[k];
    const ev = r.event(s);
    let text = eventText(ev).replace(/\s+depth.*$/, '').replace(/\s+/g, ' ');
    const next = s < r.count ? r.event(s + 1) : null;
    if (ev.kind === UNDO && next && next.kind === PLACE && next.cell === ev.cell && next.line === ev.line && r.d.order === null) {
      text = 'writes ' + next.digit + ' over the ' + ev.digit + ' at ' + at(ev.cell);
    }
    if (ev.line) text += ' (line ' + ev.line + ')';
    return text;
  }
  const compare = document.getElementById('compare');
  if (runs.length > 1) {
    const [a, b] = runs;
    const own = a.d.order === null;
    // A file the project ships is a write-up, not the reader's own.
    const who = a.d.shipped ? 'the write-up' : 'your file';
    const Who = who[0].toUpperCase() + who.slice(1);
    if (own && (a.shape.unseen || a.count === 0)) {
      // No search to compare: none of its writes, or not all of them, seen.
      compare.className = 'differs';
      document.body.dataset.compare = a.shape.unseen ? 'unseen' : 'none';
      compare.textContent = a.shape.unseen
        ? 'Not all seen: ' + who + ' ' + a.key + ' changed the board ' + (a.count ? 'also ' : 'only ') +
          'by stores the trace does not follow (the board it left holds digits that no write the trace saw put there), so ' +
          (a.count ? 'its ' + a.count + ' steps are not its whole search' : 'the trace saw none of its writes') +
          ', and it is not compared with ' + b.key + "'s search."
        : Who + ' ' + a.key + ' made no write to the board (how it ended is below), so there is no search to compare with ' + b.key + "'s.";
      document.getElementById('first-difference').hidden = true;
    } else if (!parting) {
      compare.className = 'same';
      compare.textContent = (own ? Who + ' ' + a.key : a.key) + ' is the same search as ' + b.key +
        ': the same placements and undos, in the same order (' + a.key + ' in ' + a.count + ' steps, ' + b.key + ' in ' +
        b.count + (a.count !== b.count ? '; dead ends write nothing, so only one side shows them' : '') + ').';
      document.getElementById('first-difference').hidden = true;
      document.body.dataset.compare = 'same';
    } else {
      compare.className = 'part';
      document.body.dataset.compare = 'part';
      document.body.dataset.parting = JSON.stringify(parting);
      const m = line.result.matched;
      // The sides a limit cut before they parted, each with its own words
      // for which limit (the step limit, or the time limit with its flag).
      const cut = runs.filter((r, k) => parting[k] === null && r.d.end === 'stopped')
        .map((r) => r.key + ' ' + r.d.ending);
      const parts = [];
      if (cut.length) {
        compare.className = 'same';
        parts.push(document.createTextNode('The same writes to the board as far as both were recorded (' + a.key + ' ' + m[0] + ' steps, ' + b.key + ' ' + m[1] + '); ' + cut.join('; ') + '. '));
      } else {
        const shape = a.shape || {};
        const past = own && shape.pastSolution && m[0] >= shape.pastSolution[0] ? shape.pastSolution : null;
        const ownOrder = !past && own && searchesInItsOwnOrder(a);
        const solves = own && a.d.end === 'solved';
        const text = (t) => parts.push(document.createTextNode(t));
        const copyAfter = own && !past && shape.copyBack && parting[0] !== null && parting[0] >= shape.copyBack[0] && parting[1] === null;
        if (copyAfter) {
          // The search is the other's to its end; what follows is the copy.
          compare.className = 'same';
          document.body.dataset.compare = 'copy';
          text(Who + ' ' + a.key + ' makes the same writes to the board as ' + b.key + ' to its end (' + a.key + "'s step " + m[0] + ', ' + b.key + "'s " + m[1] + '); after its search, its ');
          parts.push(stepLink(0, shape.copyBack[0], 'steps ' + shape.copyBack[0]));
          text(' to ');
          parts.push(stepLink(0, shape.copyBack[1], String(shape.copyBack[1])));
          text(' copy a saved answer back into the board (a copy-back, not the search).');
        } else if (past) {
          // The same search up to the solved board, where the other stops:
          // what follows is the search going on, not another order.
          compare.className = 'order';
          document.body.dataset.compare = 'past';
          text('Past the solution: ' + who + ' ' + a.key + ' makes the same writes to the board as ' + b.key + ' up to the solved board (its ');
          parts.push(stepLink(0, past[0]));
          text(', ' + b.key + "'s ");
          parts.push(stepLink(1, m[1]));
          text('), where ' + b.key + ' stops. It goes on: its ');
          parts.push(stepLink(0, past[1]));
          text(' takes a digit of the solved board back and the search goes on' + (solves ? '' : '.'));
          if (shape.copyBack) {
            text(', and its ');
            parts.push(stepLink(0, shape.copyBack[0], 'steps ' + shape.copyBack[0]));
            text(' to ');
            parts.push(stepLink(0, shape.copyBack[1], String(shape.copyBack[1])));
            text(' copy a saved answer back into the board (a copy-back, not the search)');
          }
          if (solves) text('. Its order is ' + b.key + "'s, and it solves.");
        } else if (own && shape.fillsStraight) {
          // No search on the board to compare: the board filled straight.
          compare.className = 'differs';
          document.body.dataset.compare = 'straight';
          text(Who + ' ' + a.key + ' fills the board straight: its ' + shape.fillsStraight +
            ' writes are none of them taken back, and none is made while a function that calls itself runs. On this puzzle it makes no search to compare with ' + b.key + "'s (no guess undone)" +
            (solves ? ', and it solves.' : '.'));
        } else if (own && shape.writesReturning) {
          // No search on the board to compare: the answer written back.
          compare.className = 'differs';
          document.body.dataset.compare = 'returning';
          text(Who + ' ' + a.key + ' writes its answer as its calls return: each of its ' + shape.writesReturning +
            ' writes is made by a shallower call than the one before, and none is taken back. Its search ran before, on something other than the board (its own copy or tables), which the trace does not see: what these steps show is the answer written back' +
            (solves ? ', and it solves.' : '.'));
        } else {
          if (ownOrder) {
            compare.className = 'order';
            document.body.dataset.compare = 'order';
            text('Another order, it solves: ' + who + ' is a depth-first search that picks its cells or digits in an order of its own (every placement fits the board, every undo takes back the latest placement), so it parts from ' + b.key + ' without a mistake. ');
          } else if (solves) {
            // It solves: where it parts is not a mistake (a write-up that
            // writes a digit and then checks it, a board never reset).
            compare.className = 'differs';
          }
          if (own && shape.neverReset) {
            text('It never resets its board: a call returns leaving its digit on the board (first before its ');
            parts.push(stepLink(0, shape.neverReset));
            const stale = ((a.d.notes || {}).stale || []).length > 0;
            text(')' + (stale ? ', and a later call at that cell writes over it' : ''));
            text(solves ? '; it solves all the same. ' : '. ');
          } else if (solves && !ownOrder) {
            text('It solves, by other writes than ' + b.key + '. ');
          }
          text(m[0] ? 'The same writes to the board up to ' + a.key + "'s step " + m[0] + ' and ' + b.key + "'s step " + m[1] + '; then ' : 'They differ from the first step: ');
          if (own && parting[0] !== null) text(ownOrder ? who + "'s first write in its own order is " : who + "'s first write that " + b.key + ' does not make is ');
          runs.forEach((r, k) => {
            if (k > 0) text(own && k === 1 ? ', where ' + r.key + ' at its ' : ' \u2014 ' + r.key + ' at its ');
            else if (!own || parting[0] === null) text(r.key + ' at its ');
            const st = parting[k];
            if (st === null) {
              text('end (' + r.count + ' steps): it does nothing more to the board');
            } else {
              parts.push(stepLink(k, st));
              text(': ' + stepWords(k, st));
            }
          });
          text('.');
        }
      }
      parts.forEach((p) => compare.appendChild(p));
    }
  } else {
    document.getElementById('first-difference').hidden = true;
  }

  const tabs = document.getElementById('tabs');
  const views = runs.map((run, index) => {
    const d = run.d;
    const section = el('section', 'side');
    section.dataset.side = run.key;
    section.id = 'side-' + index;
    section.setAttribute('aria-label', run.key);
    const tab = el('button', '', run.key);
    tab.type = 'button';
    tab.setAttribute('role', 'tab');
    tab.setAttribute('aria-controls', section.id);
    tab.addEventListener('click', () => choose(index));
    tabs.appendChild(tab);
    const h2 = el('h2');
    h2.appendChild(el('span', 'key', run.key));
    h2.appendChild(el('span', 'title', d.title));
    section.appendChild(h2);
    const counters = el('ul', 'counters');
    const counterEls = {};
    for (const [name, label, def] of [['steps', 'step', 'def-step'], ['placements', 'placements', 'def-place'], ['undos', 'undos', 'def-undo'], ['revisits', 'revisits', 'def-revisit'], ['depth', 'depth', 'def-depth']]) {
      const li = el('li');
      const a = el('a', '', label);
      a.href = '#' + def;
      a.className = 'def';
      a.style.color = 'inherit';
      li.appendChild(a);
      li.appendChild(document.createTextNode(' '));
      const b = el('b', '', '0');
      b.dataset.counter = name;
      li.appendChild(b);
      if (name === 'steps') li.appendChild(document.createTextNode(' of ' + run.count));
      counters.appendChild(li);
      counterEls[name] = b;
    }
    section.appendChild(counters);
    const top = el('div', 'top');
    const board = el('div', 'board');
    board.setAttribute('role', 'grid');
    board.setAttribute('aria-label', 'board of ' + run.key);
    board.setAttribute('aria-readonly', 'true');
    const cells = [];
    for (let r = 0; r < 9; r++) {
      const row = el('div');
      row.setAttribute('role', 'row');
      for (let c = 0; c < 9; c++) {
        const cell = el('div', 'cell');
        cell.dataset.row = String(r + 1);
        cell.dataset.col = String(c + 1);
        cell.setAttribute('role', 'gridcell');
        row.appendChild(cell);
        cells.push(cell);
      }
      board.appendChild(row);
    }
    top.appendChild(board);
    const info = el('div', 'info');
    const caption = el('div', 'caption');
    info.appendChild(caption);
    top.appendChild(info);
    section.appendChild(top);
    const middle = el('div', 'middle');
    const sourceBox = el('div', 'source-box');
    sourceBox.appendChild(el('p', 'source-path', d.path));
    const source = el('div', 'source');
    source.tabIndex = 0;
    source.setAttribute('role', 'region');
    source.setAttribute('aria-label', 'source of ' + d.path);
    const lines = [];
    const textLines = d.text.split('\n');
    if (textLines[textLines.length - 1] === '') textLines.pop();
    textLines.forEach((text, i) => {
      const line = el('div', 'line');
      line.dataset.line = String(i + 1);
      line.appendChild(el('span', 'no', String(i + 1)));
      line.appendChild(el('span', 'code', text));
      source.appendChild(line);
      lines.push(line);
    });
    if (d.endLine && lines[d.endLine - 1]) lines[d.endLine - 1].classList.add('ended');
    sourceBox.appendChild(source);
    middle.appendChild(sourceBox);
    const stackBox = el('div', 'stack-box');
    const stackHead = el('p', 'stack-head', run.frames ? 'call stack (outermost first)' : 'filled cells (the calls are not known)');
    stackHead.id = 'stack-head-' + index;
    stackBox.appendChild(stackHead);
    const stack = el('ol', 'stack');
    stack.tabIndex = 0;
    stack.setAttribute('aria-labelledby', stackHead.id);
    stack.dataset.kind = run.frames ? 'frames' : 'filled';
    stackBox.appendChild(stack);
    middle.appendChild(stackBox);
    section.appendChild(middle);
    const chartBox = el('div', 'chart-box');
    const canvas = el('canvas');
    canvas.width = 600;
    canvas.height = 56;
    const deepest = run.depth.reduce((m, x) => Math.max(m, x), 0);
    canvas.setAttribute('role', 'img');
    chartBox.appendChild(canvas);
    const cursor = el('div', 'cursor');
    chartBox.appendChild(cursor);
    const marks = [];
    if (parting && parting[index] !== null) marks.push(['part', parting[index]]);
    if (d.loop) d.loop.forEach((s) => marks.push(['loop', s]));
    // Where a side that solves parts is not a mistake: not marked in red.
    const calm = d.order === null && d.end === 'solved' ? ' calm' : '';
    for (const [kind, s] of marks) {
      const mark = el('div', 'mark ' + kind + (kind === 'part' ? calm : ''));
      mark.style.left = (100 * Math.min(1, s / Math.max(1, run.count))) + '%';
      mark.dataset.step = String(s);
      chartBox.appendChild(mark);
    }
    const markWords = marks.map(([kind, s]) => (kind === 'part' ? 'parts at step ' : 'loop at step ') + s).join(', ');
    canvas.setAttribute('aria-label', 'depth over ' + run.count + ' steps, deepest ' + deepest + (markWords ? '; marked: ' + markWords : ''));
    chartBox.title = 'depth over this side\'s whole run (its own steps); click to go there';
    chartBox.addEventListener('click', (e) => {
      const box = chartBox.getBoundingClientRect();
      goSide(index, Math.round((e.clientX - box.left) / box.width * run.count));
    });
    section.appendChild(chartBox);
    section.appendChild(el('p', 'chart-label', 'depth over ' + run.count + ' steps (deepest ' + deepest + ')' +
      (marks.length ? '; dashed: where the sides part' + (d.loop ? ', solid: the two steps of the loop' : '') : '')));
    const ending = el('p', 'ending' + (d.end === 'solved' ? ' solved' : ''));
    ending.appendChild(document.createTextNode('ends: '));
    linkSteps(ending, d.ending, index);
    if (d.endLine) {
      ending.appendChild(document.createTextNode(' '));
      ending.appendChild(lineLink(index, d.endLine, '(show line ' + d.endLine + ')'));
    }
    section.appendChild(ending);
    section.addEventListener('mousedown', () => choose(index));
    document.getElementById('sides').appendChild(section);
    drawChart(canvas, run);
    return { run, section, tab, board, cells, counterEls, stack, cursor, caption, source, lines, shownLine: 0 };
  });

  // `text` into `parent`, each "step N" a link to that step of side `k`.
  function linkSteps(parent, text, k) {
    const re = /step (\d+)/g;
    let last = 0, m;
    while ((m = re.exec(text))) {
      parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      parent.appendChild(stepLink(k, Number(m[1]), m[0]));
      last = m.index + m[0].length;
    }
    parent.appendChild(document.createTextNode(text.slice(last)));
  }
  // A link that scrolls side `k`'s source to `line` and marks it.
  function lineLink(k, line, text) {
    const a = el('a', 'line-link', text);
    a.href = '#';
    a.dataset.line = String(line);
    a.addEventListener('click', (e) => {
      e.preventDefault();
      showLine(views[k], line, true);
    });
    return a;
  }
  // `text` into `parent`, each "[line N]" (N: a line, or L for the step's own) a link to it.
  function linkLines(parent, text, k, stepLine) {
    const re = /\[line (\d+|L)\]/g;
    let last = 0, m;
    while ((m = re.exec(text))) {
      parent.appendChild(document.createTextNode(text.slice(last, m.index)));
      const n = m[1] === 'L' ? stepLine : Number(m[1]);
      if (n) {
        parent.appendChild(document.createTextNode('('));
        parent.appendChild(lineLink(k, n, 'line ' + n));
        parent.appendChild(document.createTextNode(')'));
      }
      last = m.index + m[0].length;
    }
    parent.appendChild(document.createTextNode(text.slice(last).replace(/ \)/g, ')')));
  }

  function drawChart(canvas, run) {
    const g = canvas.getContext('2d');
    const w = canvas.width, h = canvas.height;
    g.fillStyle = '#fbfcfd';
    g.fillRect(0, 0, w, h);
    g.fillStyle = '#4f6db8';
    const n = Math.max(1, run.count);
    for (let x = 0; x < w; x++) {
      const from = Math.floor(x * n / w), to = Math.min(run.count, Math.max(from + 1, Math.floor((x + 1) * n / w)));
      if (from > run.count) break;
      let lo = 255, hi = 0;
      for (let i = from; i <= to && i <= run.count; i++) {
        lo = Math.min(lo, run.depth[i]);
        hi = Math.max(hi, run.depth[i]);
      }
      const top = h - 2 - Math.round(hi / maxDepth * (h - 4));
      const bottom = h - 2 - Math.round(lo / maxDepth * (h - 4));
      g.fillRect(x, top, 1, Math.max(1, bottom - top + 1));
    }
  }

  // Scrolls `v`'s source to `line` (always when `force`, else only when it is out of view).
  function showLine(v, line, force) {
    const target = line ? v.lines[line - 1] : null;
    if (!target || v.section.offsetParent === null) return;
    const top = target.getBoundingClientRect().top - v.source.getBoundingClientRect().top + v.source.scrollTop;
    if (force || top < v.source.scrollTop + 4 || top > v.source.scrollTop + v.source.clientHeight - 24) {
      v.source.scrollTop = Math.max(0, top - v.source.clientHeight / 2);
    }
    if (force) {
      target.classList.add('cited');
      setTimeout(() => target.classList.remove('cited'), 1500);
    }
  }

  function render() {
    const p = state.p;
    slider.value = String(p);
    const shown = runs.map((r, k) => pos[k][p]);
    document.getElementById('stepno').textContent = runs.map((r, k) => r.key + ' ' + shown[k] + '/' + r.count).join(' \u00b7 ');
    document.getElementById('play').textContent = state.playing ? 'pause' : 'play';
    document.body.dataset.pos = String(p);
    document.body.dataset.step = String(shown[state.chosen]);
    document.body.dataset.playing = state.playing ? '1' : '0';
    views.forEach((v, index) => renderSide(v, index, shown[index]));
    writeHash();
    announce();
  }

  // The one live region: the chosen side's step, said when it is not playing.
  let announced = '';
  function announce(extra) {
    const box = document.getElementById('announce');
    if (state.playing) return;
    const v = views[state.chosen];
    const text = extra || (v.run.key + ' ' + (v.caption.querySelector('.event') || { textContent: '' }).textContent);
    if (text !== announced) {
      announced = text;
      box.textContent = text;
    }
  }

  // The caption's sentence on a placement, from the board: which digits
  // were passed over, and what blocks each.
  function placeWhy(run, s, ev, cells) {
    const order = run.d.order;
    if (order !== 'right' && order !== 'rescan' && order !== 'wrong') return null;
    let from = 1;
    const prev = s > 1 ? run.event(s - 1) : null;
    if (prev && prev.kind === UNDO && prev.cell === ev.cell) from = prev.digit + 1;
    const by = blockers(cells, ev.cell);
    const skipped = [];
    for (let d = from; d < ev.digit; d++) skipped.push(d + ' (at ' + at(by[d - 1]) + ')');
    const start = from === 1 ? 'the smallest digit that fits' : 'the next digit after the undone ' + (from - 1) + ' that fits';
    return ev.digit + ' is ' + start + (skipped.length ? ': ' + skipped.join(', ') + (skipped.length > 1 ? ' are' : ' is') + ' already in its row, col or box.' : '.');
  }

  function renderSide(v, index, s) {
    const run = v.run;
    const st = run.stateAt(s);
    const cells = st.cells;
    const ev = s > 0 ? run.event(s) : null;
    const why = ev ? deadEndWhy(ev, cells) : null;
    const blockSet = new Map();
    const unitSet = new Set();
    if (ev && ev.kind === NOFIT) blockers(cells, ev.cell).forEach((p, i) => { if (p >= 0) blockSet.set(p, i + 1); });
    if (ev && ev.kind === NOPLACE) {
      unitCells(ev.cell).forEach((c) => {
        unitSet.add(c);
        if (cells[c] === 0) {
          const p = blockers(cells, c)[ev.digit - 1];
          if (p >= 0) blockSet.set(p, ev.digit);
        }
      });
    }
    const current = ev && ev.kind !== COMPLETE && ev.kind !== NOPLACE ? ev.cell : -1;
    for (let c = 0; c < 81; c++) {
      const e = v.cells[c];
      const digit = cells[c];
      let cls = 'cell';
      let text = digit ? String(digit) : '';
      let label = at(c) + ': ' + (digit ? String(digit) : 'empty');
      if (puzzle[c]) { cls += ' given'; label += ', given'; }
      else if (digit) cls += ' placed';
      if (ev && ev.kind === UNDO && ev.cell === c) {
        cls += ' undone';
        text = String(ev.digit);
        label += ', ' + ev.digit + ' just undone';
        e.dataset.undone = String(ev.digit);
      } else if (e.dataset.undone) {
        delete e.dataset.undone;
      }
      if (c === current) { cls += ' current'; label += ', this step\'s cell'; }
      if (blockSet.has(c)) { cls += ' blocker'; label += ', blocks the dead end'; }
      if (unitSet.has(c)) cls += ' unit';
      if (e.className !== cls) e.className = cls;
      if (e.textContent !== text) e.textContent = text;
      if (e.getAttribute('aria-label') !== label) e.setAttribute('aria-label', label);
      const digitText = String(digit);
      if (e.dataset.digit !== digitText) e.dataset.digit = digitText;
      e.dataset.given = puzzle[c] ? '1' : '0';
      if (c === current) e.dataset.current = '1';
      else if (e.dataset.current) delete e.dataset.current;
    }
    const counts = {
      steps: s,
      placements: run.placements[s],
      undos: run.undos[s],
      revisits: run.revisits[s],
      depth: run.depth[s],
    };
    for (const k in counts) {
      const text = String(counts[k]);
      if (v.counterEls[k].textContent !== text) v.counterEls[k].textContent = text;
    }
    // The stack: the frames (or the filled cells), and the calls that just returned.
    v.stack.textContent = '';
    if (run.frames) {
      st.frames.forEach((f, i) => {
        const li = el('li', i === st.frames.length - 1 ? 'innermost' : '', frameText(f));
        if (f.locals) li.appendChild(el('span', 'locals', f.locals));
        if (f.locals !== undefined) li.dataset.locals = f.locals;
        li.dataset.name = f.name;
        li.dataset.cell = String(f.cell);
        li.dataset.digit = String(f.digit);
        li.dataset.state = f.state;
        v.stack.appendChild(li);
      });
      // The calls that returned since the step before, apart from the
      // stack: not callees of its innermost frame.
      if (st.returned.length) v.stack.appendChild(el('li', 'returned-head', 'returned since the step before:'));
      st.returned.forEach((f) => {
        const li = el('li', 'returned', frameText(f) + ' ');
        if (f.locals) li.appendChild(el('span', 'locals', f.locals));
        const value = f.value === '?' ? 'returned (a value the trace does not show)'
          : f.value === 'nothing' ? 'returned nothing (no value)' : 'returned ' + f.value;
        li.appendChild(el('span', 'value', '\u21b3 ' + value));
        li.dataset.name = f.name;
        li.dataset.cell = String(f.cell);
        li.dataset.returned = f.value;
        v.stack.appendChild(li);
      });
      if (!st.frames.length && !st.returned.length) {
        // An empty stack says why.
        const why = s > 0 ? 'no call of the file is running at this write'
          : run.count > 0 ? 'no call yet: the calls are shown from the first write on'
          : run.shape.unseen ? 'no call: the trace saw none of the writes of this side (it stores into the board in a way the trace does not follow)'
          : 'no call: this side made no write to the board (how it ended is below)';
        v.stack.appendChild(el('li', 'empty', why));
      }
    } else {
      st.filled.forEach((p, i) => {
        const li = el('li', '', at(p[0]) + ' = ' + p[1]);
        li.dataset.cell = String(p[0]);
        li.dataset.digit = String(p[1]);
        v.stack.appendChild(li);
        if (i === st.filled.length - 1) li.className = 'innermost';
      });
    }
    v.stack.scrollTop = v.stack.scrollHeight;
    v.cursor.style.left = (100 * s / Math.max(1, run.count)) + '%';
    // The caption: the step, why, what the code does there.
    v.caption.textContent = '';
    if (!ev) {
      v.caption.appendChild(el('span', 'event', 'step 0: the puzzle, ' + givens + ' givens'));
      v.caption.appendChild(el('span', 'why', 'Space plays, \u2192 steps; the buttons jump to the next dead end, undo or revisit.'));
    } else {
      v.caption.appendChild(el('span', 'event', 'step ' + s + '  ' + eventText(ev)));
      if (ev.kind !== COMPLETE && ev.kind !== NOPLACE) {
        // A user's file: the store on the step's line as its code spells
        // it (`sudu[x][y]`); a mirror's board is `board`, indexed from 0.
        const store = run.d.order === null ? (run.d.stores || {})[ev.line] : null;
        if (store) v.caption.appendChild(el('span', 'code', 'in the code: ' + store + ' (' + at(ev.cell) + ')'));
        else if (run.d.order !== null) v.caption.appendChild(el('span', 'code', 'in the code: ' + inCode(ev.cell) + ' (row i+1, col j+1)'));
      }
      if (why) v.caption.appendChild(el('span', 'why', 'why: ' + why));
      if (ev.kind === PLACE) {
        const pw = placeWhy(run, s, ev, cells);
        if (pw) v.caption.appendChild(el('span', 'why', pw));
      }
      // A rewrite writes into a cell that is not empty.
      // The second half of one write of a digit over another: the undo
      // before it at this cell, from this line.
      const prev = s > 1 ? run.event(s - 1) : null;
      const over = ev.kind === PLACE && prev && prev.kind === UNDO && prev.cell === ev.cell && prev.line === ev.line && run.d.order === null;
      const who = run.d.shipped ? 'The write-up' : 'Your program';
      const text = ev.note === 'rewrite'
        ? who + ' wrote the digit already in this cell [line L].'
        : over
          ? who + ' wrote ' + ev.digit + ' over the ' + prev.digit + ' in this cell [line L]: one write, shown as the undo before and this placement.'
          : run.d.captions[KIND_NAMES[ev.kind]];
      if (text) {
        const span = el('span', 'explain');
        linkLines(span, text, index, ev.line);
        v.caption.appendChild(span);
      }
      const next = s < run.count ? run.event(s + 1) : null;
      if (ev.kind === UNDO && next && next.kind === PLACE && next.cell === ev.cell && next.line === ev.line && run.d.order === null) {
        v.caption.appendChild(el('span', 'why', 'One write: ' + next.digit + ' over the ' + ev.digit + ' at ' + at(ev.cell) +
          ', an undo and a place (the next step).'));
      }
      const shape = run.shape || {};
      if (ev.note === 'rewrite') {
        v.caption.appendChild(el('span', 'why', 'A same-digit rewrite: the call writes the ' + ev.digit + ' already in this cell' + (shape.neverReset ? ' (left there by a call that returned)' : '') + '; the board does not change.'));
      } else if (ev.note === 'stale') {
        v.caption.appendChild(el('span', 'why', 'A stale digit: the ' + ev.digit + ' here was left by a call that has returned (this file never resets its board); the call now at this cell writes over it.'));
      }
      if (shape.copyBack && s >= shape.copyBack[0] && s <= shape.copyBack[1]) {
        v.caption.appendChild(el('span', 'why', 'A copy-back (steps ' + shape.copyBack[0] + ' to ' + shape.copyBack[1] + '): a saved answer written back into the board after the search, not a step of the search.'));
      }
      if (shape.pastSolution && shape.pastSolution[1] === s) {
        v.caption.appendChild(el('span', 'why', 'Past the solution: the board was complete at step ' + shape.pastSolution[0] + '; this takes a digit of it back, and the search goes on.'));
      }
      if (ev.revisit) v.caption.appendChild(el('span', 'why', 'A revisit: the search has been here before, on this same board.'));
      if (s === run.count) {
        const badge = el('span', 'badge' + (run.d.end === 'solved' ? ' good' : ''));
        badge.appendChild(document.createTextNode('the end: '));
        linkSteps(badge, run.d.ending, index);
        v.caption.appendChild(badge);
      }
      if (parting && parting[index] === s) {
        v.caption.appendChild(el('span', 'badge' + (run.d.order === null && run.d.end === 'solved' ? ' calm' : ''), 'where the two sides part'));
      }
      if (run.d.loop && run.d.loop[0] === s) v.caption.appendChild(el('span', 'badge', 'step ' + run.d.loop[1] + ' comes back to this state'));
    }
    const line = ev ? ev.line : 0;
    if (v.shownLine !== line) {
      if (v.shownLine && v.lines[v.shownLine - 1]) v.lines[v.shownLine - 1].classList.remove('current');
      v.shownLine = line;
      const target = line ? v.lines[line - 1] : null;
      if (target) target.classList.add('current');
    }
    v.section.dataset.step = String(s);
    v.section.dataset.line = String(line);
    v.section.dataset.kind = ev ? KIND_NAMES[ev.kind] : 'start';
    // Chosen first: on a phone only the chosen side is laid out, and a
    // hidden side's code box cannot be scrolled to its line.
    v.section.classList.toggle('chosen', index === state.chosen);
    v.tab.setAttribute('aria-selected', index === state.chosen ? 'true' : 'false');
    showLine(v, line, false);
  }

  // On a phone, brings the chosen side's board to the top of the screen,
  // with its caption and code box below it.
  const phone = window.matchMedia('(max-width: 700px)');
  function showChosenOnPhone() {
    if (phone.matches) views[state.chosen].board.scrollIntoView({ block: 'start' });
  }

  function frameText(f) {
    const where = f.cell >= 0 ? at(f.cell) : '(no write of its own)';
    switch (f.state) {
      case 'trying': return f.name + ': ' + where + ', trying ' + f.digit;
      case 'undone': return f.name + ': ' + where + ', ' + f.digit + ' undone';
      case 'nofit': return f.name + ': ' + where + ', no digit fits';
      case 'retry': return f.name + ': ' + where + ', back again';
      case 'complete': return f.name + ': no empty cell left';
      case 'noplace': return f.name + ': a digit with no cell';
      default: return f.name + (f.cell >= 0 ? ': ' + where : f.locals !== undefined ? '' : ': (no write of its own)');
    }
  }

  function writeHash(force) {
    const now = performance.now();
    if (state.playing && !force && now - state.lastHashWrite < 300) return;
    state.lastHashWrite = now;
    const s = pos[state.chosen][state.p];
    const hash = '#step=' + s + '&side=' + encodeURIComponent(runs[state.chosen].key);
    if (location.hash !== hash) {
      try {
        history.replaceState(null, '', hash);
      } catch (e) {
        // A browser that refuses to change the address of a file: page keeps working.
      }
    }
  }

  function readHash() {
    const params = new URLSearchParams(location.hash.replace(/^#/, ''));
    const side = params.get('side');
    if (side !== null) {
      const k = runs.findIndex((r) => r.key === side);
      if (k >= 0) state.chosen = k;
    }
    const step = parseInt(params.get('step') || '0', 10);
    state.p = positionOf(state.chosen, Number.isFinite(step) ? Math.max(0, step) : 0);
  }

  function go(p, side) {
    if (side !== undefined) state.chosen = side;
    state.p = Math.max(0, Math.min(total, p));
    if (state.p === total) state.playing = false;
    render();
  }
  // Side `k`'s own step `s`.
  function goSide(k, s) {
    state.chosen = k;
    go(positionOf(k, s));
  }
  function choose(index) {
    if (state.chosen !== index) {
      state.chosen = index;
      render();
      showChosenOnPhone();
    }
  }
  function jump(what) {
    const run = runs[state.chosen];
    const tests = {
      'dead end': (e) => e.deadEnd,
      'undo': (e) => e.kind === UNDO,
      'revisit': (e) => e.revisit,
    };
    const s = pos[state.chosen][state.p];
    const found = run.find(s, tests[what]);
    if (found < 0) {
      const box = document.getElementById('announce');
      announced = 'no ' + what + ' after step ' + s + ' on ' + run.key;
      box.textContent = announced;
      document.body.dataset.notice = announced;
      return;
    }
    state.playing = false;
    goSide(state.chosen, found);
  }

  // Playing: steps per second, several steps a frame when fast.
  let lastTime = 0, owed = 0;
  function tick(time) {
    if (!state.playing) return;
    owed += (time - lastTime) / 1000 * SPEEDS[state.speed];
    lastTime = time;
    const whole = Math.floor(owed);
    if (whole > 0) {
      owed -= whole;
      go(state.p + whole);
    }
    if (state.playing) requestAnimationFrame(tick);
    else { writeHash(true); announce(); }
  }
  function play(on) {
    state.playing = on && state.p < total;
    if (state.playing) {
      lastTime = performance.now();
      owed = 1;
      requestAnimationFrame(tick);
    }
    render();
    writeHash(true);
  }
  function setSpeed(i) {
    state.speed = Math.max(0, Math.min(SPEEDS.length - 1, i));
    speedSelect.value = String(state.speed);
  }

  const actions = {
    'start': () => go(0),
    'back': () => go(state.p - 1),
    'forward': () => go(state.p + 1),
    'end': () => go(total),
    'play': () => play(!state.playing),
    'next-dead-end': () => jump('dead end'),
    'next-undo': () => jump('undo'),
    'next-revisit': () => jump('revisit'),
    'first-difference': () => {
      if (!parting) return;
      const k = parting[state.chosen] !== null ? state.chosen : 1 - state.chosen;
      goSide(k, parting[k]);
    },
  };
  document.querySelectorAll('button[data-action]').forEach((b) => {
    b.addEventListener('click', () => actions[b.dataset.action]());
  });
  slider.addEventListener('input', () => { state.playing = false; go(parseInt(slider.value, 10)); });
  speedSelect.addEventListener('change', () => setSpeed(parseInt(speedSelect.value, 10)));
  window.addEventListener('hashchange', () => { readHash(); render(); });
  // Space is play/pause wherever the focus is: a button clicked before keeps
  // the focus, and would otherwise be pressed again (Enter still presses it).
  document.addEventListener('keyup', (e) => {
    if (e.key === ' ' && !(e.target instanceof HTMLInputElement && e.target.type === 'text')) e.preventDefault();
  });
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const onInput = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    const by = e.shiftKey ? 10 : 1;
    switch (e.key) {
      case 'ArrowRight': if (onInput) return; go(state.p + by); break;
      case 'ArrowLeft': if (onInput) return; go(state.p - by); break;
      case 'PageDown': go(state.p + 1000); break;
      case 'PageUp': go(state.p - 1000); break;
      case 'Home': go(0); break;
      case 'End': go(total); break;
      case ' ': case 'k': play(!state.playing); break;
      case 'd': jump('dead end'); break;
      case 'u': jump('undo'); break;
      case 'r': jump('revisit'); break;
      case 'f': actions['first-difference'](); break;
      case 's': choose((state.chosen + 1) % runs.length); break;
      case '+': case '=': setSpeed(state.speed + 1); break;
      case '-': setSpeed(state.speed - 1); break;
      default: return;
    }
    e.preventDefault();
  });

  readHash();
  render();
  // A link to a step opens at that step's board, caption and line.
  if (/step=/.test(location.hash)) showChosenOnPhone();
  // The first frame: when the browser has painted what render() built.
  requestAnimationFrame(() => {
    document.body.dataset.firstFrameMs = String(Math.round(performance.now()));
    document.body.dataset.ready = '1';
  });
})();
