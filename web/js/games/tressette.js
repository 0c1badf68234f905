// Tressette alone offers the "show captured points" setting (counting is part of
// the skill; its GAME declares it): without it, the running count the table
// carries is not drawn.

import { setting } from "../page/storage.js";

export function adjust(table) {
  if (setting("show-count")) return table;
  return { ...table, reminders: table.reminders.filter((r) => !r.key.startsWith("tressette.count")) };
}
