'use strict';
// The harness of `sudoku trace --approach FILE.js`: runs a LeetCode 37
// solution on one puzzle and prints every write to its board, a line each,
// unbuffered, so what was written survives the sandbox killing it:
//   early N LINE           the file's own code called solveSudoku N times
//                          before the harness (the first at LINE), unrecorded
//   start                  solveSudoku is about to be called
//   c NAME                 before a write: a call of the file's function NAME, not
//                          yet reported, is on the stack (outermost first)
//   r VALUE                the innermost reported call returned VALUE
//   o N                    before a write: N reported calls have returned
//                          (where the file runs uninstrumented: no values)
//   v K LOCALS             the reported call K (0 the outermost) now holds LOCALS
//                          (`i = 0, num = 5`; a container an outer call holds is
//                          named `(FUNCTION's NAME)`)
//   w ROW COL VALUE LINE   board[ROW][COL] = VALUE ('.' or 1-9), at LINE of the file
//   bad ROW COL LINE TYPE JSON  a value that is neither '.' nor '1'-'9' (TYPE
//                          its kind: string, number, null, array, ...); stopped there
//   cut                    the step limit: stopped there
//   raise LINE MESSAGE     solveSudoku threw (the stack goes to stderr)
//   done BOARD             solveSudoku returned; BOARD is its 81 cells
// The board and its rows are Proxies whose `set` records each write
// (board[i][j] = v, board[i] = row, fill, splice).
//
// The stack and the locals come from a copy of the file (`instrument`
// below, parsed with acorn, the parser inside node: `node
// --expose-internals`): each function (not a generator or an async one)
// pushes a frame on entry and pops it in a `finally`, keeping what it
// returns; before each statement that may write or call, the frame is
// given the statement's line and a closure over the names then in scope
// (parameters, the declarations before it in its enclosing blocks, loop
// variables). A write reads every frame through its closure, so each shows
// the values the program holds at that moment; a container held by
// several frames is shown by the outermost, the others naming it. Text is
// only inserted, on the same lines, so every line keeps its number.
//
// Where node has no acorn, or acorn cannot read the file, the file runs as
// it is: the stack is V8's at each write (the frames in the user's file,
// each known by its function and the place it was called from, so a call
// that returned and a new one from the same place between two writes look
// like one, and no value returned is seen), and the locals come from V8's
// inspector in this process, a pause at each write, for the first 1,000.
// Every name of the harness is inside this function, so a file's own
// top-level names (`board`, `solve`, `valid`, ...) never meet them.
(() => {
const fs = require('fs');
const vm = require('vm');

// Run as `node -e HARNESS PATH PUZZLE MAX`: the arguments follow node's own.
const [PATH, PUZZLE, MAX_TEXT] = process.argv.slice(1);
const MAX = Number(MAX_TEXT);
let writes = 0;
Error.stackTraceLimit = 50;

// The protocol goes to fd 1; the file's own console.log and
// process.stdout go to stderr, so a line it prints is never read as a write.
function emit(text) {
  fs.writeSync(1, text);
}
process.stdout.write = process.stderr.write.bind(process.stderr);
console.log = console.error;
console.info = console.error;

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
const SOURCE = fs.readFileSync(PATH, 'utf8');
const COPY = instrument(SOURCE);
let session = null;
const ownScripts = new Set();
if (!COPY) try {
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
      if (items.length >= 9 && items[0] && typeof items[0] === 'object' && items[0].length >= 9) return (${marks})(items);
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
// A table of booleans as its marks (`marks`), which has its own cut.
const MARKS = /^\[\{[\d,]*\}(, \{[\d,]*\})*(, \.\.\.)?\]$/;

function shorten(text) {
  if (text.length <= 160 && !/[\n\r\t]/.test(text)) return text;
  if (text.length <= 246 && MARKS.test(text)) return text;
  text = text.replace(/\s+/g, ' ');
  if (text.length <= 160) return text;
  if (text[0] === '[') {
    // The first item that starts at a ', ' in the last 150 characters.
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

// The instrumented copy of `source`: { code, names, sites }, or null
// where acorn is missing or cannot parse it (the file then runs as it is,
// and a syntax error is reported by node itself).
function instrument(source) {
  let acorn;
  try {
    acorn = require('internal/deps/acorn/acorn/dist/acorn');
  } catch (e) {
    return null;
  }
  let tree;
  try {
    tree = acorn.parse(source, { ecmaVersion: 'latest', sourceType: 'script', locations: true, allowHashBang: true });
  } catch (e) {
    return null;
  }
  const inserts = []; // [offset, order, text]: at one offset, in `order`
  const names = []; // a function's name, by its number
  const sites = []; // [line, names in scope], by the number of a statement
  const put = (at, order, text) => inserts.push([at, order, text]);
  const isNode = (x) => x && typeof x.type === 'string';
  const children = (node) => {
    const out = [];
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (Array.isArray(v)) {
        for (const x of v) if (isNode(x)) out.push(x);
      } else if (isNode(v) && key !== 'loc') {
        out.push(v);
      }
    }
    return out;
  };
  const isFunction = (n) => /^(FunctionDeclaration|FunctionExpression|ArrowFunctionExpression)$/.test(n.type);
  const bound = (pattern, out) => {
    if (!pattern) return out;
    switch (pattern.type) {
      case 'Identifier': out.push(pattern.name); break;
      case 'ArrayPattern': for (const e of pattern.elements) bound(e, out); break;
      case 'ObjectPattern': for (const p of pattern.properties) bound(p.type === 'RestElement' ? p.argument : p.value, out); break;
      case 'AssignmentPattern': bound(pattern.left, out); break;
      case 'RestElement': bound(pattern.argument, out); break;
      default: break;
    }
    return out;
  };
  const declared = (stmt, out) => {
    if (stmt && stmt.type === 'VariableDeclaration') for (const d of stmt.declarations) bound(d.id, out);
    return out;
  };
  // Whether `node` (not inside a nested function) calls, or stores into a property.
  const acts = (node) => {
    if (!node || isFunction(node)) return false;
    if (/^(CallExpression|NewExpression|TaggedTemplateExpression)$/.test(node.type)) return true;
    if (node.type === 'AssignmentExpression' && node.left.type === 'MemberExpression') return true;
    if (node.type === 'UpdateExpression' && node.argument.type === 'MemberExpression') return true;
    if (node.type === 'UnaryExpression' && node.operator === 'delete') return true;
    return children(node).some(acts);
  };
  const own = (fn, test) => {
    // Whether a node of fn's own body (not a nested function's) passes test.
    const walk = (n) => test(n) || (!isFunction(n) && children(n).some(walk));
    return children(fn.body).some(walk) || test(fn.body);
  };
  const SINGLE = new Set(['consequent', 'alternate', 'body']);
  // The statements of a function's own body, with the names in scope before each.
  const statements = (node, scope, fid, inList, labelled) => {
    if (!node) return;
    if (isFunction(node)) {
      func(node, scope);
      return;
    }
    if (node.type === 'BlockStatement' || node.type === 'Program' || node.type === 'StaticBlock') {
      list(node.body, scope, fid);
      return;
    }
    if (node.type === 'SwitchStatement') {
      expressions(node.discriminant, scope);
      for (const c of node.cases) {
        expressions(c.test, scope);
        list(c.consequent, scope, fid);
      }
      return;
    }
    const isStatement = /Statement$|Declaration$/.test(node.type) && node.type !== 'FunctionDeclaration' && node.type !== 'ClassDeclaration';
    if (isStatement && fid >= 0 && !labelled && node.type !== 'BlockStatement' && node.type !== 'EmptyStatement' && acts(node)) {
      const site = sites.length;
      sites.push([node.loc.start.line, [...new Set(scope)]]);
      const open = inList ? '' : '{ ';
      put(node.start, 1, open + '_sudoku_trace_f.s = () => [' + [...new Set(scope)].join(', ') + '], _sudoku_trace_f.p = ' + site + '; ');
      if (!inList) put(node.end, 0, ' }');
    }
    // Loop variables and catch parameters are in scope in their bodies.
    let inner = scope;
    if (/^For(In|Of)?Statement$/.test(node.type)) inner = declared(node.init || node.left, scope.slice());
    if (node.type === 'CatchClause') inner = bound(node.param, scope.slice());
    for (const key of Object.keys(node)) {
      const v = node[key];
      if (key === 'loc' || !v) continue;
      if (node.type === 'LabeledStatement' && key === 'body') {
        statements(v, inner, fid, true, true); // a label stays on its loop
      } else if (isNode(v) && /Statement$|Declaration$|^CatchClause$/.test(v.type)) {
        statements(v, inner, fid, !SINGLE.has(key) || v.type === 'BlockStatement');
      } else if (isNode(v)) {
        expressions(v, inner);
      } else if (Array.isArray(v)) {
        for (const x of v) if (isNode(x)) expressions(x, inner);
      }
    }
  };
  const list = (body, scope, fid) => {
    let here = scope.slice();
    for (const stmt of body) {
      statements(stmt, here, fid, true);
      here = declared(stmt, here.slice());
    }
  };
  // Functions inside an expression.
  const expressions = (node, scope) => {
    if (!node) return;
    if (isFunction(node)) func(node, scope);
    else if (node.type === 'ClassBody' || /Statement$/.test(node.type)) statements(node, scope, -1, true);
    else for (const c of children(node)) expressions(c, scope);
  };
  const nameOf = new Map();
  const name = (fn) => (fn.id && fn.id.name) || nameOf.get(fn) || '(anonymous)';
  const label = (node) => {
    for (const c of children(node)) {
      if (node.type === 'VariableDeclarator' && c === node.init && node.id.type === 'Identifier') nameOf.set(c, node.id.name);
      if (node.type === 'AssignmentExpression' && c === node.right) {
        const l = node.left;
        if (l.type === 'Identifier') nameOf.set(c, l.name);
        else if (l.type === 'MemberExpression' && !l.computed) nameOf.set(c, l.property.name);
      }
      if ((node.type === 'Property' || node.type === 'MethodDefinition' || node.type === 'PropertyDefinition') && c === node.value && node.key.type === 'Identifier') nameOf.set(c, node.key.name);
      label(c);
    }
  };
  label(tree);
  const func = (fn, outer) => {
    const scope = [];
    for (const p of fn.params) bound(p, scope);
    if (fn.generator || fn.async) {
      statements(fn.body, scope, -1, true);
      return;
    }
    const fid = names.length;
    names.push(name(fn));
    const enter = 'const _sudoku_trace_f = _sudoku_trace_enter(' + fid + '); try { ';
    const leave = ' } finally { _sudoku_trace_leave(_sudoku_trace_f); }';
    if (fn.body.type === 'BlockStatement') {
      const body = fn.body.body;
      let k = 0;
      while (k < body.length && body[k].type === 'ExpressionStatement' && body[k].directive !== undefined) k++;
      put(k < body.length && k > 0 ? body[k].start : k > 0 ? body[k - 1].end : fn.body.start + 1, 0.5, enter);
      put(fn.body.end - 1, -1, leave);
      // Every `var` of the function is in scope from its start (hoisted).
      const vars = [];
      const hoist = (n) => {
        if (isFunction(n)) return;
        if (n.type === 'VariableDeclaration' && n.kind === 'var') declared(n, vars);
        children(n).forEach(hoist);
      };
      hoist(fn.body);
      for (const r of returns(fn)) {
        put(r.argument.start, 3, '_sudoku_trace_f.r = (');
        put(r.argument.end, -2, ')');
      }
      list(body, scope.concat(vars), fid);
    } else {
      const arrow = source.indexOf('=>', fn.params.length ? fn.params[fn.params.length - 1].end : fn.start);
      const site = sites.length;
      sites.push([fn.body.loc.start.line, [...new Set(scope)]]);
      const snap = '_sudoku_trace_f.s = () => [' + [...new Set(scope)].join(', ') + '], _sudoku_trace_f.p = ' + site + '; ';
      put(arrow + 2, 2, ' { ' + enter + snap + 'return _sudoku_trace_f.r = (');
      put(fn.end, -1, ');' + leave + ' }');
      expressions(fn.body, scope);
    }
  };
  const returns = (fn) => {
    const out = [];
    const walk = (n) => {
      if (isFunction(n)) return;
      if (n.type === 'ReturnStatement' && n.argument) out.push(n);
      children(n).forEach(walk);
    };
    children(fn.body).forEach(walk);
    return out;
  };
  // Names a function assigns without declaring them: a frame holding one
  // may see it change while a nested function runs.
  const outer = new Set();
  const assigned = (fn) => {
    const mine = new Set();
    for (const p of fn.params) bound(p, []).forEach((x) => mine.add(x));
    const sets = [];
    const walk = (n) => {
      if (n !== fn && isFunction(n)) {
        if (n.type === 'FunctionDeclaration' && n.id) mine.add(n.id.name);
        assigned(n);
        return;
      }
      if (n.type === 'VariableDeclarator') bound(n.id, []).forEach((x) => mine.add(x));
      if (n.type === 'AssignmentExpression') bound(n.left, sets);
      if (n.type === 'UpdateExpression' && n.argument.type === 'Identifier') sets.push(n.argument.name);
      children(n).forEach(walk);
    };
    walk(fn.body);
    for (const x of sets) if (!mine.has(x)) outer.add(x);
  };
  const all = (n) => (isFunction(n) ? assigned(n) : children(n).forEach(all));
  all(tree);
  statements(tree, [], -1, true);
  for (const site of sites) site.push(site[1].some((x) => outer.has(x)));
  // Apply from the end; at one offset, the lower order first in the text.
  inserts.sort((x, y) => y[0] - x[0] || y[1] - x[1]);
  let code = source;
  for (const [at, , text] of inserts) code = code.slice(0, at) + text + code.slice(at);
  return { code, names, sites };
}

// The frames of the copy's calls running now, outermost first: { f: the
// function's number, s: a closure over its names in scope, p: the
// statement it is at, r: what it returns; and for a reported frame, the
// values last read, whether its text must be built again }.
const calls = [];
let reported = 0; // calls[0..reported] were reported, and have not returned since
const reportedLocals = []; // the locals last reported for each of them
// A container a reported frame holds -> { frame: the outermost holding it,
// name: how the others name it, text: as last shown }.
const owner = new Map();
// The file's own top-level calls of solveSudoku (a test at its bottom),
// made before the harness's: how many, and the line of the first.
let started = false;
let earlyCalls = 0;
let earlyLine = 0;
globalThis._sudoku_trace_enter = (f) => {
  if (!started && calls.length === 0 && COPY.names[f] === 'solveSudoku') {
    if (!earlyCalls++) {
      const frames = userFrames();
      earlyLine = frames.length > 1 ? frames[1].getLineNumber() || 0 : 0;
    }
  }
  const frame = { f, s: null, p: -1, r: undefined, vals: null, dirty: false };
  calls.push(frame);
  return frame;
};
globalThis._sudoku_trace_leave = (frame) => {
  calls.pop();
  if (calls.length < reported) {
    reported--;
    reportedLocals.pop();
    emit('r ' + shorten(show(frame.r, 0) || String(frame.r)).slice(0, 40) + '\n');
  }
};

function isTable(v) {
  return v.length >= 9 && v[0] !== null && typeof v[0] === 'object' && v[0].length >= 9;
}

// A table of booleans (a row's marks), each row as the indices that hold
// true, [{3,5,7}, {}, ...], cut after a row past 240 characters; null for
// any other table.
function marks(rows) {
  let text = '[';
  for (let r = 0; r < rows.length; r++) {
    const row = rows[r];
    if (!row || typeof row !== 'object' || typeof row.length !== 'number') return null;
    let set = '';
    for (let k = 0; k < row.length; k++) {
      if (typeof row[k] !== 'boolean') return null;
      if (row[k]) set += (set ? ',' : '') + k;
    }
    text += (r ? ', ' : '') + '{' + set + '}';
  }
  text += ']';
  return text.length > 240 ? text.slice(0, text.lastIndexOf(', ', 236)) + ', ...]' : text;
}

// A value as the locals show it; null for what they leave out (a table of
// 9 or more rows of 9 or more but for booleans', a function).
function show(v, depth) {
  if (typeof v === 'string') return v.length === 1 && v > '"' && v !== '\\' ? '"' + v + '"' : JSON.stringify(v);
  if (typeof v === 'function') return null;
  if (v === null || typeof v !== 'object') return String(v);
  let items = null;
  if (Array.isArray(v) || ArrayBuffer.isView(v)) items = v;
  else if (v instanceof Set) items = Array.from(v);
  else if (v instanceof Map) items = Array.from(v, ([a, b]) => [a, b]);
  if (items) {
    if (isTable(items)) return marks(items);
    if (depth > 2) return '[...]';
    let text = '[';
    for (let i = 0; i < items.length; i++) text += (i ? ', ' : '') + show(items[i], depth + 1);
    return text + ']';
  }
  if (depth > 2) return '{...}';
  return '{' + Object.keys(v).slice(0, 8).map((k) => k + ': ' + show(v[k], depth + 1)).join(', ') + '}';
}

function valuesOf(frame) {
  if (!frame.s) return [];
  try {
    return frame.s();
  } catch (e) {
    return []; // a name not yet initialised (a `let` in an earlier `case`)
  }
}

function isContainer(v) {
  return v !== null && typeof v === 'object' && v !== board && !(typeof v.length === 'number' && isTable(v) && marks(v) === null);
}

// The copy's calls and locals before a write; returns them as text, and
// the line of the innermost call's statement. Only what may have changed
// is read again: every frame from the innermost of those reported before
// (the one that ran since) on; a frame holding a name that a nested
// function assigns; and every container, shown by its outermost holder.
function reportCopy() {
  let out = '';
  let start = Math.max(reported - 1, 0);
  for (let i = reported; i < calls.length; i++) {
    out += 'c ' + COPY.names[calls[i].f] + '\n';
    reportedLocals.push(null);
  }
  reported = calls.length;
  for (let i = 0; i < start; i++) {
    const frame = calls[i];
    if (!COPY.sites[frame.p] || !COPY.sites[frame.p][2]) continue;
    const vals = valuesOf(frame);
    let same = vals.length === frame.vals.length;
    for (let j = 0; same && j < vals.length; j++) {
      if (vals[j] !== frame.vals[j] && (isContainer(vals[j]) || isContainer(frame.vals[j]))) same = false;
    }
    if (!same) {
      start = i;
      break;
    }
    frame.vals = vals;
    frame.dirty = true;
  }
  for (const [o, w] of owner) if (w.frame >= start) owner.delete(o);
  for (let i = start; i < calls.length; i++) {
    const frame = calls[i];
    frame.vals = valuesOf(frame);
    frame.dirty = true;
    const names = frame.p >= 0 ? COPY.sites[frame.p][1] : [];
    for (let j = 0; j < frame.vals.length; j++) {
      const v = frame.vals[j];
      if (isContainer(v) && !owner.has(v)) owner.set(v, { frame: i, name: COPY.names[frame.f] + "'s " + names[j], text: null, cut: null });
    }
  }
  for (const [o, w] of owner) {
    const text = show(o, 0);
    if (text !== w.text) {
      w.text = text;
      w.cut = text === null ? null : text.length > 160 ? shorten(text) : text;
      calls[w.frame].dirty = true;
    }
  }
  for (let i = 0; i < calls.length; i++) {
    const frame = calls[i];
    if (!frame.dirty) continue;
    frame.dirty = false;
    const names = frame.p >= 0 ? COPY.sites[frame.p][1] : [];
    let text = '';
    for (let j = 0; j < frame.vals.length; j++) {
      const v = frame.vals[j];
      let shown;
      if (v !== null && typeof v === 'object') {
        const w = owner.get(v);
        if (!w || w.text === null) continue; // the board, a table
        shown = w.frame === i ? w.cut : '(' + w.name + ')';
      } else if (typeof v === 'function') continue;
      else shown = typeof v === 'string' || typeof v === 'symbol' ? JSON.stringify(String(v)) : String(v);
      text += (text ? ', ' : '') + names[j] + ' = ' + shown;
    }
    if (text !== reportedLocals[i]) {
      out += 'v ' + i + ' ' + text + '\n';
      reportedLocals[i] = text;
    }
  }
  const top = calls[calls.length - 1];
  return [out, top && top.p >= 0 ? COPY.sites[top.p][0] : userLine()];
}

function valid(v) {
  return typeof v === 'string' && (v === '.' || (v.length === 1 && v >= '1' && v <= '9'));
}

// A digit written over itself by an item assignment (`item`), where the
// program wrote before (not a given), is a rewrite, kept.
const written = new Set();
function record(r, c, old, v, item) {
  if (old === v && !(item && v !== '.' && written.has(r * 9 + c))) return;
  if (!valid(v)) {
    const kind = v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v;
    emit('bad ' + r + ' ' + c + ' ' + userLine() + ' ' + kind + ' ' + String(JSON.stringify(v)).slice(0, 80) + '\n');
    process.exit(0);
  }
  writes++;
  written.add(r * 9 + c);
  if (COPY) {
    const [out, line] = reportCopy();
    emit(out + 'w ' + r + ' ' + c + ' ' + v + ' ' + line + '\n');
  } else {
    const line = reportFrames();
    emit('w ' + r + ' ' + c + ' ' + v + ' ' + line + '\n');
  }
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
      if (isIndex(k)) record(r, Number(k), t[k], v, true);
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
  vm.runInThisContext(COPY ? COPY.code : SOURCE, { filename: PATH });
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
if (earlyCalls) emit('early ' + earlyCalls + ' ' + earlyLine + '\n');
started = true;
emit('start\n');
try {
  solve(board);
} catch (e) {
  emit('raise ' + lineIn(e && e.stack) + ' ' + String(e).replace(/\n/g, ' ').slice(0, 300) + '\n');
  process.stderr.write(String((e && e.stack) || e) + '\n');
  process.exit(0);
}
emit('done ' + rows.map((row) => Array.from(row, (v) => (valid(v) ? v : '?')).join('')).join('') + '\n');
})();
