// Playing-card art for Card Table: self-contained SVG faces and backs.
// No dependencies, fonts, images or ids (so the same card's markup is the same
// every time, and a page can parse it once). Every card uses viewBox 0 0 200 280; size it with CSS.

export const SUIT_SYMBOL = { S: '\u2660', H: '\u2665', D: '\u2666', C: '\u2663' };

const RANKS = 'AKQJT98765432';
const SUITS = 'SHDC';

// Suit outlines in a box from -50 to 50 (centre 0,0), drawn so they never
// depend on the fonts of the visitor's device.
const SUIT_PATH = {
  S: 'M0-50C12-32 50-14 50 10C50 28 37 36 25 36C15 36 8 31 4 25C5 36 10 44 20 50H-20C-10 44-5 36-4 25C-8 31-15 36-25 36C-37 36-50 28-50 10C-50-14-12-32 0-50Z',
  H: 'M0 48C-14 30-50 8-50-18C-50-37-36-48-24-48C-12-48-4-40 0-30C4-40 12-48 24-48C36-48 50-37 50-18C50 8 14 30 0 48Z',
  D: 'M0-50Q16-22 38 0Q16 22 0 50Q-16 22-38 0Q-16-22 0-50Z',
  C: 'M0-48A23 23 0 1 1 0-2A23 23 0 1 1 0-48ZM-25-9A23 23 0 1 1-25 37A23 23 0 1 1-25-9ZM25-9A23 23 0 1 1 25 37A23 23 0 1 1 25-9ZM-9 0H9V8C9 28 12 40 20 50H-20C-12 40-9 28-9 8Z',
};

const INK = '#1a1a1a';
const RED = '#c8102e';
const COLOUR4 = { S: INK, H: RED, D: '#0057b8', C: '#00843d' };
const FONT = 'font-family="Arial,Helvetica,\'Liberation Sans\',\'DejaVu Sans\',sans-serif" font-weight="700"';

/** Fill colour of a suit: two-colour (normal) or four-colour deck. */
export function suitColour(suit, fourColour = false) {
  return fourColour ? COLOUR4[suit] : (suit === 'H' || suit === 'D' ? RED : INK);
}

/** Printed rank: "T" → "10", everything else unchanged. */
export function rankLabel(rank) {
  return rank === 'T' ? '10' : String(rank);
}

const EN_RANK = { A: 'Ace', K: 'King', Q: 'Queen', J: 'Jack' };
const EN_SUIT = { S: 'spades', H: 'hearts', D: 'diamonds', C: 'clubs' };
const JA_SUIT = { S: 'スペード', H: 'ハート', D: 'ダイヤ', C: 'クラブ' };

function parse(code) {
  let c = String(code).trim().toUpperCase();
  if (c.startsWith('10')) c = 'T' + c.slice(2);
  if (c === 'BJ' || c === 'LJ') return { joker: c[0] };
  if (c.length !== 2 || !RANKS.includes(c[0]) || !SUITS.includes(c[1])) {
    throw new Error(`cards.js: unknown card code "${code}"`);
  }
  return { rank: c[0], suit: c[1] };
}

/** Accessible name, e.g. "King of spades" (en) or "スペードのK" (ja). */
export function cardName(code, lang = 'en') {
  const { joker, rank, suit } = parse(code);
  const ja = String(lang || '').toLowerCase().startsWith('ja');
  if (joker) return ja ? (joker === 'B' ? 'ジョーカー（大）' : 'ジョーカー（小）') : (joker === 'B' ? 'Big joker' : 'Little joker');
  if (ja) return `${JA_SUIT[suit]}の${rankLabel(rank)}`;
  return `${EN_RANK[rank] || rankLabel(rank)} of ${EN_SUIT[suit]}`;
}

const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function open(label) {
  const a = label ? `role="img" aria-label="${esc(label)}"` : 'aria-hidden="true"';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 280" ${a}>`;
}

const FACE = '<rect x="1.5" y="1.5" width="197" height="277" rx="13" fill="#fff" stroke="#8a8a8a" stroke-width="3"/>';
const FLIP = 'rotate(180 100 140)';

// One suit symbol of width `size` centred at (x, y); `flip` turns it upside down.
function pip(suit, x, y, size, fill, flip) {
  return `<path d="${SUIT_PATH[suit]}" fill="${fill}" transform="translate(${x} ${y})${flip ? ' rotate(180)' : ''} scale(${size / 100})"/>`;
}

// Corner index (top-left, repeated rotated at bottom-right).
function corners(inner) {
  return `<g>${inner}</g><g transform="${FLIP}">${inner}</g>`;
}

