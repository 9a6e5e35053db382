/**
 * The replay page's script and style, as strings inlined into the page (src/report/replay.ts).
 *
 * Why plain strings of vanilla JS: the page must open from file:// with no network and no
 * build step, in any current browser, so there is no framework and nothing to fetch. The
 * script only draws what the trace says (positions, armour, tokens, marks, cards): it knows
 * hex geometry for drawing and nothing of the rules.
 */

export const REPLAY_CSS = `
:root { --bg: #f7f7f5; --ink: #1d1d1f; --muted: #6b6b70; --line: #d4d4d8; --panel: #ffffff; }
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: var(--ink); background: var(--bg); }
header { padding: 8px 14px; border-bottom: 1px solid var(--line); background: var(--panel); display: flex; flex-wrap: wrap; gap: 4px 18px; align-items: baseline; }
header h1 { font-size: 16px; margin: 0; }
header .result { color: var(--muted); }
#where { font-weight: 600; }
main { display: grid; grid-template-columns: minmax(420px, 1fr) 400px; gap: 10px; padding: 10px; }
#board-wrap { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; position: relative; }
#board { width: 100%; height: calc(100vh - 150px); min-height: 420px; display: block; }
aside { display: flex; flex-direction: column; gap: 8px; min-width: 0; height: calc(100vh - 150px); min-height: 420px; }
#seats { display: flex; flex-direction: column; gap: 8px; overflow: auto; flex: 0 1 auto; min-height: 120px; }
.seat { background: var(--panel); border: 1px solid var(--line); border-left: 6px solid var(--c); border-radius: 6px; padding: 6px 8px; }
.seat h2 { font-size: 13px; margin: 0 0 3px; display: flex; justify-content: space-between; gap: 6px; }
.seat h2 .dead { color: #b3261e; }
.seat .row { display: flex; gap: 6px; align-items: baseline; flex-wrap: wrap; margin: 2px 0; }
.seat .k { color: var(--muted); min-width: 76px; }
.chip { display: inline-block; padding: 0 5px; border: 1px solid var(--line); border-radius: 9px; background: #fafafa; font-size: 11.5px; }
.chip.face { background: #e4e4e7; color: var(--muted); }
.chip.rev { background: #fff7d6; border-color: #e0c060; }
.tok { display: inline-block; min-width: 18px; text-align: center; border-radius: 3px; background: #eef2ff; border: 1px solid #c7d2fe; font-size: 12px; }
.track { flex: 1; min-width: 0; }
.pos { display: inline-block; min-width: 16px; padding: 0 3px; border-radius: 3px; background: #27272a; color: #fff; font-size: 10.5px; text-align: center; }
#log { background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; overflow: auto; flex: 1 0 180px; min-height: 180px; font: 12px/1.35 ui-monospace, Menlo, Consolas, monospace; white-space: pre-wrap; }
#log .ln { color: #a1a1aa; }
#log .ln.cur { color: var(--ink); background: #fff7d6; }
#log .st { color: #71717a; font-weight: 600; margin-top: 4px; }
#log .st.cur { color: #000; }
#controls { display: flex; gap: 6px; align-items: center; padding: 0 10px 10px; flex-wrap: wrap; }
#controls button { font: inherit; padding: 3px 9px; border: 1px solid var(--line); border-radius: 5px; background: var(--panel); cursor: pointer; min-width: 36px; }
#controls button:hover { background: #f0f0f2; }
#scrub { flex: 1; min-width: 200px; }
#legend { position: absolute; left: 8px; bottom: 8px; background: rgba(255,255,255,.92); border: 1px solid var(--line); border-radius: 5px; padding: 4px 7px; font-size: 11px; }
#legend .scale { display: inline-block; width: 110px; height: 10px; vertical-align: middle; border: 1px solid #999; background: linear-gradient(to right, #7f1d1d, #d9480f, #f2c94c, #5cb85c, #1e7b4a); }
#legend svg { vertical-align: middle; }
.hint { color: var(--muted); font-size: 11.5px; }
svg text { font-family: system-ui, sans-serif; }
`;

