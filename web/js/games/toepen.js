// Toepen alone offers the "stop at every chance to knock" setting: the session
// answers "knock?" before another player's card by itself (model.table.auto: a
// pass, or the Knock the player clicked between chances, kept in the flow bar and
// sent with the page's requests), never drawing the question, unless the player
// asks to be stopped there.

export const knockStops = true;
