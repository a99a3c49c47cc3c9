// A bounded loopback load test of `dama serve`: GAMES games against the engine at level 1 and
// ROOMS rooms of two players at once, each played for PLIES plies (or to its end), every
// message checked; prints the errors, the times and the server's memory (VmHWM, VmRSS).
// node --experimental-websocket load.mjs   (Node 20; Node 22 has WebSocket built in)
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const BIN = process.env.DAMA_BIN || "../../target/release/dama";
const GAMES = Number(process.env.GAMES || 200), ROOMS = Number(process.env.ROOMS || 100);
const PLIES = Number(process.env.PLIES || 40), THREADS = process.env.THREADS || "2";
const DEADLINE_MS = Number(process.env.DEADLINE_S || 300) * 1000;

const server = spawn(BIN, ["serve", "--listen", "127.0.0.1:0", "--search-threads", THREADS], { stdio: ["ignore", "pipe", "inherit"] });
const url = await new Promise((resolve, reject) => {
  let out = "";
  server.stdout.on("data", d => { out += d; const m = out.match(/open http:\/\/([0-9.:]+)\//); if (m) resolve(`ws://${m[1]}/ws`); });
  setTimeout(() => reject(new Error("no server")), 20000);
});

let errors = [], moves = 0, ended = 0;
const memory = () => Object.fromEntries(readFileSync(`/proc/${server.pid}/status`, "utf8").split("\n")
  .filter(l => /^Vm(HWM|RSS)/.test(l)).map(l => l.split(/:\s+/)));

// One connection: `start` sends the first message; `onState` answers states; resolves when done.
function player(start, onState) {
  return new Promise(resolve => {
    const ws = new WebSocket(url);
    const finish = () => { try { ws.close(); } catch (e) {} resolve(); };
    ws.onopen = () => start(ws);
    ws.onerror = () => { errors.push("socket error"); finish(); };
    ws.onmessage = ev => {
      const m = JSON.parse(ev.data);
      if (m.t === "error" || m.t === "illegal") { errors.push(m.text); return finish(); }
      if (m.t === "state" && onState(ws, m)) finish();
    };
  });
}

// Plays the first legal move whenever it is this page's turn; true when done.
function mover(ws, m) {
  if (m.over || m.ply >= PLIES) { if (m.over) ended++; return true; }
  if (m.moves.length) { moves++; ws.send(JSON.stringify({ t: "move", path: m.moves[0].path })); }
  return false;
}

const t0 = Date.now();
const games = Array.from({ length: GAMES }, () =>
  player(ws => ws.send(JSON.stringify({ t: "new", variant: "czech", level: 1, colour: "white" })), mover));
const rooms = Array.from({ length: ROOMS }, () => new Promise(resolve => {
  let joined = null;
  const host = player(ws => ws.send(JSON.stringify({ t: "create_room", variant: "czech", level: 1 })), (ws, m) => {
    if (!joined && m.room) joined = player(w => w.send(JSON.stringify({ t: "join_room", code: m.room.code })), mover);
    return m.started ? mover(ws, m) : false;
  });
  host.then(() => (joined || Promise.resolve()).then(resolve));
}));
const all = Promise.all([...games, ...rooms]);
const timeout = new Promise(r => setTimeout(() => r("deadline"), DEADLINE_MS));
const how = await Promise.race([all.then(() => "done"), timeout]);
const secs = (Date.now() - t0) / 1000;
const mem = memory();
server.kill();
console.log(`${GAMES} games against the engine (level 1) and ${ROOMS} rooms, ${PLIES} plies each: ${how} in ${secs.toFixed(1)} s`);
console.log(`moves sent ${moves} (${(moves / secs).toFixed(0)} a second), games ended by the rules ${ended}, errors ${errors.length}`);
console.log(`server memory: VmHWM ${mem.VmHWM}, VmRSS ${mem.VmRSS}`);
if (errors.length) console.log("first errors: " + [...new Set(errors)].slice(0, 5).join(" | "));
process.exit(errors.length || how !== "done" ? 1 : 0);
