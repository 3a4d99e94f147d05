'use strict';
// The trace page: two recorded searches played side by side. The data is
// the JSON in #trace-data (html.rs says how steps are packed). Step 0 is
// the puzzle; step n is the board after the n-th step, as `sudoku trace`
// numbers them. Everything the page shows is also in data- attributes
// (each cell's row, col and digit; each side's step, line and counters),
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
  function eventText(ev) {
    switch (ev.kind) {
      case PLACE: return 'place ' + ev.digit + ' at ' + at(ev.cell) + '  depth ' + ev.depth;
      case UNDO: return 'undo  ' + ev.digit + ' at ' + at(ev.cell) + '  depth ' + ev.depth +
        (ev.erases ? '  <- erases the finished board' : '');
      case COMPLETE: return 'the board is complete  depth ' + ev.depth;
      case NOFIT: return 'no digit fits at ' + at(ev.cell) + '  depth ' + ev.depth;
      case RETRY: return 'back at ' + at(ev.cell) + ' again (visit ' + ev.digit +
        '): the while loop finds the same empty cell  depth ' + ev.depth;
      case NOPLACE: return 'no cell left for ' + ev.digit + ' in ' + unitName(ev.cell) + '  depth ' + ev.depth;
      default: return '?';
    }
  }

  function decode(text) {
    const bin = atob(text);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    return bytes;
  }

  // One search: its steps, and what is needed to show any step at once.
  class Run {
    constructor(d) {
      this.d = d;
      this.key = d.key;
      this.count = d.count;
      this.bytes = decode(d.steps);
      const n = this.count;
      this.placements = new Int32Array(n + 1);
      this.undos = new Int32Array(n + 1);
      this.revisits = new Int32Array(n + 1);
      this.depth = new Uint8Array(n + 1);
      this.keyframes = [];
      const cells = puzzle.slice();
      const stack = [];
      let depth = 0;
      for (let i = 0; i <= n; i++) {
        if (i % KEYFRAME === 0) this.keyframes.push({ cells: cells.slice(), stack: stack.slice() });
        if (i === n) break;
        const ev = this.event(i + 1);
        apply(cells, stack, ev);
        depth = ev.kind === UNDO ? ev.depth - 1 : ev.depth;
        this.placements[i + 1] = this.placements[i] + (ev.kind === PLACE ? 1 : 0);
        this.undos[i + 1] = this.undos[i] + (ev.kind === UNDO ? 1 : 0);
        this.revisits[i + 1] = this.revisits[i] + (ev.revisit ? 1 : 0);
        this.depth[i + 1] = depth;
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
      };
    }
    // The board and the stack after step `n`.
    stateAt(n) {
      const frame = this.keyframes[Math.floor(n / KEYFRAME)];
      const cells = frame.cells.slice();
      const stack = frame.stack.slice();
      for (let i = Math.floor(n / KEYFRAME) * KEYFRAME + 1; i <= n; i++) apply(cells, stack, this.event(i));
      return { cells, stack };
    }
    // The first step after `from` for which `test(event)` holds, or -1.
    find(from, test) {
      for (let i = from + 1; i <= this.count; i++) if (test(this.event(i))) return i;
      return -1;
    }
  }

  function apply(cells, stack, ev) {
    if (ev.kind === PLACE || ev.kind === UNDO) {
      const k = stack.findIndex((s) => s[0] === ev.cell);
      if (k >= 0) stack.splice(k, 1);
      if (ev.kind === PLACE) {
        cells[ev.cell] = ev.digit;
        stack.push([ev.cell, ev.digit]);
      } else {
        cells[ev.cell] = 0;
      }
    }
  }

  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  const runs = data.sides.map((d) => new Run(d));
  const total = runs.reduce((m, r) => Math.max(m, r.count), 0);
  const maxDepth = Math.max(1, ...runs.map((r) => r.depth.reduce((m, x) => Math.max(m, x), 0)));
  const state = { step: 0, chosen: 0, playing: false, speed: 2, lastHashWrite: 0 };

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
  if (data.diverge) {
    const d = data.diverge;
    const parts = runs.map((r) => r.key + ': ' + (d <= r.count ? eventText(r.event(d)) : 'no step ' + d + ' (it ended at step ' + r.count + ')'));
    document.getElementById('diverge').textContent = 'The two searches part at step ' + d + ' \u2014 ' + parts.join(' | ');
    document.body.dataset.diverge = String(d);
  } else {
    document.getElementById('first-difference').hidden = true;
    if (runs.length > 1) document.getElementById('diverge').textContent = 'The two searches take the same steps.';
  }

  const views = runs.map((run, index) => {
    const d = run.d;
    const section = el('section', 'side');
    section.dataset.side = run.key;
    const h2 = el('h2');
    h2.appendChild(el('span', 'key', run.key));
    section.appendChild(h2);
    section.appendChild(el('p', 'title', d.title));
    const top = el('div', 'top');
    const board = el('div', 'board');
    board.setAttribute('role', 'grid');
    const cells = [];
    for (let c = 0; c < 81; c++) {
      const cell = el('div', 'cell');
      cell.dataset.row = String(Math.floor(c / 9) + 1);
      cell.dataset.col = String((c % 9) + 1);
      cell.setAttribute('role', 'gridcell');
      board.appendChild(cell);
      cells.push(cell);
    }
    top.appendChild(board);
    const info = el('div', 'info');
    const counters = el('dl', 'counters');
    const counterEls = {};
    for (const [name, label] of [['steps', 'steps'], ['placements', 'placements'], ['undos', 'undos'], ['revisits', 'revisits'], ['depth', 'depth']]) {
      counters.appendChild(el('dt', '', label));
      const dd = el('dd', '', '0');
      dd.dataset.counter = name;
      counters.appendChild(dd);
      counterEls[name] = dd;
    }
    info.appendChild(counters);
    info.appendChild(el('p', 'stack-head', 'recursion stack (depth: cell = digit)'));
    const stack = el('ol', 'stack');
    info.appendChild(stack);
    top.appendChild(info);
    section.appendChild(top);
    const chartBox = el('div', 'chart-box');
    const canvas = el('canvas');
    canvas.width = 600;
    canvas.height = 70;
    chartBox.appendChild(canvas);
    const cursor = el('div', 'cursor');
    chartBox.appendChild(cursor);
    if (data.diverge) {
      const mark = el('div', 'diverge-mark');
      mark.style.left = (100 * Math.min(1, data.diverge / Math.max(1, run.count))) + '%';
      chartBox.appendChild(mark);
    }
    chartBox.title = 'depth over this side\'s whole run (its own time axis); click to go there';
    chartBox.addEventListener('click', (e) => {
      const box = chartBox.getBoundingClientRect();
      go(Math.round((e.clientX - box.left) / box.width * run.count), index);
    });
    section.appendChild(chartBox);
    const deepest = run.depth.reduce((m, x) => Math.max(m, x), 0);
    section.appendChild(el('p', 'chart-label', 'depth over ' + run.count + ' steps (deepest ' + deepest + ')'));
    const caption = el('p', 'caption');
    caption.setAttribute('aria-live', 'polite');
    section.appendChild(caption);
    section.appendChild(el('p', 'ending', 'ends: ' + d.ending));
    section.appendChild(el('p', 'source-path', d.path));
    const source = el('div', 'source');
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
    section.appendChild(source);
    section.addEventListener('mousedown', () => choose(index));
    document.getElementById('sides').appendChild(section);
    drawChart(canvas, run);
    return { run, section, cells, counterEls, stack, cursor, caption, source, lines, shownLine: 0 };
  });

  function drawChart(canvas, run) {
    const g = canvas.getContext('2d');
    const w = canvas.width, h = canvas.height;
    g.fillStyle = '#fbfcfd';
    g.fillRect(0, 0, w, h);
    g.fillStyle = '#7b93c9';
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

  function render() {
    const n = state.step;
    slider.value = String(n);
    document.getElementById('stepno').textContent = 'step ' + n + ' of ' + total;
    document.getElementById('play').textContent = state.playing ? 'pause' : 'play';
    document.body.dataset.step = String(n);
    views.forEach((v, index) => renderSide(v, index, n));
    writeHash();
  }

  function renderSide(v, index, n) {
    const run = v.run;
    const s = Math.min(n, run.count);
    const { cells, stack } = run.stateAt(s);
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
      if (puzzle[c]) cls += ' given';
      else if (digit) cls += ' placed';
      if (ev && ev.kind === UNDO && ev.cell === c) {
        cls += ' undone';
        text = String(ev.digit);
        e.dataset.undone = String(ev.digit);
      } else if (e.dataset.undone) {
        delete e.dataset.undone;
      }
      if (c === current) cls += ' current';
      if (blockSet.has(c)) cls += ' blocker';
      if (unitSet.has(c)) cls += ' unit';
      if (e.className !== cls) e.className = cls;
      if (e.textContent !== text) e.textContent = text;
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
    v.stack.textContent = '';
    stack.forEach((p, i) => v.stack.appendChild(el('li', '', (i + 1) + ': ' + at(p[0]) + ' = ' + p[1])));
    v.stack.scrollTop = v.stack.scrollHeight;
    v.cursor.style.left = (100 * s / Math.max(1, run.count)) + '%';
    // The caption: the step as the terminal says it, why, and what the code does.
    v.caption.textContent = '';
    if (!ev) {
      v.caption.appendChild(el('span', 'event', 'step 0: the puzzle, ' + givens + ' givens'));
      v.caption.appendChild(el('span', 'why', 'Space plays, \u2192 steps; the buttons jump to the next dead end, undo or revisit.'));
    } else {
      v.caption.appendChild(el('span', 'event', 'step ' + s + '  ' + eventText(ev)));
      if (why) v.caption.appendChild(el('span', 'why', 'why: ' + why));
      const text = run.d.captions[KIND_NAMES[ev.kind]];
      if (text) v.caption.appendChild(el('span', 'explain', text));
      if (ev.revisit) v.caption.appendChild(el('span', 'why', 'A revisit: the search has been here before, on this same board.'));
      if (s === run.count) v.caption.appendChild(el('span', 'badge', 'the end: ' + run.d.ending));
      if (data.diverge === s) v.caption.appendChild(el('span', 'badge', 'the first step where the two sides differ'));
    }
    const line = ev ? ev.line : 0;
    if (v.shownLine !== line) {
      if (v.shownLine && v.lines[v.shownLine - 1]) v.lines[v.shownLine - 1].classList.remove('current');
      v.shownLine = line;
      const target = line ? v.lines[line - 1] : null;
      if (target) {
        target.classList.add('current');
        const top = target.offsetTop - v.source.offsetTop;
        if (top < v.source.scrollTop + 20 || top > v.source.scrollTop + v.source.clientHeight - 40) {
          v.source.scrollTop = Math.max(0, top - v.source.clientHeight / 2);
        }
      }
    }
    v.section.dataset.step = String(s);
    v.section.dataset.line = String(line);
    v.section.dataset.kind = ev ? KIND_NAMES[ev.kind] : 'start';
    v.section.classList.toggle('chosen', index === state.chosen);
  }

  function writeHash(force) {
    const now = performance.now();
    if (state.playing && !force && now - state.lastHashWrite < 300) return;
    state.lastHashWrite = now;
    const hash = '#step=' + state.step + '&side=' + encodeURIComponent(runs[state.chosen].key);
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
    state.step = Number.isFinite(step) ? Math.max(0, Math.min(total, step)) : 0;
  }

  function go(step, side) {
    if (side !== undefined) state.chosen = side;
    state.step = Math.max(0, Math.min(total, step));
    if (state.step === total) state.playing = false;
    render();
  }
  function choose(index) {
    if (state.chosen !== index) {
      state.chosen = index;
      render();
    }
  }
  function notice(text) {
    document.getElementById('notice').textContent = text;
  }
  function jump(what) {
    const run = runs[state.chosen];
    const tests = {
      'dead end': (e) => e.deadEnd,
      'undo': (e) => e.kind === UNDO,
      'revisit': (e) => e.revisit,
    };
    const found = run.find(state.step, tests[what]);
    if (found < 0) {
      notice('no ' + what + ' after step ' + state.step + ' on ' + run.key);
      return;
    }
    notice('');
    state.playing = false;
    go(found);
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
      go(state.step + whole);
    }
    if (state.playing) requestAnimationFrame(tick);
    else writeHash(true);
  }
  function play(on) {
    state.playing = on && state.step < total;
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
    'back': () => go(state.step - 1),
    'forward': () => go(state.step + 1),
    'end': () => go(total),
    'play': () => play(!state.playing),
    'next-dead-end': () => jump('dead end'),
    'next-undo': () => jump('undo'),
    'next-revisit': () => jump('revisit'),
    'first-difference': () => { if (data.diverge) go(data.diverge); },
  };
  document.querySelectorAll('button[data-action]').forEach((b) => {
    b.addEventListener('click', () => actions[b.dataset.action]());
  });
  slider.addEventListener('input', () => { state.playing = false; go(parseInt(slider.value, 10)); });
  speedSelect.addEventListener('change', () => setSpeed(parseInt(speedSelect.value, 10)));
  window.addEventListener('hashchange', () => { readHash(); render(); });
  document.addEventListener('keydown', (e) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const onInput = e.target instanceof HTMLInputElement || e.target instanceof HTMLSelectElement;
    const by = e.shiftKey ? 10 : 1;
    switch (e.key) {
      case 'ArrowRight': if (onInput) return; go(state.step + by); break;
      case 'ArrowLeft': if (onInput) return; go(state.step - by); break;
      case 'PageDown': go(state.step + 1000); break;
      case 'PageUp': go(state.step - 1000); break;
      case 'Home': go(0); break;
      case 'End': go(total); break;
      case ' ': case 'k': if (e.target instanceof HTMLButtonElement) return; play(!state.playing); break;
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
  // The first frame: when the browser has painted what render() built.
  requestAnimationFrame(() => {
    document.body.dataset.firstFrameMs = String(Math.round(performance.now()));
    document.body.dataset.ready = '1';
  });
})();
