// Tressette alone offers the "show captured points" setting (counting is part of
// the skill): without it, the running count the table carries (the reminder whose
// setting is "show-count") is not drawn.

import { setting } from "../page/storage.js";

export const hasCount = true;

export function adjust(table) {
  if (setting("show-count")) return table;
  return { ...table, reminders: table.reminders.filter((r) => r.setting !== "show-count") };
}
