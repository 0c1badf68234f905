// The rules panel at the table (<dialog id="rules-panel">): every rule option of
// the game, grouped, in the player's language, the article's choice marked, one
// line on what each changes; the game's presets in one tap. Choosing starts a new
// game with those rules, after asking while a game is in progress; the rules in
// play are remembered per game (storage.js keepRules) and put in the address. The
// options, presets and groups come from games.json (the engine's own lists), the
// house-rules line from the model (model.house_rules), so no rule lives here.

import { $, el } from "./dom.js";
import { has, t } from "./words.js";
import { store, subscribe } from "./store.js";
import { keepRules } from "./storage.js";
import { embedded } from "./address.js";
import { rulesLink } from "../links.js";
import { newGameWithRules } from "./play.js";
import { askAbandon } from "./settings.js";
import { fieldValue, optionName, ruleField, valueName } from "../rule-options.js";

const words = { t, has };
// --- the panel ----------------------------------------------------------------------
function fields() {
  return [...$("rules-groups").querySelectorAll("[data-option]")];
}

function drawPanel(model) {
  const game = model.game;
  const info = store.game;
  const byGroup = new Map();
  for (const name of Object.keys(info.groups ?? info.options)) { // group by group, as the engine orders them
    const option = info.options[name];
    const group = info.groups?.[name] ?? "play";
    if (!byGroup.has(group)) byGroup.set(group, []);
    byGroup.get(group).push(ruleField(words, game, name, option, model.options[name] ?? option.default, { line: true, idPrefix: "panel-rule" }));
  }
  $("rules-groups").replaceChildren(...[...byGroup].map(([group, nodes]) => {
    const set = el("fieldset", { class: "rules-group" });
    set.append(el("legend", {}, t(`panel.group.${group}`)), ...nodes);
    return set;
  }));
  const current = model.house_rules?.preset;
  $("rules-presets").replaceChildren(...(info.presets ?? []).map((p) => {
    const key = p.name === "article" ? "rules.preset.article" : `rules.preset.${game}.${p.name}`;
    const button = el("button", { type: "button", class: "preset", "data-preset": p.name,
      "aria-pressed": String(p.name === current) }, t(key));
    button.onclick = () => choose({ ...defaults(), ...p.options });
    return button;
  }));
  showError(null);
}

// The panel's own error: an alert only while it shows, so the page keeps one
// element with role="alert" at a time (the page contract's place for errors).
function showError(text) {
  const box = $("rules-error");
  box.textContent = text ?? "";
  box.hidden = !text;
  if (text) box.setAttribute("role", "alert");
  else box.removeAttribute("role");
}

function defaults() {
  return Object.fromEntries(Object.entries(store.game.options).map(([k, o]) => [k, o.default]));
}

// The panel's choices, or null (a number out of bounds, said in the panel).
function chosen() {
  const options = store.game.options;
  const out = {};
  for (const input of fields()) {
    const name = input.dataset.option;
    const value = fieldValue(input, options[name]);
    if (value === undefined) {
      showError(t("panel.bad_number", { name: optionName(words, store.model.game, name),
        min: options[name].min, max: options[name].max }));
      input.focus();
      return null;
    }
    out[name] = value;
  }
  return out;
}

// The panel closes; a game in progress is abandoned only once the player says so.
async function choose(options) {
  $("rules-panel").close();
  if (!(await askAbandon("rules"))) return;
  await newGameWithRules(options);
}

// The panel's button shows where the game has rules to choose (never in an embed).
function drawOpener() {
  $("rules-open").hidden = embedded || !Object.keys(store.game?.options ?? {}).length;
}

$("rules-open").onclick = () => {
  if (!store.model) return;
  drawPanel(store.model);
  $("rules-panel").showModal();
};
$("rules-close").onclick = () => $("rules-panel").close();
$("rules-apply").onclick = () => {
  const options = chosen();
  if (options) choose(options);
};

// --- the variant in view -------------------------------------------------------------
// One line while the game's rules are not the article's: the preset's name, or each
// rule that differs, linked to the options on the rules page.
function drawHouseRules(model) {
  const house = model.house_rules;
  const line = $("house-rules");
  line.hidden = !house || house.changes.length === 0;
  if (line.hidden) return;
  const game = model.game;
  const rules = house.preset
    ? t(`rules.preset.${game}.${house.preset}`)
    : house.changes.map((c) => t("house.item", { name: optionName(words, game, c.option),
      value: valueName(words, game, c.option, c.value) })).join(t("list.separator"));
  line.textContent = t("house.line", { rules });
  line.href = `${rulesLink(game, document.documentElement.lang)}#options-at-table`;
}

// The rules in play are the ones remembered for the game (a link's or a save's too),
// unless this is an embed or someone else's shared game being watched.
function remembered(model) {
  if (embedded || store.viewingShare || !model.house_rules) return;
  keepRules(model.game, Object.fromEntries(model.house_rules.changes.map((c) => [c.option, c.value])));
}

subscribe((model) => {
  drawOpener();
  drawHouseRules(model);
  remembered(model);
});
