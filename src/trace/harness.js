'use strict';
// The harness of `sudoku trace --approach FILE.js`: runs a LeetCode 37
// solution on one puzzle and prints every write to its board, a line each,
// unbuffered, so what was written survives the sandbox killing it:
//   start                  solveSudoku is about to be called
//   c NAME                 before a write: a call of the file's function NAME, not
//                          yet reported, is on the stack (outermost first)
//   o N                    before a write: N reported calls have returned
//                          (JavaScript does not show their values)
//   v K LOCALS             the reported call K (0 the outermost) now holds LOCALS
//                          (`i = 0, num = 5`), read through V8's inspector in this
//                          process: a pause at each write, for the first 1,000
//   w ROW COL VALUE LINE   board[ROW][COL] = VALUE ('.' or 1-9), at LINE of the file
//   bad ROW COL LINE TYPE JSON  a value that is neither '.' nor '1'-'9' (TYPE
//                          its kind: string, number, null, array, ...); stopped there
//   cut                    the step limit: stopped there
//   raise LINE MESSAGE     solveSudoku threw (the stack goes to stderr)
//   done BOARD             solveSudoku returned; BOARD is its 81 cells
// The board and its rows are Proxies whose `set` records each write
// (board[i][j] = v, board[i] = row, fill, splice); the line is read from a
// stack trace, the first frame in the user's file. The stack reported is
// V8's own at each write: the frames in the user's file, each known by its
// function and the place it was called from, so a call that returned and a
// new one from the same place between two writes look like one.
const fs = require('fs');
const vm = require('vm');

// Run as `node -e HARNESS PATH PUZZLE MAX`: the arguments follow node's own.
const [PATH, PUZZLE, MAX_TEXT] = process.argv.slice(1);
const MAX = Number(MAX_TEXT);
let writes = 0;
Error.stackTraceLimit = 50;

function emit(text) {
  fs.writeSync(1, text);
}

function lineIn(stack) {
  for (const l of String(stack).split('\n')) {
    const i = l.lastIndexOf(PATH + ':');
    if (i >= 0) return parseInt(l.slice(i + PATH.length + 1), 10) || 0;
  }
  return 0;
}

// The frames in the user's file, innermost first, from V8's structured
// stack (no text to format and parse).
function userFrames() {
  const saved = [Error.prepareStackTrace, Error.stackTraceLimit];
  Error.prepareStackTrace = (_, frames) => frames;
  Error.stackTraceLimit = Infinity;
  const holder = {};
  Error.captureStackTrace(holder, userFrames);
  const frames = holder.stack;
  [Error.prepareStackTrace, Error.stackTraceLimit] = saved;
  return frames.filter((f) => f.getFileName() === PATH);
}

function userLine() {
  const frames = userFrames();
  return frames.length ? frames[0].getLineNumber() || 0 : 0;
}

let shown = []; // keys of the calls reported and not seen to return, outermost first
let sent = []; // the locals last reported for each of them

// Locals: the inspector, in this process, pauses at `debugger` in probe()
// and hands over every frame's scopes; a frame's own `local` and `block`
// scopes are its locals. A pause costs about half a millisecond, so the
// locals are read for the first LOCALS_MAX writes only.
const LOCALS_MAX = 1000;
let session = null;
const ownScripts = new Set();
try {
  session = new (require('inspector').Session)();
  session.connect();
  session.on('Debugger.scriptParsed', (m) => {
    if (m.params.url === PATH || m.params.url === require('url').pathToFileURL(PATH).href) ownScripts.add(m.params.scriptId);
  });
  session.post('Debugger.enable');
} catch (e) {
  session = null;
}
let wanted = [];
let got = null;
const SHOW = `function () {
  const show = (v, depth) => {
    if (typeof v === 'string') return JSON.stringify(v);
    if (typeof v === 'function') return null;
    if (v === null || typeof v !== 'object') return String(v);
    let items = null;
    if (Array.isArray(v) || ArrayBuffer.isView(v)) items = Array.from(v);
    else if (v instanceof Set) items = Array.from(v);
    else if (v instanceof Map) items = Array.from(v, ([a, b]) => [a, b]);
    if (items) {
      if (items.length >= 9 && items[0] && typeof items[0] === 'object' && items[0].length >= 9) return null;
      if (depth > 2) return '[...]';
      return '[' + items.map((x) => show(x, depth + 1)).join(', ') + ']';
    }
    if (depth > 2) return '{...}';
    return '{' + Object.keys(v).slice(0, 8).map((k) => k + ': ' + show(v[k], depth + 1)).join(', ') + '}';
  };
  return show(this, 0);
}`;
if (session) {
  session.on('Debugger.paused', (m) => {
    const own = m.params.callFrames.filter((f) => ownScripts.has(f.location.scriptId)).reverse();
    got = own.map((f, k) => {
      if (!wanted.includes(k)) return null;
      const parts = [];
      // The function's own scope first, then its blocks, outermost first.
      const scopes = f.scopeChain.filter((sc) => sc.type === 'local' || sc.type === 'block').reverse();
      for (const scope of scopes) {
        session.post('Runtime.getProperties', { objectId: scope.object.objectId, ownProperties: true }, (err, r) => {
          for (const p of (r && r.result) || []) {
            const v = p.value;
            if (!v || v.type === 'function' || p.name === 'this') continue;
            let text = null;
            if (v.type === 'object' && v.objectId && v.subtype !== 'null') {
              session.post('Runtime.callFunctionOn', { objectId: v.objectId, functionDeclaration: SHOW, returnByValue: true }, (e2, r2) => {
                text = r2 && r2.result ? r2.result.value : '?';
              });
            } else if (v.type === 'string') text = JSON.stringify(v.value);
            else text = v.value !== undefined ? String(v.value) : v.description || String(v.type);
            if (text !== null) parts.push(p.name + ' = ' + shorten(String(text)));
          }
        });
      }
      return parts.join(', ');
    });
    session.post('Debugger.resume');
  });
}

