// Runs Python code under the PC's MicroPython (the npm WebAssembly build).
// Reads one JSON object on stdin: {"heap": bytes, "files": {"/abs/path.py": text},
// "binfiles": {"/abs/path.mpy": base64} (optional), "code": "python source" or
// a list of sources (each run as a call of its own), "step": "python
// expression" (optional)}. Writes the files into MicroPython's own filesystem,
// runs the code, then evaluates the step expression again and again, each
// time in a call of its own, until it is false. Output passes through; exit 1
// if the code raised.
//
// Why steps: this build defers garbage collection to the end of a top-level
// call (gc.collect() inside one call frees nothing made in that call), so
// anything that measures live heap must return to here between measurements.
import { loadMicroPython } from "@micropython/micropython-webassembly-pyscript";

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const job = JSON.parse(Buffer.concat(chunks).toString("utf8"));

const mp = await loadMicroPython({
  heapsize: job.heap || 192 * 1024,
  linebuffer: false,
  stdout: (d) => process.stdout.write(d),
  stderr: (d) => process.stderr.write(d),
});
function put(path, data) {
  const dir = path.slice(0, path.lastIndexOf("/"));
  if (dir) mp.FS.mkdirTree(dir);
  mp.FS.writeFile(path, data);
}
for (const [path, text] of Object.entries(job.files || {})) put(path, text);
for (const [path, b64] of Object.entries(job.binfiles || {})) put(path, Buffer.from(b64, "base64"));
try {
  for (const code of [].concat(job.code)) mp.runPython(code);
  if (job.step) {
    do {
      mp.runPython("_gin_more = (" + job.step + ")");
    } while (mp.globals.get("_gin_more"));
  }
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  process.exitCode = 1;
}
