// The player's record as a file: saved from one browser and opened in another (a
// new phone), since the record is kept only in the browser that played. The file
// holds every game's record (storage.js, "cardtable:stats:…", per level and rule set)
// and its days of today's deal (daily-record.js, "cardtable:days:…"), nothing else.
// A file that is not such a record, or has one entry that is not, is refused whole
// with a message and changes nothing; a good one replaces the record here once the
// player says so. A file of version 1 (the games' record alone) is read as ever.

import { $ } from "./dom.js";
import { t } from "./words.js";
import { dayWords, localDay } from "./daily.js";
import { redraw } from "./store.js";
import { isStats, replaceStats, statsEntries, storage } from "./storage.js";
import { daysEntries, isDays, isDaysKey, replaceDays } from "./daily-record.js";

const FORMAT = "cardtable-record";
const VERSION = 2; // 2: the days of today's deal beside the games' record
const READS = [1, 2];
const MAX_BYTES = 1 << 20; // a record is a few kilobytes; anything near this is no record

// The record's file: its name carries the day it was saved.
export function recordFile(now = new Date()) {
  const day = localDay(now);
  const text = JSON.stringify({ format: FORMAT, version: VERSION, saved: day, record: { ...statsEntries(), ...daysEntries() } },
    null, 1);
  return { name: `cardtable-record-${day}.json`, text };
}

// The record a file's text holds ({key: stats or days}), or throws the words' key of what is wrong.
export function readRecordFile(text) {
  let data;
  try { data = JSON.parse(text); } catch { throw new Error("record.bad_file"); }
  if (data?.format !== FORMAT) throw new Error("record.bad_file");
  if (!READS.includes(data.version)) throw new Error(data.version > VERSION ? "record.bad_version" : "record.bad_file");
  const record = data.record;
  if (!record || typeof record !== "object" || Array.isArray(record)) throw new Error("record.bad_file");
  for (const [key, value] of Object.entries(record)) {
    if (!(isDaysKey(key) ? data.version >= 2 && isDays(key, value) : isStats(key, value))) throw new Error("record.bad_file");
  }
  return { record, saved: typeof data.saved === "string" ? data.saved : "" };
}

const part = (record, days) => Object.fromEntries(Object.entries(record).filter(([key]) => isDaysKey(key) === days));
const games = (record) => Object.values(part(record, false)).reduce((n, s) => n + s.games, 0);

function say(key, args) {
  $("record-status").textContent = key ? t(key, args) : "";
}

function save() {
  const { name, text } = recordFile();
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 60_000);
  say("record.saved", { name });
}

// The file chosen is read and checked; a good one waits for the player's yes.
async function open(file) {
  const ask = $("record-ask");
  ask.hidden = true;
  let found;
  try {
    if (file.size > MAX_BYTES) throw new Error("record.bad_file"); // not read at all
    found = readRecordFile(await file.text());
  } catch (err) {
    say(err.message.startsWith("record.") ? err.message : "record.bad_file");
    return;
  }
  say("");
  const saved = dayWords(found.saved);
  const days = Object.values(part(found.record, true)).reduce((n, v) => n + Object.keys(v.days).length, 0);
  $("record-ask-text").textContent = t(`record.replace_ask${saved ? "" : "_undated"}${days ? "_days" : ""}`,
    { n: games(found.record), games: games(found.record), saved, days: t("record.days", { n: days }) });
  ask.hidden = false;
  $("record-replace").focus();
  $("record-replace").onclick = () => {
    replaceStats(part(found.record, false));
    replaceDays(part(found.record, true));
    ask.hidden = true;
    say("record.opened", { n: games(found.record), games: games(found.record) });
    redraw();
  };
  $("record-cancel").onclick = () => { ask.hidden = true; say("record.kept"); $("record-open").focus(); };
}

// Without storage (WordPress's sandboxed embed, a private mode that refuses it) there is
// no record to save or to open into: the buttons are not offered.
export function setupRecordFile() {
  if (!$("record-save")) return;
  $("record-file").hidden = !storage.available;
  $("record-save").onclick = save;
  $("record-open").onclick = () => $("record-input").click();
  $("record-input").onchange = (e) => {
    const file = e.target.files?.[0];
    e.target.value = ""; // the same file chosen again is read again
    if (file) open(file);
  };
}