// At most 160 characters: a list keeps its end (a stack's top), other text its start.
function shorten(text) {
  text = text.replace(/\s+/g, ' ');
  if (text.length <= 160) return text;
  if (text[0] === '[') {
    const cut = text.indexOf(', ', text.length - 150);
    if (cut > 0) return '[..., ' + text.slice(cut + 2);
  }
  return text.slice(0, 157) + '...';
}

function probe() {
  debugger; // eslint-disable-line no-debugger
}

// Reports the calls on the stack since the last write; returns the line of
// the innermost frame in the user's file.
function reportFrames() {
  const frames = userFrames().reverse();
  const keys = frames.map((f, k) => {
    const name = f.getFunctionName() || '(anonymous)';
    const from = k > 0 ? frames[k - 1].getLineNumber() + ':' + frames[k - 1].getColumnNumber() : 'top';
    return name + ' ' + from;
  });
  let k = 0;
  while (k < shown.length && k < keys.length && shown[k] === keys[k]) k++;
  let out = '';
  if (k < shown.length) out += 'o ' + (shown.length - k) + '\n';
  for (let i = k; i < keys.length; i++) out += 'c ' + keys[i].split(' ')[0] + '\n';
  shown = keys;
  sent.length = Math.min(sent.length, k);
  while (sent.length < keys.length) sent.push(null);
  // A frame's locals change only while it runs: the innermost's are read,
  // and those of the frames reported just now.
  if (session && writes <= LOCALS_MAX && keys.length) {
    wanted = [keys.length - 1];
    for (let i = k; i < keys.length; i++) wanted.push(i);
    got = null;
    probe();
    if (got && got.length === keys.length) {
      for (const i of wanted) {
        if (got[i] !== null && got[i] !== sent[i]) {
          out += 'v ' + i + ' ' + got[i] + '\n';
          sent[i] = got[i];
        }
      }
    }
  } else if (session && writes === LOCALS_MAX + 1) {
    for (let i = 0; i < keys.length; i++) out += 'v ' + i + ' (locals are read for the first ' + LOCALS_MAX + ' writes)\n';
    sent = keys.map(() => '');
  }
  if (out) emit(out);
  return frames.length ? frames[frames.length - 1].getLineNumber() || 0 : 0;
}

function valid(v) {
  return typeof v === 'string' && (v === '.' || (v.length === 1 && v >= '1' && v <= '9'));
}

function record(r, c, old, v) {
  if (old === v) return;
  if (!valid(v)) {
    const kind = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    emit('bad ' + r + ' ' + c + ' ' + userLine() + ' ' + kind + ' ' + String(JSON.stringify(v)).slice(0, 80) + '\n');
    process.exit(0);
  }
  writes++;
  const line = reportFrames();
  emit('w ' + r + ' ' + c + ' ' + v + ' ' + line + '\n');
  if (writes >= MAX) {
    emit('cut\n');
    process.exit(0);
  }
}

function isIndex(k) {
  return typeof k === 'string' && /^[0-9]$/.test(k);
}

function watchRow(r, values) {
  return new Proxy(Array.from(values), {
    set(t, k, v) {
      if (isIndex(k)) record(r, Number(k), t[k], v);
      t[k] = v;
      return true;
    },
  });
}

const rows = [];
for (let r = 0; r < 9; r++) rows.push(watchRow(r, PUZZLE.slice(r * 9, r * 9 + 9)));
const board = new Proxy(rows, {
  set(t, k, v) {
    if (isIndex(k)) {
      const r = Number(k);
      const before = Array.from(t[r]);
      const after = Array.from(v);
      for (let c = 0; c < 9; c++) record(r, c, before[c], after[c]);
      t[r] = watchRow(r, after);
      return true;
    }
    t[k] = v;
    return true;
  },
});

// A SyntaxError or a missing function ends here, before start, with the
// file's own lines of the error and none of the harness's.
try {
  vm.runInThisContext(fs.readFileSync(PATH, 'utf8'), { filename: PATH });
} catch (e) {
  const lines = String((e && e.stack) || e).split('\n');
  const own = lines.filter((l) => !/^\s+at /.test(l) || l.includes(PATH));
  process.stderr.write(own.join('\n') + '\n');
  process.exit(3);
}
const solve = vm.runInThisContext('typeof solveSudoku === "function" ? solveSudoku : undefined');
if (!solve) {
  process.stderr.write(PATH + ': no function solveSudoku\n');
  process.exit(3);
}
emit('start\n');
try {
  solve(board);
} catch (e) {
  emit('raise ' + lineIn(e && e.stack) + ' ' + String(e).replace(/\n/g, ' ').slice(0, 300) + '\n');
  process.stderr.write(String((e && e.stack) || e) + '\n');
  process.exit(0);
}
emit('done ' + rows.map((row) => Array.from(row, (v) => (valid(v) ? v : '?')).join('')).join('') + '\n');
