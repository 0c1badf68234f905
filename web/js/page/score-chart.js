// The game's course on the game-over screen (gameover.js): model.chart as an
// inline SVG line chart, one line a seat or side (a solitaire's one line), a point
// a finished deal, round or hand (one an entry of model.history), its height the
// standing after it. The page decides nothing of the game: which line is the
// player's (`you`) and which leads (`leads`), what a step and a line count (`x`,
// `unit`: the words chart.x.<x>, chart.value.<unit>) and the goal line all come as
// data. The player's line stands out by more than its colour: thicker, square
// markers, its name at its end. With more than MANY lines only the player's and
// the leader's are named and coloured, the others thin and grey, with a legend.
// The SVG is role="img" with a summary in words; the numbers are a table too
// (numbersTable, in the history's <details>). A single point is no course: a line
// says so instead of a chart.

import { el } from "./dom.js";
import { sayCapital, t, typeset } from "./words.js";

const NS = "http://www.w3.org/2000/svg";
const MANY = 4; // more lines than this: only the player's and the leader's named
const STYLES = ["c1", "c2", "c3"]; // the other lines' colours (web/css/table.css), when few
const FONT = 12; // the labels' size, in the SVG's units (one a CSS pixel: the viewBox is the box's width)

function svg(tag, attrs = {}, text) {
  const node = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) node.setAttribute(k, String(v));
  if (text !== undefined) node.textContent = text;
  return node;
}

// A step of 1, 2 or 5 × 10^k (at least `least`) that cuts `span` into about `count` parts.
function niceStep(span, count, least = 1) {
  const raw = Math.max(least, span / count);
  const mag = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * mag).find((s) => s >= raw - 1e-9);
}

// About how wide a label is drawn: a wide (CJK) character a full em, others about 0.6.
const textWidth = (s) => [...s].reduce((w, c) => w + (c.codePointAt(0) > 0x2e80 ? FONT : FONT * 0.6), 0);

// The lines' names at their ends, spread so that none overlaps the next (`gap` apart
// at least, inside top..bottom): each keeps its line's height where it can.
function spread(labels, gap, top, bottom) {
  const sorted = [...labels].sort((a, b) => a.y - b.y);
  sorted.forEach((l, i) => { l.at = Math.max(l.y, i ? sorted[i - 1].at + gap : top); });
  for (let i = sorted.length - 1; i >= 0; i--) {
    const limit = i === sorted.length - 1 ? bottom : sorted[i + 1].at - gap;
    sorted[i].at = Math.min(sorted[i].at, limit);
  }
  return sorted;
}

// Each line's look: the player's; with few lines each its colour; with many the
// leader's colour and the others grey (`named`: drawn with its name at its end).
function looks(series) {
  const many = series.length > MANY;
  let next = 0;
  return series.map((s) => {
    if (s.you) return { cls: "you", named: true, mark: "square" };
    if (!many) return { cls: STYLES[next++ % STYLES.length], named: true, mark: "circle" };
    if (s.leads) return { cls: "c1", named: true, mark: "diamond" };
    return { cls: "other", named: false, mark: null };
  });
}