export const REPLAY_JS = String.raw`
(function () {
  'use strict';
  var T = JSON.parse(document.getElementById('trace').textContent);
  var N = T.steps.length;
  var COLOURS = ['#1f5fbf', '#c2410c', '#7e22ce', '#0f766e'];
  var SIZE = 20, SQ3 = Math.sqrt(3);
  var DIRS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'];
  var ARROWS = { N: '\u2191', NE: '\u2197', SE: '\u2198', S: '\u2193', SW: '\u2199', NW: '\u2196' };
  var SVGNS = 'http://www.w3.org/2000/svg';
  var cur = 0, timer = null;

  function px(q, r) { return [SIZE * 1.5 * q, SIZE * SQ3 * (r + q / 2)]; }
  function corners(cx, cy, s) {
    var out = [];
    for (var i = 0; i < 6; i++) { var a = Math.PI / 3 * i; out.push((cx + s * Math.cos(a)).toFixed(1) + ',' + (cy + s * Math.sin(a)).toFixed(1)); }
    return out.join(' ');
  }
  // Unit vector of direction d (0 N, clockwise) on screen.
  function dirVec(d) { var a = -Math.PI / 2 + d * Math.PI / 3; return [Math.cos(a), Math.sin(a)]; }
  function esc(s) { return String(s).replace(/[&<>"]/g, function (c) { return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c]; }); }
  // Remaining armour as a share of printed armour: dark red (none) to green (full).
  function armourColour(a, full) {
    if (full <= 0) return '#9ca3af';
    var f = Math.max(0, Math.min(1, a / full));
    if (a <= 0) return '#7f1d1d';
    var stops = [[0, [217, 72, 15]], [0.5, [242, 201, 76]], [0.75, [92, 184, 92]], [1, [30, 123, 74]]];
    for (var i = 1; i < stops.length; i++) {
      if (f <= stops[i][0]) {
        var t = (f - stops[i - 1][0]) / (stops[i][0] - stops[i - 1][0]), x = stops[i - 1][1], y = stops[i][1];
        return 'rgb(' + [0, 1, 2].map(function (j) { return Math.round(x[j] + t * (y[j] - x[j])); }).join(',') + ')';
      }
    }
    return 'rgb(30,123,74)';
  }

  // ---- the board, drawn once
  var board = document.getElementById('board');
  var minX = 1e9, minY = 1e9, maxX = -1e9, maxY = -1e9, cells = [];
  T.board.hexes.forEach(function (h) {
    var p = px(h[0], h[1]);
    minX = Math.min(minX, p[0]); maxX = Math.max(maxX, p[0]); minY = Math.min(minY, p[1]); maxY = Math.max(maxY, p[1]);
    cells.push('<polygon class="cell" points="' + corners(p[0], p[1], SIZE - 0.6) + '"/>');
  });
  var pad = SIZE * 2.2;
  board.setAttribute('viewBox', [minX - pad, minY - pad, maxX - minX + 2 * pad, maxY - minY + 2 * pad].map(function (v) { return v.toFixed(1); }).join(' '));
  board.innerHTML = '<g id="cells" fill="#eef1f5" stroke="#c9ced6" stroke-width="0.8">' + cells.join('') + '</g><g id="layer"></g>';
  var layer = document.getElementById('layer');

  // ---- a step's drawing
  function hullHexes(pl, ship) {
    return pl.hull.hexes[ship.facing].map(function (h) { return { q: ship.q + h[0], r: ship.r + h[1], sec: h[2] }; });
  }
  function sectionCentre(pl, ship, sec) {
    var hs = hullHexes(pl, ship).filter(function (h) { return h.sec === sec; });
    if (!hs.length) return px(ship.q, ship.r);
    var x = 0, y = 0;
    hs.forEach(function (h) { var p = px(h.q, h.r); x += p[0]; y += p[1]; });
    return [x / hs.length, y / hs.length];
  }
  function drawShip(out, labels, p, step) {
    var pl = T.players[p], ship = step.ships[p], col = COLOURS[p % 4];
    var hexes = hullHexes(pl, ship);
    var dead = !ship.alive;
    out.push('<g class="ship' + (dead ? ' destroyed' : '') + '" data-seat="' + p + '" data-q="' + ship.q + '" data-r="' + ship.r + '" data-facing="' + ship.facing +
      '" data-structure="' + ship.structure + '" data-armour="' + ship.armour.join(',') + '" data-shields="' + ship.shields.join(',') + '"' + (dead ? ' opacity="0.35"' : '') + '>');
    hexes.forEach(function (h) {
      var c = px(h.q, h.r);
      out.push('<polygon points="' + corners(c[0], c[1], SIZE - 1.2) + '" fill="' + armourColour(ship.armour[h.sec], pl.hull.armour[h.sec]) + '" stroke="' + col + '" stroke-width="2.2"' + (dead ? ' stroke-dasharray="3 2"' : '') + '><title>' +
        esc(pl.name + ': ' + pl.hull.sectionNames[h.sec] + ', armour ' + ship.armour[h.sec] + ' of ' + pl.hull.armour[h.sec] + ', shields ' + ship.shields[h.sec]) + '</title></polygon>');
    });
    // Section armour numbers and shields, at each section's centre.
    pl.hull.sectionNames.forEach(function (name, sec) {
      var c = sectionCentre(pl, ship, sec);
      out.push('<text class="sec-armour" x="' + c[0].toFixed(1) + '" y="' + (c[1] + 4).toFixed(1) + '" text-anchor="middle" font-size="11" font-weight="700" fill="#fff" stroke="#000" stroke-width="2.2" paint-order="stroke">' + ship.armour[sec] + '</text>');
      for (var i = 0; i < ship.shields[sec]; i++) {
        out.push('<circle class="shield" cx="' + (c[0] - 7 + i * 7).toFixed(1) + '" cy="' + (c[1] - 9).toFixed(1) + '" r="3.2" fill="#38bdf8" stroke="#0c4a6e" stroke-width="1"/>');
      }
    });
    // Mounts.
    var MK = { main: 'M', port: 'B', starboard: 'B', hangar: 'H', 'point-defence': 'P' };
    pl.hull.mounts.forEach(function (m) {
      var h = hexes[m.hex]; if (!h) return;
      var c = px(h.q, h.r), d = dirVec((ship.facing + (m.directions[0] || 0)) % 6);
      var x = c[0] + d[0] * 12, y = c[1] + d[1] * 12;
      out.push('<g class="mount"><circle cx="' + x.toFixed(1) + '" cy="' + y.toFixed(1) + '" r="4" fill="#fff" stroke="#111" stroke-width="0.7"/><text x="' + x.toFixed(1) + '" y="' + (y + 2.3).toFixed(1) + '" text-anchor="middle" font-size="6" font-weight="700">' + MK[m.kind] + '</text><title>' + esc(m.kind + ' mount') + '</title></g>');
    });
    // Facing: an arrow from the ship's hex.
    var c0 = px(ship.q, ship.r), f = dirVec(ship.facing);
    var tip = [c0[0] + f[0] * SIZE * 1.25, c0[1] + f[1] * SIZE * 1.25];
    out.push('<line x1="' + c0[0].toFixed(1) + '" y1="' + c0[1].toFixed(1) + '" x2="' + tip[0].toFixed(1) + '" y2="' + tip[1].toFixed(1) + '" stroke="#111" stroke-width="2.4" marker-end="url(#arrow)"/>');
    // Structure and armour beside the ship.
    var maxX = -1e9, minY = 1e9;
    hexes.forEach(function (h) { var c = px(h.q, h.r); maxX = Math.max(maxX, c[0]); minY = Math.min(minY, c[1]); });
    var lx = maxX + SIZE * 1.1, ly = minY;
    var lines = [pl.name, 'structure ' + ship.structure + (dead ? ' \u2014 destroyed' : ''), 'armour ' + ship.armour.join('/')];
    if (ship.shields.some(function (x) { return x > 0; })) lines.push('shields ' + ship.shields.join('/'));
    labels.push('<g class="ship-label" data-seat="' + p + '"' + (dead ? ' opacity="0.6"' : '') + '><rect x="' + (lx - 3).toFixed(1) + '" y="' + (ly - 11).toFixed(1) + '" width="' + (Math.max.apply(null, lines.map(function (l) { return l.length; })) * 6 + 6) + '" height="' + (lines.length * 12 + 4) + '" rx="3" fill="rgba(255,255,255,.78)" stroke="' + col + '"/>');
    lines.forEach(function (l, i) {
      labels.push('<text x="' + lx.toFixed(1) + '" y="' + (ly + i * 12).toFixed(1) + '" font-size="10.5"' + (i === 0 ? ' font-weight="700" fill="' + col + '"' : '') + ' class="' + ['name', 'structure', 'armour', 'shields'][i] + '">' + esc(l) + '</text>');
    });
    labels.push('</g>');
    out.push('</g>');
  }
  function drawToken(out, t, n) {
    var c = px(t.q, t.r), col = COLOURS[t.owner % 4];
    var off = n ? dirVec((n * 2) % 6) : [0, 0];
    var x = c[0] + off[0] * 7, y = c[1] + off[1] * 7, d = dirVec(t.facing);
    var attrs = ' class="token" data-kind="' + t.kind + '" data-owner="' + t.owner + '" data-q="' + t.q + '" data-r="' + t.r + '" data-facing="' + t.facing + '"';
    var title = '<title>' + esc('ship ' + t.owner + "'s " + (t.name || t.kind) + ' at (' + t.q + ', ' + t.r + ') facing ' + DIRS[t.facing]) + '</title>';
    if (t.kind === 'projectile') {
      out.push('<g' + attrs + '><circle cx="' + x.toFixed(1) + '" cy="' + y.toFixed(1) + '" r="5" fill="' + col + '" stroke="#000" stroke-width="1"/>' + title + '</g>');
    } else if (t.kind === 'torpedo') {
      var a = [x + d[0] * 10, y + d[1] * 10], b = [x - d[0] * 6 - d[1] * 5, y - d[1] * 6 + d[0] * 5], e = [x - d[0] * 6 + d[1] * 5, y - d[1] * 6 - d[0] * 5];
      out.push('<g' + attrs + '><polygon points="' + [a, b, e].map(function (p) { return p[0].toFixed(1) + ',' + p[1].toFixed(1); }).join(' ') + '" fill="' + col + '" stroke="#000" stroke-width="1"/>' + title + '</g>');
    } else {
      var big = t.kind === 'command-corvette', s = big ? 11 : 8;
      var nose = [x + d[0] * s * 1.3, y + d[1] * s * 1.3];
      out.push('<g' + attrs + ' data-callsign="' + esc(t.callsign || '') + '"><polygon points="' + corners(x, y, s) + '" fill="#fff" stroke="' + col + '" stroke-width="' + (big ? 3 : 2) + '"/>' +
        '<line x1="' + x.toFixed(1) + '" y1="' + y.toFixed(1) + '" x2="' + nose[0].toFixed(1) + '" y2="' + nose[1].toFixed(1) + '" stroke="' + col + '" stroke-width="2"/>' +
        '<text x="' + x.toFixed(1) + '" y="' + (y + 3.5).toFixed(1) + '" text-anchor="middle" font-size="' + (big ? 9 : 9.5) + '" font-weight="700" fill="' + col + '">' + esc(t.callsign || '') + '</text>' + title + '</g>');
    }
  }
  function burst(x, y, r, fill) {
    var pts = [];
    for (var i = 0; i < 16; i++) { var a = Math.PI / 8 * i, rr = i % 2 ? r * 0.45 : r; pts.push((x + rr * Math.cos(a)).toFixed(1) + ',' + (y + rr * Math.sin(a)).toFixed(1)); }
    return '<polygon points="' + pts.join(' ') + '" fill="' + fill + '" stroke="#7c2d12" stroke-width="1" opacity="0.9"/>';
  }
  function drawMark(out, m, step) {
    var title = '<title>' + esc(m.text) + '</title>', ship = step.ships[m.player], pl = T.players[m.player];
    if (m.kind === 'damage' || m.kind === 'hit' || m.kind === 'overrun') {
      if (!ship) return;
      var c = sectionCentre(pl, ship, m.section);
      hullHexes(pl, ship).forEach(function (h) {
        if (h.sec !== m.section) return;
        var p = px(h.q, h.r);
        out.push('<polygon class="mark-section" points="' + corners(p[0], p[1], SIZE - 2.5) + '" fill="none" stroke="#dc2626" stroke-width="2.5" stroke-dasharray="4 2"/>');
      });
      if (m.kind === 'damage') out.push('<g class="mark" data-kind="damage" data-seat="' + m.player + '" data-section="' + m.section + '" data-damage="' + m.damage + '"><text x="' + (c[0] + 12).toFixed(1) + '" y="' + (c[1] + 16).toFixed(1) + '" font-size="13" font-weight="800" fill="#dc2626" stroke="#fff" stroke-width="3" paint-order="stroke">\u2212' + m.damage + '</text>' + title + '</g>');
      else out.push('<g class="mark" data-kind="' + m.kind + '" data-seat="' + m.player + '" data-section="' + m.section + '"><circle cx="' + c[0].toFixed(1) + '" cy="' + c[1].toFixed(1) + '" r="8" fill="none" stroke="#dc2626" stroke-width="1.6"/><path d="M' + (c[0] - 11) + ' ' + c[1] + 'h22M' + c[0] + ' ' + (c[1] - 11) + 'v22" stroke="#dc2626" stroke-width="1.4"/>' + title + '</g>');
    } else if (m.kind === 'collision') {
      if (!ship) return;
      var a = px(ship.q, ship.r), o = m.other >= 0 ? step.ships[m.other] : null, b = o ? px(o.q, o.r) : a;
      var x = (a[0] + b[0]) / 2, y = (a[1] + b[1]) / 2;
      out.push('<g class="mark" data-kind="collision" data-seat="' + m.player + '">' + burst(x, y, 15, '#fb923c') + '<text x="' + x.toFixed(1) + '" y="' + (y + 4).toFixed(1) + '" text-anchor="middle" font-size="11" font-weight="800">' + m.damage + '</text>' + title + '</g>');
    } else if (m.kind === 'destroyed') {
      if (!ship) return;
      var d = px(ship.q, ship.r);
      out.push('<g class="mark" data-kind="destroyed" data-seat="' + m.player + '"><path d="M' + (d[0] - 26) + ' ' + (d[1] - 26) + 'L' + (d[0] + 26) + ' ' + (d[1] + 26) + 'M' + (d[0] + 26) + ' ' + (d[1] - 26) + 'L' + (d[0] - 26) + ' ' + (d[1] + 26) + '" stroke="#b91c1c" stroke-width="6" stroke-linecap="round"/>' + title + '</g>');
    } else if (m.kind === 'token-lost' && m.q !== undefined) {
      var t = px(m.q, m.r);
      out.push('<g class="mark" data-kind="token-lost" data-q="' + m.q + '" data-r="' + m.r + '">' + burst(t[0], t[1], 10, '#fde047') + '<path d="M' + (t[0] - 6) + ' ' + (t[1] - 6) + 'l12 12m0 -12l-12 12" stroke="#111" stroke-width="2"/>' + title + '</g>');
    } else if ((m.kind === 'fire' || m.kind === 'launch') && m.q !== undefined) {
      var f = px(m.q, m.r), v = dirVec(m.dir >= 0 ? m.dir : 0);
      out.push('<g class="mark" data-kind="' + m.kind + '"><circle cx="' + f[0].toFixed(1) + '" cy="' + f[1].toFixed(1) + '" r="' + (SIZE - 4) + '" fill="none" stroke="' + COLOURS[m.player % 4] + '" stroke-width="2" stroke-dasharray="2 2"/>' +
        (m.dir >= 0 ? '<line x1="' + f[0].toFixed(1) + '" y1="' + f[1].toFixed(1) + '" x2="' + (f[0] + v[0] * SIZE * 1.4).toFixed(1) + '" y2="' + (f[1] + v[1] * SIZE * 1.4).toFixed(1) + '" stroke="' + COLOURS[m.player % 4] + '" stroke-width="2" marker-end="url(#arrow)"/>' : '') + title + '</g>');
    }
  }
  function drawBoard(step) {
    var out = ['<defs><marker id="arrow" viewBox="0 0 10 10" refX="6" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse"><path d="M0 0L10 5L0 10z" fill="#111"/></marker></defs>'];
    // Hulls, then small tokens over them, then the ships' numbers, then what happened on top.
    var labels = [];
    // Where a ship stood at the step before, when it has moved or turned since: a faint outline.
    var before = step.index > 0 ? T.steps[step.index - 1] : null;
    if (before) for (var g = 0; g < T.players.length; g++) {
      var a = before.ships[g], b = step.ships[g];
      if (!a.alive || (a.q === b.q && a.r === b.r && a.facing === b.facing)) continue;
      hullHexes(T.players[g], a).forEach(function (h) {
        var c = px(h.q, h.r);
        out.push('<polygon class="ghost" points="' + corners(c[0], c[1], SIZE - 1.2) + '" fill="none" stroke="' + COLOURS[g % 4] + '" stroke-width="1.5" stroke-dasharray="3 3" opacity="0.6"/>');
      });
    }
    for (var p = 0; p < T.players.length; p++) drawShip(out, labels, p, step);
    // A hex of the weapon update (or the corvettes' move after it): each token that moved since
    // the step before trails a dashed line from where it was. Only these steps, where no token
    // is placed, so a token slot is the same token in both.
    if (before && (step.kind === 'weapon-step' || step.kind === 'weapons')) {
      var was = {};
      before.tokens.forEach(function (t) { was[t.slot] = t; });
      step.tokens.forEach(function (t) {
        var o = was[t.slot];
        if (!o || o.kind !== t.kind || o.owner !== t.owner || (o.q === t.q && o.r === t.r)) return;
        var a = px(o.q, o.r), b = px(t.q, t.r), col = COLOURS[t.owner % 4];
        out.push('<g class="trail" data-slot="' + t.slot + '" data-kind="' + t.kind + '" data-from="' + o.q + ',' + o.r + '" data-to="' + t.q + ',' + t.r + '">' +
          '<circle cx="' + a[0].toFixed(1) + '" cy="' + a[1].toFixed(1) + '" r="4" fill="none" stroke="' + col + '" stroke-width="1.2" stroke-dasharray="2 2"/>' +
          '<line x1="' + a[0].toFixed(1) + '" y1="' + a[1].toFixed(1) + '" x2="' + b[0].toFixed(1) + '" y2="' + b[1].toFixed(1) + '" stroke="' + col + '" stroke-width="2" stroke-dasharray="4 3" opacity="0.8"/></g>');
      });
    }
    var seen = {};
    step.tokens.forEach(function (t) { var key = t.q + ',' + t.r; var n = seen[key] || 0; seen[key] = n + 1; drawToken(out, t, n); });
    out.push(labels.join(''));
    step.marks.forEach(function (m) { drawMark(out, m, step); });
    layer.innerHTML = out.join('');
  }

  // ---- the seats beside the board
  var seatsEl = document.getElementById('seats');
  function chips(list, cls) { return list.length ? list.map(function (c) { return '<span class="chip ' + (cls || '') + '">' + esc(c) + '</span>'; }).join(' ') : '<span class="hint">none</span>'; }
  function drawSeats(step) {
    var html = '';
    T.players.forEach(function (pl, p) {
      var s = step.seats[p], ship = step.ships[p];
      var mat = s.linear.map(function (d) { return '<span class="tok" title="linear ' + d + '">' + ARROWS[d] + '</span>'; }).concat(s.rotation.map(function (r) { return '<span class="tok" title="rotation ' + r + '">' + (r === 'CW' ? '\u21bb' : '\u21ba') + '</span>'; }));
      var track = [];
      for (var i = 0; i < s.track.length; i++) if (s.track[i].length) track.push('<span class="pos">' + (i === 0 ? 'Ready' : i) + '</span> ' + s.track[i].map(esc).join(', '));
      var commits = s.commitments.map(function (c) { return c === '' ? '<span class="hint">\u2014</span>' : '<span class="chip ' + (c === 'face down' ? 'face' : 'rev') + '">' + esc(c) + '</span>'; }).join(' ');
      html += '<section class="seat" style="--c:' + COLOURS[p % 4] + '" data-seat="' + p + '"><h2><span>' + esc(pl.name) + ' <span class="hint">seat ' + p + ', ' + esc(pl.factionName) + (T.players.length > 3 ? ', team ' + pl.team : '') + '</span></span>' +
        '<span class="' + (ship.alive ? '' : 'dead') + '">' + (ship.alive ? 'structure ' + ship.structure : ship.escaped ? 'escaped' : 'destroyed') + '</span></h2>' +
        '<div class="row"><span class="k">momentum</span><span class="mat">' + (mat.join(' ') || '<span class="hint">empty</span>') + '</span></div>' +
        '<div class="row"><span class="k">commitment</span>' + (s.engine ? '<span class="chip ' + (s.engine === 'face down' ? 'face' : 'rev') + '">engine: ' + esc(s.engine) + '</span> ' : '') + commits + '</div>' +
        '<div class="row"><span class="k">hand</span><span class="hand">' + chips(s.hand) + '</span></div>' +
        (s.held.length || s.resolving.length ? '<div class="row"><span class="k">in play</span>' + chips(s.resolving.concat(s.held), 'rev') + '</div>' : '') +
        '<div class="row"><span class="k">cooldown</span><span class="track">' + (track.join(' \u00b7 ') || '<span class="hint">empty</span>') + '</span></div></section>';
    });
    seatsEl.innerHTML = html;
  }

  // ---- the event log, built once; the current step's lines are highlighted
  var logEl = document.getElementById('log');
  (function () {
    var html = '';
    T.steps.forEach(function (st, i) {
      html += '<div class="st" data-step="' + i + '">' + (i + 1) + '. round ' + st.round + ', ' + esc(st.phase) + ': ' + esc(st.label) + '</div>';
      st.events.forEach(function (e) { if (e.text) html += '<div class="ln" data-step="' + i + '">' + esc(e.text) + '</div>'; });
    });
    logEl.innerHTML = html;
  })();
  var logLines = logEl.querySelectorAll('[data-step]');
  function drawLog(i) {
    var first = null;
    for (var j = 0; j < logLines.length; j++) {
      var on = logLines[j].getAttribute('data-step') === String(i);
      logLines[j].classList.toggle('cur', on);
      if (on && !first) first = logLines[j];
    }
    if (first) logEl.scrollTop = first.offsetTop - logEl.offsetTop - 40;
  }

  // ---- stepping
  var where = document.getElementById('where'), scrub = document.getElementById('scrub'), count = document.getElementById('count'), playBtn = document.getElementById('play');
  scrub.max = String(N - 1);
  function show(i) {
    i = Math.max(0, Math.min(N - 1, i | 0));
    cur = i;
    var st = T.steps[i];
    drawBoard(st);
    drawSeats(st);
    drawLog(i);
    where.textContent = 'Round ' + st.round + ' \u00b7 ' + st.phase + ' \u00b7 ' + st.label + (st.status !== 'ongoing' ? ' \u00b7 ' + st.status : '');
    scrub.value = String(i);
    count.textContent = 'step ' + (i + 1) + ' of ' + N;
    document.body.dataset.step = String(i);
    var h = '#step=' + (i + 1);
    if (location.hash !== h) { try { history.replaceState(null, '', h); } catch (e) { location.hash = h; } }
  }
  function roundStart(i, dir) {
    var r = T.steps[i].round;
    if (dir > 0) { for (var j = i + 1; j < N; j++) if (T.steps[j].round !== r) return j; return N - 1; }
    // Back: to the start of this round, or of the previous one when already there.
    var start = i; while (start > 0 && T.steps[start - 1].round === r) start--;
    if (start < i) return start;
    if (start === 0) return 0;
    var pr = T.steps[start - 1].round, k = start - 1; while (k > 0 && T.steps[k - 1].round === pr) k--;
    return k;
  }
  function play(on) {
    if (on === undefined) on = timer === null;
    if (timer !== null) { clearInterval(timer); timer = null; }
    if (on) {
      if (cur >= N - 1) show(0);
      timer = setInterval(function () { if (cur >= N - 1) play(false); else show(cur + 1); }, 700);
    }
    playBtn.textContent = timer !== null ? '\u23f8 pause' : '\u25b6 play';
    document.body.dataset.playing = timer !== null ? '1' : '0';
  }
  document.getElementById('next').onclick = function () { show(cur + 1); };
  document.getElementById('prev').onclick = function () { show(cur - 1); };
  document.getElementById('next-round').onclick = function () { show(roundStart(cur, 1)); };
  document.getElementById('prev-round').onclick = function () { show(roundStart(cur, -1)); };
  playBtn.onclick = function () { play(); };
  scrub.oninput = function () { show(Number(scrub.value)); };
  document.addEventListener('keydown', function (e) {
    if (e.target && e.target.tagName === 'INPUT') return; // the scrubber steps itself
    var k = e.key;
    if ((k === 'ArrowRight' && e.shiftKey) || k === 'PageDown' || k === ']') show(roundStart(cur, 1));
    else if ((k === 'ArrowLeft' && e.shiftKey) || k === 'PageUp' || k === '[') show(roundStart(cur, -1));
    else if (k === 'ArrowRight' || k === 'n') show(cur + 1);
    else if (k === 'ArrowLeft' || k === 'p') show(cur - 1);
    else if (k === ' ' || k === 'k') play();
    else if (k === 'Home') show(0);
    else if (k === 'End') show(N - 1);
    else return;
    e.preventDefault();
  });
  function fromHash() { var m = /step=(\d+)/.exec(location.hash); return m ? Number(m[1]) - 1 : 0; }
  window.addEventListener('hashchange', function () { var i = fromHash(); if (i !== cur) show(i); });
  show(fromHash());
  document.body.dataset.ready = '1';
})();
`;
