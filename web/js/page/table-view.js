// The table view: draws model.table, the same for every game, part by part (the
// seats, the areas, the panel, your hand and decisions, what is asked, the last
// round, the flow bar, the end), then the hint, the advisor, the settings that show the model
// and the log. Subscribed to the store: it redraws after every model.

import { subscribe } from "./store.js";
import { drawSeats } from "./seats.js";
import { drawAreas, drawPanel } from "./middle.js";
import { drawActions, drawHand, drawStatus } from "./hand.js";
import { drawResult } from "./gameover.js";
import { drawFlow, withoutAhead } from "./flow.js";
import { drawSummary } from "./summary.js";
import { drawAdvisor, drawHintButton } from "./hint.js";
import { drawSettings } from "./settings.js";
import { drawLog } from "./log.js";
import { setMarks } from "./cardview.js";
import { afterDraw, noteBefore } from "./motion.js";

function draw(model, { redraw = false } = {}) {
  if (!redraw) noteBefore(); // where the cards are, for the motion after the draw
  const table = withoutAhead(model.table);
  setMarks(table.marks);
  drawSeats(table);
  drawAreas(table);
  drawPanel(table);
  drawHand(table);
  drawActions(table);
  drawFlow(model);
  drawSummary(model, { redraw });
  drawStatus(model);
  drawResult(model);
  drawSettings(model);
  drawHintButton(model);
  drawAdvisor(model);
  drawLog({ redraw });
  afterDraw(model, { redraw });
}

export function showTableView() {
  subscribe(draw);
}
