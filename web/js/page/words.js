// The player's language: the words of web/i18n/<lang>.json, and Texts (the
// engine's {key, args}) said in them. An argument may be a Text itself, or a list
// (joined with the language's separator); "card.name" is a card's name.

import { format, loadWords, translatePage, typeset } from "../i18n.js";
import { cardName } from "../card-art.js";

export { typeset }; // a number as type sets it (a minus sign, not a hyphen)

let dict = {};
export let lang = "en";

export function t(key, args = {}) {
  return format(dict, key, args);
}

export const has = (key) => key in dict;

// A Text (or a list of them, or a plain value) in the player's language.
export function say(x) {
  if (x === null || x === undefined) return "";
  if (Array.isArray(x)) return x.map(say).join(t("list.separator"));
  if (typeof x !== "object") return typeset(x);
  if (x.key === "card.name") return cardName(x.args?.code, lang);
  const args = {};
  for (const [k, v] of Object.entries(x.args ?? {})) args[k] = v !== null && typeof v === "object" ? say(v) : v;
  return t(x.key, args);
}

// The same with a capital first letter (a sentence, a name at the head of a seat).
export function sayCapital(x) {
  const s = say(x);
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export const name = (code) => cardName(code, lang);

// An engine's refusal as the alert says it: `error.<kind>` around its words in the
// player's language where the engine gave them (a refused rule option), else its
// message (English).
export function sayError(e) {
  return t(`error.${e.kind ?? "internal"}`, { error: e.words ? say(e.words) : e.message });
}

// Words only some pages need (a lesson's steps: "tutorial/<game>"), from
// web/i18n/<name>.<lang>.json: loaded now and again with every language.
const extras = [];

async function extraWords(name, code) {
  const res = await fetch(new URL(`../../i18n/${name}.${code}.json`, import.meta.url));
  if (!res.ok) throw new Error(`missing words ${name} for ${code} (HTTP ${res.status})`);
  return res.json();
}

export async function useExtraWords(name) {
  extras.push(name);
  Object.assign(dict, await extraWords(name, lang));
}

export async function loadLanguage(code) {
  const [words, ...more] = await Promise.all([loadWords(code), ...extras.map((name) => extraWords(name, code))]);
  dict = Object.assign(words, ...more);
  lang = code;
  document.documentElement.lang = code;
  translatePage(t);
}