function marker(shape, x, y, cls) {
  const r = shape === "square" ? 4 : 3.5;
  if (shape === "square") return svg("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: `mark ${cls}` });
  if (shape === "diamond") {
    return svg("polygon", { points: `${x},${y - r - 1} ${x + r + 1},${y} ${x},${y + r + 1} ${x - r - 1},${y}`, class: `mark ${cls}` });
  }
  return svg("circle", { cx: x, cy: y, r, class: `mark ${cls}` });
}

const valueWords = (chart, n) => t(`chart.value.${chart.unit}`, { n });

// The summary a screen reader says for the picture: the steps, every line's last
// standing, and the goal where there is one.
function summary(chart, steps) {
  const lines = chart.series.map((s) => t("chart.line", { name: sayCapital(s.name), value: valueWords(chart, s.points.at(-1)) }));
  const words = t(`chart.summary.${chart.x}`, { n: steps, lines: lines.join(t("list.separator")) });
  return chart.goal === null ? words : t("chart.with_goal", { summary: words, goal: t(`chart.goal.${chart.unit}`, { n: chart.goal }) });
}

const rank = (look) => ({ other: 0, you: 2 })[look.cls] ?? 1; // drawn in this order: the player's on top

function picture(chart, width) {
  const steps = chart.series[0].points.length;
  const height = Math.round(Math.min(320, Math.max(210, width * 0.56)));
  const look = looks(chart.series);
  const ends = chart.series.map((s, i) => look[i].named ? t("chart.end", { name: sayCapital(s.name), value: typeset(s.points.at(-1)) }) : null);
  const right = Math.min(width * 0.36, Math.max(...ends.map((e) => (e ? textWidth(e) : 0))) + 12);
  const all = chart.series.flatMap((s) => s.points).concat(chart.goal === null ? [] : [chart.goal]);
  const ystep = niceStep(Math.max(...all) - Math.min(...all), height < 260 ? 4 : 5);
  const lo = Math.floor(Math.min(...all) / ystep) * ystep;
  const hi = Math.max(lo + ystep, Math.ceil(Math.max(...all) / ystep) * ystep);
  const yTicks = [];
  for (let v = lo; v <= hi + 1e-9; v += ystep) yTicks.push(v);
  const left = 10 + Math.max(...yTicks.map((v) => textWidth(typeset(v))));
  const box = { left, right: width - right, top: 24, bottom: height - 40 };
  const X = (i) => box.left + (i * (box.right - box.left)) / (steps - 1);
  const Y = (v) => box.bottom - ((v - lo) * (box.bottom - box.top)) / (hi - lo);
  const node = svg("svg", { viewBox: `0 0 ${width} ${height}`, width: "100%", role: "img", "aria-label": summary(chart, steps),
    class: "chart", "data-steps": steps, "data-series": chart.series.length });
  // the y axis: its grid, numbers and unit; the x axis: the steps by a round number, and its word
  for (const v of yTicks) {
    node.append(svg("line", { x1: box.left, x2: box.right, y1: Y(v), y2: Y(v), class: "grid" }),
      svg("text", { x: box.left - 5, y: Y(v) + 4, "text-anchor": "end", class: "tick" }, typeset(v)));
  }
  node.append(svg("text", { x: 2, y: 13, class: "axis-title" }, t(`result.unit.${chart.unit}`)));
  const xstep = niceStep(steps - 1, Math.max(2, Math.floor((box.right - box.left) / 34)));
  for (let i = 0; i < steps; i++) { // the first step, then every xstep-th (by two: the odd ones, evenly spaced)
    if (xstep === 2 ? i % 2 !== 0 : (i + 1) % xstep !== 0 && i !== 0) continue;
    node.append(svg("line", { x1: X(i), x2: X(i), y1: box.bottom, y2: box.bottom + 4, class: "axis" }),
      svg("text", { x: X(i), y: box.bottom + 17, "text-anchor": "middle", class: "tick" }, String(i + 1)));
  }
  node.append(svg("line", { x1: box.left, x2: box.right, y1: box.bottom, y2: box.bottom, class: "axis" }),
    svg("line", { x1: box.left, x2: box.left, y1: box.top, y2: box.bottom, class: "axis" }),
    svg("text", { x: (box.left + box.right) / 2, y: height - 5, "text-anchor": "middle", class: "axis-title" }, t(`chart.x.${chart.x}`)));
  if (chart.goal !== null) {
    node.append(svg("line", { x1: box.left, x2: box.right, y1: Y(chart.goal), y2: Y(chart.goal), class: "goal" }),
      svg("text", { x: box.left + 4, y: Y(chart.goal) - 4, class: "goal-label" }, t(`chart.goal.${chart.unit}`, { n: chart.goal })));
  }
  // the lines: the grey ones first, the player's last (on top of every other)
  const order = chart.series.map((s, i) => i).sort((a, b) => rank(look[a]) - rank(look[b]));
  const dense = (box.right - box.left) / (steps - 1) < 12; // markers then only at the line's end
  for (const i of order) {
    const s = chart.series[i];
    const at = s.points.map((v, k) => [X(k), Y(v)]);
    node.append(svg("polyline", { points: at.map(([x, y]) => `${x.toFixed(1)},${y.toFixed(1)}`).join(" "),
      class: `line ${look[i].cls}`, "data-series": i, "data-you": s.you ? "" : null }));
    if (look[i].mark) for (const [x, y] of dense ? at.slice(-1) : at) node.append(marker(look[i].mark, x, y, look[i].cls));
  }
  const labels = spread(chart.series.map((s, i) => ({ i, y: Y(s.points.at(-1)) })).filter(({ i }) => ends[i]),
    FONT + 2, box.top, box.bottom);
  for (const { i, at } of labels) {
    node.append(svg("text", { x: box.right + 7, y: at + 4, class: `end ${look[i].cls}`, "data-series": i }, ends[i]));
  }
  return node;
}

// The legend where some lines go unnamed: the named ones, and "the others" in grey.
function legend(chart) {
  const look = looks(chart.series);
  if (look.every((l) => l.named)) return [];
  const items = chart.series.map((s, i) => [look[i], sayCapital(s.name)]).filter(([l]) => l.named);
  items.push([{ cls: "other" }, t("chart.others")]);
  const list = el("ul", { class: "chart-legend" });
  for (const [l, words] of items) {
    const item = el("li", {});
    item.append(el("span", { class: `swatch ${l.cls}`, "aria-hidden": "true" }), document.createTextNode(words));
    list.append(item);
  }
  return [list];
}

// The chart under its heading (a <figure>), `width` CSS pixels wide; a line instead
// of a chart when the game had a single deal; nothing without a chart or a deal.
export function scoreChart(model, width) {
  const chart = model.chart;
  const steps = chart?.series[0]?.points.length ?? 0;
  if (!steps) return [];
  const figure = el("figure", { class: "score-chart" });
  figure.append(el("figcaption", {}, t(`chart.title.${chart.x}`)));
  if (steps < 2) figure.append(el("p", { class: "chart-none" }, t(`chart.one.${chart.x}`)));
  else figure.append(picture(chart, Math.round(Math.max(240, width))), ...legend(chart));
  return [figure];
}

// The same numbers as a table: a row a deal (round, hand), a column a line, the
// player's marked; in a box that scrolls sideways when ten columns do not fit.
export function numbersTable(model) {
  const chart = model.chart;
  const steps = chart?.series[0]?.points.length ?? 0;
  if (!steps) return [];
  const grid = el("table", { class: "chart-numbers" });
  grid.append(el("caption", { id: "chart-numbers-caption" }, t(`chart.numbers.${chart.x}`)));
  const head = el("tr", {});
  head.append(el("th", { scope: "col" }, t(`chart.x.${chart.x}`)),
    ...chart.series.map((s) => el("th", { scope: "col", class: s.you ? "you" : null }, sayCapital(s.name))));
  const body = el("tbody", {});
  for (let k = 0; k < steps; k++) {
    const row = el("tr", {});
    row.append(el("th", { scope: "row" }, String(k + 1)),
      ...chart.series.map((s) => el("td", { class: s.you ? "you" : null }, typeset(s.points[k]))));
    body.append(row);
  }
  const thead = el("thead", {});
  thead.append(head);
  grid.append(thead, body);
  const scroller = el("div", { class: "chart-numbers-box", role: "region", tabindex: "0", "aria-labelledby": "chart-numbers-caption" });
  scroller.append(grid);
  return [scroller];
}
