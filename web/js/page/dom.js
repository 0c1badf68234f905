// Small DOM helpers shared by every view: building elements, updating a part of
// the page in place, and the alert and note lines.

export const $ = (id) => document.getElementById(id);

// An element with attributes (left out when null, undefined or false) and text.
// Text goes in as text, never as markup: nothing from the address or the engine
// is ever parsed as HTML.
export function el(tag, attrs = {}, text) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) node.setAttribute(k, v);
  if (text !== undefined) node.textContent = text;
  return node;
}

// Japanese keeps a number with its counter on one line (「5枚」, 「第3」), where a
// browser breaks between them as between any two letters: `text` as nodes, each such
// run a span that does not wrap (.unit); in English, the text itself.
const UNIT = /(第\d+|\d+(?:[.,]\d+)?(?:枚目|番目|組目|通り|[枚点回人位勝敗倍周日%％]))/;
export function phrased(text) {
  if (document.documentElement.lang !== "ja") return [text];
  return String(text).split(UNIT) // (the runs at the odd places: the pattern's one group)
    .map((part, i) => (i % 2 ? el("span", { class: "unit" }, part) : part)).filter((part) => part !== "");
}

// `el` whose text is `phrased`: a seat's badge or words, where room is short.
export function phrasedEl(tag, attrs, text) {
  const node = el(tag, attrs);
  node.append(...phrased(text));
  return node;
}

// Puts `fresh` (new nodes) in `parent` in place of its children, keeping every old
// node that is equal to a new one, and an old element of the same kind where the
// new one differs only in its attributes or inside (its attributes set, its
// children updated the same way). A redraw after a move then leaves alone what
// the move did not change (the other cards of a hand, a seat's head), which the
// browser would otherwise style and lay out anew: most of a redraw's time. Only
// for views built without listeners (clicks are delegated to the document).
export function update(parent, fresh) {
  const old = [...parent.childNodes];
  let from = 0; // old nodes are kept in their order
  const placed = fresh.map((node) => {
    for (let j = from; j < old.length; j++) {
      if (old[j].isEqualNode(node)) {
        from = j + 1;
        return old[j];
      }
    }
    const here = old[from];
    if (!here || here.nodeName !== node.nodeName) return node;
    from += 1;
    if (node.nodeType === Node.TEXT_NODE) here.data = node.data;
    else {
      for (const { name } of [...here.attributes]) if (!node.hasAttribute(name)) here.removeAttribute(name);
      for (const { name, value } of node.attributes) {
        if (here.getAttribute(name) === value) continue;
        if (name === "style") here.style.cssText = node.style.cssText; // the policy refuses a style attribute set
        else here.setAttribute(name, value);
      }
      update(here, [...node.childNodes]);
    }
    return here;
  });
  const kept = new Set(placed);
  for (const node of old) if (!kept.has(node)) node.remove();
  let cursor = parent.firstChild;
  for (const node of placed) {
    if (node === cursor) cursor = cursor.nextSibling;
    else parent.insertBefore(node, cursor);
  }
}

export function showAlert(message) {
  const box = $("alert");
  box.textContent = message;
  box.hidden = false;
}

export function clearAlert() {
  $("alert").hidden = true;
  $("alert").textContent = "";
}

// The room a row of the dock keeps (table.room): each set of what may show there at
// once, laid out unseen (aria-hidden, table.css) in the row's own grid cell, so the
// row is as tall as its tallest set from the first frame. A set is a list of
// [class, text] for its buttons and notes.
export function keepRoomFor(parent, sets) {
  update(parent, sets.map((parts) => {
    const set = el("div", { class: "room-set" });
    set.append(...parts.map(([cls, text]) => el("span", { class: cls }, text)));
    return set;
  }));
}
