// Draws the board in SVG: squares, pieces, the marks of the move being chosen, the last move,
// the hint and the keyboard cursor. Cells are 100 units; the player's own side is at the bottom.
"use strict";
const SVGNS = "http://www.w3.org/2000/svg";
const CELL = 100;

function svgEl(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// The board's squares by number and by cell, and which way up it is drawn.
function layout(board, bottomWhite) {
  const byNum = new Map(), byCell = new Map();
  for (const [n, x, y, name] of board.squares) {
    const sx = bottomWhite ? x : board.width - 1 - x;
    const sy = bottomWhite ? board.height - 1 - y : y;
    const sq = { n, x, y, name, sx, sy, cx: sx * CELL + CELL / 2, cy: sy * CELL + CELL / 2 };
    byNum.set(n, sq);
    byCell.set(sx + "," + sy, sq);
  }
  return { byNum, byCell, w: board.width, h: board.height, all: board.squares.length === board.width * board.height };
}

function drawBoard(svg, S, ui, L) {
  svg.textContent = "";
  svg.setAttribute("viewBox", `0 0 ${L.w * CELL} ${L.h * CELL}`);
  const last = new Set(S.last ? [S.last.path[0], S.last.path[S.last.path.length - 1]] : []);
  for (let sy = 0; sy < L.h; sy++) {
    for (let sx = 0; sx < L.w; sx++) {
      const sq = L.byCell.get(sx + "," + sy);
      const dark = sq && (!L.all || (sx + sy) % 2 === 1);
      const cls = sq && last.has(sq.n) ? "sq-last" : (dark ? "sq-dark" : "sq-light");
      const r = svgEl("rect", { x: sx * CELL, y: sy * CELL, width: CELL, height: CELL, class: cls }, svg);
      if (sq) {
        r.dataset.sq = sq.n;
        svgEl("title", {}, r).textContent = sq.name;
      }
    }
  }
  if (ui.showNames) {
    for (const sq of L.byNum.values()) {
      svgEl("text", { x: sq.sx * CELL + 5, y: sq.sy * CELL + 18, class: "coord" }, svg).textContent = sq.name;
    }
  }
  if (S.last && S.last.cap.length) drawPath(svg, L, S.last.path, "path path-last");
  const pieces = new Map(S.pieces.map(p => [p[0], p]));
  for (const [n, c, king] of S.pieces) drawPiece(svg, L.byNum.get(n), c, king);
  for (const n of ui.must) ring(svg, L, n, 45, "must");
  if (ui.selected != null) ring(svg, L, ui.selected, 46, "selected");
  for (const m of ui.shownPaths) {
    if (m.cap.length) drawPath(svg, L, m.path, "path");
    for (const c of m.cap) if (pieces.has(c)) ring(svg, L, c, 42, "captured");
  }
  for (const n of ui.dots) {
    const sq = L.byNum.get(n);
    svgEl("circle", { cx: sq.cx, cy: sq.cy, r: 14, class: "dot" }, svg);
  }
  for (const n of ui.steps) ring(svg, L, n, 30, "step");
  if (ui.hint) {
    ring(svg, L, ui.hint.path[0], 48, "hint-ring");
    if (ui.hint.whole) drawPath(svg, L, ui.hint.path, "path");
  }
  if (ui.cursor) {
    svgEl("rect", { x: ui.cursor.sx * CELL + 4, y: ui.cursor.sy * CELL + 4, width: CELL - 8, height: CELL - 8, class: "cursor" }, svg);
  }
}

function drawPiece(svg, sq, c, king) {
  const g = svgEl("g", { class: "piece", "data-piece": sq.n }, svg);
  const inner = svgEl("g", { transform: `translate(${sq.cx} ${sq.cy})` }, g);
  const cls = c === "w" ? "piece-w" : "piece-b";
  if (king) svgEl("circle", { cx: 0, cy: 6, r: 36, class: cls, "stroke-width": 3 }, inner);
  svgEl("circle", { cx: 0, cy: king ? -4 : 0, r: 36, class: cls, "stroke-width": 3 }, inner);
  svgEl("circle", { cx: 0, cy: king ? -4 : 0, r: 25, class: cls, "stroke-width": 2, opacity: 0.6 }, inner);
  if (king) {
    svgEl("path", { d: "M-20 6 L-22 -18 L-10 -6 L0 -24 L10 -6 L22 -18 L20 6 Z", class: c === "w" ? "crown-w" : "crown-b" }, inner);
  }
}

function ring(svg, L, n, r, cls) {
  const sq = L.byNum.get(n);
  if (sq) svgEl("circle", { cx: sq.cx, cy: sq.cy, r, class: cls }, svg);
}

function drawPath(svg, L, path, cls) {
  const pts = path.map(n => L.byNum.get(n)).filter(Boolean).map(sq => `${sq.cx},${sq.cy}`);
  svgEl("polyline", { points: pts.join(" "), class: cls }, svg);
}

// The cell under a pointer event, as a square or null.
function cellAt(svg, L, ev) {
  const r = svg.getBoundingClientRect();
  const border = (r.width - svg.clientWidth) / 2;
  const sx = Math.floor((ev.clientX - r.left - border) / svg.clientWidth * L.w);
  const sy = Math.floor((ev.clientY - r.top - border) / svg.clientHeight * L.h);
  if (sx < 0 || sy < 0 || sx >= L.w || sy >= L.h) return null;
  return { sx, sy, sq: L.byCell.get(sx + "," + sy) || null };
}