function index(rank, suit, fill) {
  const r = rankLabel(rank);
  const fit = r.length > 1 ? ' textLength="46" lengthAdjust="spacingAndGlyphs"' : '';
  return `<text x="27" y="51" font-size="52" text-anchor="middle" fill="${fill}" ${FONT}${fit}>${r}</text>` +
    pip(suit, 27, 76, 32, fill);
}

// Pip layouts: [column, row] with columns 0..2 and rows 0..1 (top to bottom).
const L = 0, C = 1, R = 2;
const sides = (...rows) => rows.flatMap((y) => [[L, y], [R, y]]);
const LAYOUT = {
  2: [[C, 0], [C, 1]],
  3: [[C, 0], [C, 0.5], [C, 1]],
  4: sides(0, 1),
  5: [...sides(0, 1), [C, 0.5]],
  6: sides(0, 0.5, 1),
  7: [...sides(0, 0.5, 1), [C, 0.25]],
  8: [...sides(0, 0.5, 1), [C, 0.25], [C, 0.75]],
  9: [...sides(0, 1 / 3, 2 / 3, 1), [C, 0.5]],
  T: [...sides(0, 1 / 3, 2 / 3, 1), [C, 1 / 6], [C, 5 / 6]],
};

function pips(rank, suit, fill) {
  if (rank === 'A') {
    const big = suit === 'S' ? 104 : 88;
    return (suit === 'S' ? `<circle cx="100" cy="140" r="66" fill="none" stroke="${fill}" stroke-width="2"/>` : '') +
      pip(suit, 100, 140, big, fill);
  }
  return LAYOUT[rank].map(([col, row]) => {
    const y = 40 + row * 200;
    return pip(suit, 70 + col * 30, +y.toFixed(1), 33, fill, y > 141);
  }).join('');
}

// Court cards: a framed panel with a mirrored half holding a headdress, the
// big rank letter and the suit.
const HEADWEAR = {
  // King: crown with three points and jewels.
  K: (f) => `<path d="M76 64L70 32L86 46L100 24L114 46L130 32L124 64Z" fill="#f2c14e" stroke="${f}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<rect x="76" y="60" width="48" height="8" fill="${f}"/><circle cx="100" cy="23" r="4" fill="${f}"/><circle cx="70" cy="31" r="3.5" fill="${f}"/><circle cx="130" cy="31" r="3.5" fill="${f}"/>`,
  // Queen: coronet with rounded arches and pearls.
  Q: (f) => `<path d="M74 66V46Q87 30 92 46Q100 26 108 46Q113 30 126 46V66Z" fill="#f2c14e" stroke="${f}" stroke-width="2.5" stroke-linejoin="round"/>` +
    `<circle cx="100" cy="27" r="5" fill="${f}"/><circle cx="83" cy="36" r="3.5" fill="${f}"/><circle cx="117" cy="36" r="3.5" fill="${f}"/><path d="M74 58H126" stroke="${f}" stroke-width="3"/>`,
  // Jack: feathered cap.
  J: (f) => `<path d="M72 66Q72 40 100 40Q128 40 128 66Z" fill="#f2c14e" stroke="${f}" stroke-width="2.5"/>` +
    `<path d="M110 44Q116 16 136 18Q124 26 118 46Z" fill="${f}"/><rect x="70" y="60" width="60" height="8" rx="3" fill="${f}"/>`,
};

function court(rank, suit, fill) {
  const half = HEADWEAR[rank](fill) +
    `<text x="88" y="124" font-size="52" text-anchor="middle" fill="${fill}" ${FONT}>${rank}</text>` +
    pip(suit, 124, 105, 24, fill);
  return `<rect x="58" y="12" width="84" height="256" rx="6" fill="#fbf3de" stroke="${fill}" stroke-width="3"/>` +
    `<rect x="63" y="17" width="74" height="246" rx="4" fill="none" stroke="${fill}" stroke-width="1"/>` +
    `<path d="M63 140H137" stroke="${fill}" stroke-width="1.5"/>` + corners(half);
}

const STAR = 'M0-50L11.8-16.2L47.6-15.5L19.1 6.2L29.4 40.5L0 20L-29.4 40.5L-19.1 6.2L-47.6-15.5L-11.8-16.2Z';

