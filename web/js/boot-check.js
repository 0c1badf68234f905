// web/boot-check.html: boot the engine, ping Python, show how long it took.
// Sets <html data-ready="true"> (and data-stages="runtime:ms python:ms ready:ms")
// like the game page, so tests and bench/boot.py can drive it.
import { startEngine } from "./python-worker.js";

const $ = (id) => document.getElementById(id);
const t0 = performance.now();
const ms = () => Math.round(performance.now() - t0);
const stages = [];

try {
  const engine = await startEngine({
    onStage(name) {
      stages.push(`${name}:${ms()}`);
      $("stage").textContent = `${name} (${ms()} ms)`;
    },
  });
  const pong = await engine.request({ op: "ping" });
  if (!pong.ok) throw new Error(`ping failed: ${JSON.stringify(pong)}`);
  $("python").textContent = pong.python ?? JSON.stringify(pong);
  $("elapsed").textContent = `${ms()} ms`;
  document.documentElement.dataset.stages = stages.join(" ");
  document.documentElement.dataset.ready = "true";
} catch (e) {
  $("error").hidden = false;
  $("error").textContent = `Boot failed: ${e?.message ?? e}`;
  document.documentElement.dataset.ready = "error";
}
