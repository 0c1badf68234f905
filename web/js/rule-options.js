// A rule option's words and its field, shared by the rules panel at the table,
// the embed builder and the rules page, so the three name the same rules and
// offer the same choices. The options come from games.json (the engine's own
// list: default, choices, min, max); `words` is {t, has} in the page's language.

// The option's name: the game's own word (option.<game>.<name>) before the shared one.
export function optionName(words, game, name) {
  for (const key of [`option.${game}.${name}`, `option.${name}`]) if (words.has(key)) return words.t(key);
  return name;
}

// A value as the table words it: on / off, the choice's name, or the number.
export function valueName(words, game, name, value) {
  if (typeof value === "boolean") return words.t(value ? "rules.on" : "rules.off");
  for (const key of [`option.${game}.${name}.${value}`, `option.${name}.${value}`]) if (words.has(key)) return words.t(key);
  return String(value);
}

// One line on what the option changes (option_line.<game>.<name>, else the shared one).
export function optionLine(words, game, name) {
  for (const key of [`option_line.${game}.${name}`, `option_line.${name}`]) if (words.has(key)) return words.t(key);
  return "";
}

// Every choice in words: a list, on / off, or the range of numbers.
export function choicesText(words, game, name, option) {
  if (option.choices.length) return option.choices.map((c) => valueName(words, game, name, c)).join(" / ");
  if (typeof option.default === "boolean") return `${words.t("rules.on")} / ${words.t("rules.off")}`;
  return `${option.min}–${option.max}`;
}

function node(tag, attrs = {}, text) {
  const n = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null && v !== false) n.setAttribute(k, v);
  if (text !== undefined) n.textContent = text;
  return n;
}

// The option's field, shaped by the option: a list (the article's choice marked),
// a tick box or a number within its bounds; `value` is the one chosen now, and
// `line` adds the one line on what it changes (described by it).
export function ruleField(words, game, name, option, value = option.default, { line = false, idPrefix = "rule" } = {}) {
  const label = node("label", { class: "field" });
  const id = `${idPrefix}-${name}`;
  const lineId = `${id}-line`;
  const text = line ? optionLine(words, game, name) : "";
  const described = text ? lineId : undefined;
  let input;
  if (option.choices.length) {
    input = node("select", { id, name, "data-option": name, "aria-describedby": described });
    for (const c of option.choices) {
      const said = valueName(words, game, name, c);
      input.append(node("option", { value: String(c) }, c === option.default ? words.t("rules.default_mark", { value: said }) : said));
    }
    input.value = String(value);
    label.append(node("span", { class: "field-name" }, optionName(words, game, name)), input);
  } else if (typeof option.default === "boolean") {
    label.className = "check";
    input = node("input", { id, type: "checkbox", name, "data-option": name, checked: value, "aria-describedby": described });
    const article = words.t("rules.default_is", { value: valueName(words, game, name, option.default) });
    label.append(input, node("span", { class: "field-name" }, optionName(words, game, name)),
      node("small", { class: "field-default" }, article));
  } else {
    input = node("input", { id, type: "number", name, "data-option": name, value, min: option.min, max: option.max, step: 1,
      inputmode: "numeric", "aria-describedby": described });
    const article = words.t("rules.default_is", { value: option.default });
    label.append(node("span", { class: "field-name" }, optionName(words, game, name)),
      node("small", { class: "field-default" }, article), input);
  }
  if (text) label.append(node("small", { id: lineId, class: "field-line" }, text));
  return label;
}

// The value a field holds, typed as the option's; undefined for a number out of bounds.
export function fieldValue(input, option) {
  if (input.type === "checkbox") return input.checked;
  if (input.type === "number") return input.value !== "" && input.checkValidity() ? Number(input.value) : undefined;
  return option.choices.find((c) => String(c) === input.value);
}
