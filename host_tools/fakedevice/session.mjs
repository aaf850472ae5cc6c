// One power-on of the fake Pico: real MicroPython (the npm WebAssembly build)
// whose root filesystem mirrors a folder on the PC.
//
//   node session.mjs MICROPYTHON_MJS HOST_DIR HEAP
//
// Reads JSON lines on stdin: {"code": "python source"} (the first one is the
// fake device's prelude). For each: runs it, streams its output as
// {"o": base64} lines, then one {"done": true, "err": traceback-or-""} line.
// After each run the device filesystem is copied back to HOST_DIR, so the
// files survive when the PC side ends this process (a soft reset, or Ctrl-C
// while main.py loops forever).
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { pathToFileURL } from "node:url";

const [mjs, hostDir, heapArg, frozenDir] = process.argv.slice(2);
const { loadMicroPython } = await import(pathToFileURL(mjs).href);
const ROOT = "/flash"; // where the device's "/" lives inside MicroPython's MEMFS

function send(obj) {
  process.stdout.write(JSON.stringify(obj) + "\n");
}

// Output comes one byte at a time; pass it on a line at a time (and at the
// end of each run), base64 so any byte survives the JSON.
let pending = [];
function flush() {
  if (pending.length) send({ o: Buffer.from(pending).toString("base64") });
  pending = [];
}
function put(d) {
  for (const c of d) {
    pending.push(c);
    if (c === 10) flush();
  }
}
const mp = await loadMicroPython({
  heapsize: parseInt(heapArg, 10) || 192 * 1024,
  linebuffer: false,
  stdout: put,
  stderr: put,
});

// PC folder -> device filesystem.
function load(hostPath, devPath) {
  mp.FS.mkdirTree(devPath);
  for (const name of fs.readdirSync(hostPath)) {
    const h = path.join(hostPath, name);
    const d = devPath + "/" + name;
    if (fs.statSync(h).isDirectory()) load(h, d);
    else mp.FS.writeFile(d, fs.readFileSync(h));
  }
}

// Device filesystem -> PC folder: write what changed, delete what is gone.
function save(devPath, hostPath) {
  fs.mkdirSync(hostPath, { recursive: true });
  const seen = new Set();
  for (const name of mp.FS.readdir(devPath)) {
    if (name === "." || name === "..") continue;
    seen.add(name);
    const d = devPath + "/" + name;
    const h = path.join(hostPath, name);
    if (mp.FS.isDir(mp.FS.stat(d).mode)) {
      if (fs.existsSync(h) && !fs.statSync(h).isDirectory()) fs.rmSync(h);
      save(d, h);
    } else {
      const data = Buffer.from(mp.FS.readFile(d));
      if (fs.existsSync(h) && fs.statSync(h).isDirectory()) fs.rmSync(h, { recursive: true });
      if (!fs.existsSync(h) || !fs.readFileSync(h).equals(data)) fs.writeFileSync(h, data);
    }
  }
  for (const name of fs.readdirSync(hostPath)) {
    if (!seen.has(name)) fs.rmSync(path.join(hostPath, name), { recursive: true, force: true });
  }
}

// time.sleep on the WebAssembly port spins until the time has passed (its
// mp_hal_delay_ms), so an app that sleeps in its loop kept a PC core busy for
// as long as it ran; pico_prelude.py's time sleeps here instead, as a Pico
// sleeps, without the CPU.
const sleeper = new Int32Array(new SharedArrayBuffer(4));
globalThis.ginSleepMs = (ms) => {
  if (ms > 0) Atomics.wait(sleeper, 0, 0, ms);
};

load(hostDir, ROOT);
if (frozenDir) load(frozenDir, "/.frozen"); // the firmware's frozen modules: read-only, never saved
send({ ready: true });

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  let err = "";
  try {
    mp.runPython(job.code);
  } catch (e) {
    err = String(e.message || e);
  }
  flush();
  try {
    save(ROOT, hostDir);
  } catch (e) {
    err += "fake device: could not save the filesystem: " + e + "\n";
  }
  send({ done: true, err: err });
}