function joker(big) {
  const ink = big ? RED : INK;
  const star = (x, y, s, fill) =>
    `<path d="${STAR}" fill="${fill}" stroke="${ink}" stroke-width="${300 / s}" stroke-linejoin="round" transform="translate(${x} ${y}) scale(${s / 100})"/>`;
  const letters = [...'JOKER'].map((ch, i) =>
    `<text x="24" y="${32 + i * 24}" font-size="26" text-anchor="middle" fill="${ink}" ${FONT}>${ch}</text>`).join('');
  const gold = big ? '#f2c14e' : '#fff';
  const hat = big ? [RED, '#f2c14e', '#0057b8'] : [INK, '#fff', INK];
  return corners(letters + star(24, 150, 28, gold)) +
    // Jester's cap: three floppy points with bells over a band.
    `<g stroke="${INK}" stroke-width="2.5" stroke-linejoin="round">` +
    `<path d="M76 152Q70 118 58 106Q80 100 92 126Z" fill="${hat[0]}"/>` +
    `<path d="M124 152Q130 118 142 106Q120 100 108 126Z" fill="${hat[2]}"/>` +
    `<path d="M78 152Q82 100 100 72Q118 100 122 152Z" fill="${hat[1]}"/>` +
    `<rect x="70" y="148" width="60" height="14" rx="4" fill="${ink}"/>` +
    `<circle cx="58" cy="106" r="6" fill="#f2c14e"/><circle cx="142" cy="106" r="6" fill="#f2c14e"/><circle cx="100" cy="70" r="6" fill="#f2c14e"/></g>` +
    star(100, 204, 50, gold);
}

/**
 * SVG string of one card face. code: rank+suit ("TS", "7H") or "BJ"/"LJ".
 * opts.fourColour: four-colour deck. opts.lang: language of the aria-label
 * (default "en"); opts.label: false → aria-hidden (when the wrapper is labelled).
 */
export function cardSVG(code, { fourColour = false, lang = 'en', label } = {}) {
  const { joker: j, rank, suit } = parse(code);
  const name = label === false ? false : (label || cardName(code, lang));
  if (j) return open(name) + FACE + joker(j === 'B') + '</svg>';
  const fill = suitColour(suit, fourColour);
  const body = 'KQJ'.includes(rank) ? court(rank, suit, fill) : pips(rank, suit, fill);
  return open(name) + FACE + corners(index(rank, suit, fill)) + body + '</svg>';
}

// The back's lattice: lines every 20 units (1 wide) turned 45° about the card's
// centre, a dot in each cell, inside a nested <svg> that clips it to the inner panel. No
// <pattern>: a pattern needs an id, which must differ between the backs of one
// page, and then no two backs' markup is the same, so a page could not parse
// the back once and clone it (web/js/app.js does, for speed).
const LATTICE = (() => {
  const [x0, y0, w, h] = [17, 17, 166, 246];
  const turn = (u, v) => { // lattice coordinates (centred on the card's centre) -> the panel's
    const k = Math.SQRT1_2;
    return [100 - x0 + (u - v) * k, 140 - y0 + (u + v) * k];
  };
  const r = Math.ceil(Math.hypot(w, h) / 2 / 20) * 20; // far enough to cover the panel turned
  const f = (n) => +n.toFixed(1);
  let lines = '';
  let dots = '';
  for (let a = -r; a <= r; a += 20) {
    const [p, q] = [turn(a, -r), turn(a, r)];
    const [s, t] = [turn(-r, a), turn(r, a)];
    lines += `M${f(p[0])} ${f(p[1])}L${f(q[0])} ${f(q[1])}M${f(s[0])} ${f(s[1])}L${f(t[0])} ${f(t[1])}`;
    for (let b = -r; b < r; b += 20) {
      const [x, y] = turn(a + 10, b + 10);
      if (a < r && x > -3 && x < w + 3 && y > -3 && y < h + 3) dots += `M${f(x - 2.6)} ${f(y)}a2.6 2.6 0 1 0 5.2 0a2.6 2.6 0 1 0-5.2 0`;
    }
  }
  return { x0, y0, w, h, lines, dots };
})();

/** SVG string of a card back (navy by default; { colour: 'red' } for a red back). */
export function cardBackSVG({ colour = 'blue', label = false } = {}) {
  const [bg, line, accent] = colour === 'red' ? ['#7a1424', '#b23a4c', '#f2c14e'] : ['#1c2c5b', '#4062a6', '#c8334a'];
  const { x0, y0, w, h, lines, dots } = LATTICE;
  return open(label) + FACE +
    `<rect x="10" y="10" width="180" height="260" rx="8" fill="${bg}"/>` +
    `<svg x="${x0}" y="${y0}" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">` +
    `<path d="${lines}" stroke="${line}"/><path d="${dots}" fill="${accent}"/></svg>` +
    `<rect x="${x0}" y="${y0}" width="${w}" height="${h}" rx="5" fill="none" stroke="${accent}" stroke-width="2"/>` +
    `<ellipse cx="100" cy="140" rx="34" ry="46" fill="${bg}" stroke="${accent}" stroke-width="3"/>` +
    `<path d="${SUIT_PATH.D}" fill="${accent}" transform="translate(100 140) scale(0.5)"/></svg>`;
}
