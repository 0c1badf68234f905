// Toepen alone offers the "stop at every chance to knock" setting: the table
// (model.table.auto) answers "knock?" before another player's card by passing
// after the usual pause, unless the player asks to be stopped there.

export const knockStops = true;
