// The UI memory benchmark's MicroPython run (see ui_bench.py). Like
// mp/driver.mjs, but the work is split into many runPython calls: this
// build's collector frees memory only between calls (it cannot see the
// WebAssembly stack), so every scripted hand is one call and the heap is
// collected and measured in the next.
// The package is installed under mp/ (next to the project's own driver).
const { loadMicroPython } = await import(new URL(
  "./mp/node_modules/@micropython/micropython-webassembly-pyscript/micropython.mjs", import.meta.url));

const chunks = [];
for await (const c of process.stdin) chunks.push(c);
const job = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const mp = await loadMicroPython({
  heapsize: job.heap || 192 * 1024,
  linebuffer: false,
  stdout: (d) => process.stdout.write(d),
  stderr: (d) => process.stderr.write(d),
});
for (const [path, text] of Object.entries(job.files || {})) {
  const dir = path.slice(0, path.lastIndexOf("/"));
  if (dir) mp.FS.mkdirTree(dir);
  mp.FS.writeFile(path, text);
}
for (const [path, b64] of Object.entries(job.binfiles || {})) {
  const dir = path.slice(0, path.lastIndexOf("/"));
  if (dir) mp.FS.mkdirTree(dir);
  mp.FS.writeFile(path, Buffer.from(b64, "base64"));
}
try {
  for (const code of job.before) mp.runPython(code);
  for (let i = 0; i < job.steps; i++) {
    mp.runPython(job.step);
    mp.runPython(job.after);
  }
  for (const code of job.end) mp.runPython(code);
} catch (e) {
  process.stderr.write(String(e.message || e) + "\n");
  process.exitCode = 1;
}
