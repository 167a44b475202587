// In-page probes for the browser bench: each runs inside the app's page through page.evaluate
// and times with the page's own clock (performance.now), so Playwright's round trips stay out.

/** Installed with addInitScript: every main-thread task over 50 ms, kept on window.__benchLongTasks. */
export function recordLongTasks() {
  window.__benchLongTasks = [];
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) window.__benchLongTasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: 'longtask', buffered: true });
  } catch {
    window.__benchLongTasks = null;
  }
}

/** The longest task that overlapped [from, to] (page clock), or null when longtask is unsupported. */
export function longestTask([from, to]) {
  const tasks = window.__benchLongTasks;
  if (!tasks) return null;
  const during = tasks.filter((t) => t.start + t.duration >= from && t.start <= to);
  return { longest: Math.max(0, ...during.map((t) => t.duration)), over100: during.filter((t) => t.duration > 100).length, count: during.length };
}

/** Adds a hidden file input of the bench's own, for the floor worker's copy of the file. */
export function addFloorInput() {
  const input = document.createElement('input');
  input.type = 'file';
  input.id = 'bench-floor-input';
  input.style.display = 'none';
  document.body.append(input);
}

/**
 * The floor: the source of a worker (for `runFileWorker`) that streams the chosen file, splits it
 * into lines and JSON.parses every one; it answers with its time in ms and the line count.
 */
export const FLOOR_WORKER_SOURCE = `
  onmessage = async (message) => {
    const started = performance.now();
    const reader = message.data.stream().pipeThrough(new TextDecoderStream()).getReader();
    let rest = '';
    let lines = 0;
    for (;;) {
      const { value, done } = await reader.read();
      if (done) break;
      const parts = (rest + value).split('\\n');
      rest = parts.pop();
      for (const line of parts) if (line.trim()) { JSON.parse(line); lines++; }
    }
    if (rest.trim()) { JSON.parse(rest); lines++; }
    postMessage({ ms: performance.now() - started, lines });
  };`;

/**
 * Goes to an in-app URL the way the app's links do (history + popstate, no reload) and resolves
 * with the ms until `ready()` (a function source, evaluated each frame) returns true.
 */
export function navigateAndTime({ href, ready, timeout }) {
  const isReady = new Function(`return (${ready})();`);
  const started = performance.now();
  window.history.pushState(null, '', href);
  window.dispatchEvent(new PopStateEvent('popstate'));
  return new Promise((resolve, reject) => {
    const check = () => {
      const ms = performance.now() - started;
      if (isReady()) resolve(ms);
      else if (ms > timeout) reject(new Error(`not ready after ${timeout} ms: ${href}`));
      else requestAnimationFrame(check);
    };
    requestAnimationFrame(check);
  });
}

/**
 * A worker (Blob URL) made from `source` gets the file of the bench's hidden input and answers
 * with one message ({ ms, rows } or { error }): the decoding-alone baselines (bench-floors.mjs).
 */
export function runFileWorker(source) {
  const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
  const worker = new Worker(url);
  const file = document.getElementById('bench-floor-input').files[0];
  return new Promise((resolve, reject) => {
    worker.onmessage = (message) => {
      worker.terminate();
      URL.revokeObjectURL(url);
      if (message.data.error) reject(new Error(message.data.error));
      else resolve(message.data);
    };
    worker.onerror = (error) => reject(new Error(error.message));
    worker.postMessage(file);
  });
}
