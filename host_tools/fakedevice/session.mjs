// The fake Pico's power-ons: real MicroPython (the npm WebAssembly build)
// whose root filesystem mirrors a folder on the PC.
//
//   node session.mjs MICROPYTHON_MJS HOST_DIR HEAP
//
// Reads JSON lines on stdin: {"code": "python source"} (the first one is the
// fake device's prelude). For each: runs it, streams its output as
// {"o": base64} lines, then one {"done": true, "err": traceback-or-""} line.
// {"reset": true}: a new MicroPython, as at power-on; {"ready": true} then.
// After each run the device filesystem is copied back to HOST_DIR, so the
// files survive when the PC side ends this process (Ctrl-C while main.py
// loops forever).
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
let mp = null;

// What each PC file held when this process last read or wrote it, with its
// stat: the save after every command compares the device's files with these
// instead of reading the whole folder back (a deploy runs hundreds of
// commands). A PC file whose stat changed meanwhile is read again.
const known = new Map();
function remember(h, data) {
  const st = fs.statSync(h);
  known.set(h, { data: data, mtimeMs: st.mtimeMs, size: st.size });
}
function sameAsHost(h, st, data) {
  const k = known.get(h);
  if (k && k.mtimeMs === st.mtimeMs && k.size === st.size) return k.data.equals(data);
  return fs.readFileSync(h).equals(data);
}

// PC folder -> device filesystem (keep: remember the PC's files for save).
function load(hostPath, devPath, keep) {
  mp.FS.mkdirTree(devPath);
  for (const name of fs.readdirSync(hostPath)) {
    const h = path.join(hostPath, name);
    const d = devPath + "/" + name;
    if (fs.statSync(h).isDirectory()) load(h, d, keep);
    else {
      const data = fs.readFileSync(h);
      mp.FS.writeFile(d, data);
      if (keep) remember(h, data);
    }
  }
}

// Device filesystem -> PC folder: write what changed, delete what is gone.
// It walks MEMFS's nodes (a folder's contents: {name: node}; a file's: bytes,
// usedBytes of them) - the FS calls by path cost 10 times more.
function save(dir, hostPath) {
  fs.mkdirSync(hostPath, { recursive: true });
  const seen = new Set();
  for (const [name, node] of Object.entries(dir.contents)) {
    seen.add(name);
    const h = path.join(hostPath, name);
    let st = fs.statSync(h, { throwIfNoEntry: false });
    if (mp.FS.isDir(node.mode)) {
      if (st && !st.isDirectory()) fs.rmSync(h);
      save(node, h);
      continue;
    }
    const c = node.contents;
    const data = c ? Buffer.from(c.buffer, c.byteOffset, node.usedBytes) : Buffer.alloc(0);  // a view, no copy
    if (st && st.isDirectory()) {
      fs.rmSync(h, { recursive: true });
      st = undefined;
    }
    if (!st || !sameAsHost(h, st, data)) {
      const copy = Buffer.from(data);
      fs.writeFileSync(h, copy);
      remember(h, copy);
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

// A power-on: a new MicroPython (a new heap and filesystem) over the PC
// folder. A soft reset asks for another ({"reset": true}) in this same
// process: node itself starts once, which costs more than MicroPython.
async function powerOn() {
  mp = null;
  mp = await loadMicroPython({
    heapsize: parseInt(heapArg, 10) || 192 * 1024,
    linebuffer: false,
    stdout: put,
    stderr: put,
  });
  load(hostDir, ROOT, true);
  if (frozenDir) load(frozenDir, "/.frozen", false); // the firmware's frozen modules: read-only, never saved
  send({ ready: true });
}

await powerOn();

const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const job = JSON.parse(line);
  if (job.reset) {
    await powerOn();
    continue;
  }
  let err = "";
  try {
    mp.runPython(job.code);
  } catch (e) {
    err = String(e.message || e);
  }
  flush();
  try {
    save(mp.FS.lookupPath(ROOT).node, hostDir);
  } catch (e) {
    err += "fake device: could not save the filesystem: " + e + "\n";
  }
  send({ done: true, err: err });
}
