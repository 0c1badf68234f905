// The interface's words: web/i18n/<lang>.json, with {name} placeholders. Shared by
// the game page (app.js) and the embed builder (embed-builder.js).

import { fetchEarly } from "./early-fetch.js";

export const LANGUAGES = ["ja", "en"];

export async function loadWords(code) {
  const res = await fetchEarly(new URL(`../i18n/${code}.json`, import.meta.url));
  if (!res.ok) throw new Error(`missing words for ${code} (HTTP ${res.status})`);
  return res.json();
}

// A value as type sets it in either language: a number below zero, or one the engine
// wrote into a string ("-2", a hint's "-0.8"), with a minus sign (U+2212), not a hyphen.
export const typeset = (v) => String(v).replace(/^-(?=\d)/, "\u2212");

// The text of `key` with its {placeholders} filled; the key itself if missing.
// A count spoken in the text is the argument n: where n is 1 a language may give
// the singular form under `<key>.one` ("1 card" beside "{n} cards").
export function format(dict, key, args = {}) {
  const text = (Number(args.n) === 1 ? dict[`${key}.one`] : undefined) ?? dict[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in args ? typeset(args[k]) : ""));
}

// Re-translate every element marked data-i18n (text) or data-i18n-label (aria-label).
export function translatePage(t) {
  for (const node of document.querySelectorAll("[data-i18n]")) node.textContent = t(node.dataset.i18n);
  for (const node of document.querySelectorAll("[data-i18n-label]")) node.setAttribute("aria-label", t(node.dataset.i18nLabel));
}

// ?lang= first, then the last choice, then the browser's language.
export function chooseLanguage(asked, saved) {
  if (LANGUAGES.includes(asked)) return asked;
  if (LANGUAGES.includes(saved)) return saved;
  return (navigator.language || "en").toLowerCase().startsWith("ja") ? "ja" : "en";
}
