// Peak memory of the tab while something runs: the resident size (RSS, /proc) of the largest
// renderer process of the Chromium using `profile` (the page's main thread, its workers and
// their wasm memory live there), and CDP Performance.getMetrics JSHeapUsedSize (main thread JS only).
import { readdirSync, readFileSync } from 'node:fs';

const EVERY_MS = 200;

function processes() {
  const all = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      // zygote children rewrite their title: one string, arguments joined by spaces
      const cmdline = readFileSync(`/proc/${name}/cmdline`, 'utf8').replaceAll('\0', ' ');
      all.push({ pid: Number(name), cmdline });
    } catch {
      // gone meanwhile
    }
  }
  return all;
}

/** Pids of the page renderers of the Chromium using `profile` (each child carries its --user-data-dir). */
function rendererPids(profile) {
  return processes()
    .filter((p) => p.cmdline.includes('--type=renderer') && p.cmdline.includes(`--user-data-dir=${profile} `) && !p.cmdline.includes('--top-chrome-webui'))
    .map((p) => p.pid);
}

/** Resident size in MB (10^6 bytes, as the file size). */
function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) * 1024 / 1e6;
  } catch {
    return 0;
  }
}

export async function startMemorySampler(context, page, profile) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  let peakRendererMb = 0;
  let peakJsHeapMb = 0;
  let pids = [];
  let busy = false;
  const sample = async () => {
    if (busy) return;
    busy = true;
    try {
      pids = rendererPids(profile);
      peakRendererMb = Math.max(peakRendererMb, ...pids.map(rssMb));
      // a crashed tab never answers: a sample gives up after 2 s, so that stop() returns what was seen
      const { metrics } = await Promise.race([cdp.send('Performance.getMetrics'), new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), 2000).unref())]);
      const heap = metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0;
      peakJsHeapMb = Math.max(peakJsHeapMb, heap / 1e6);
    } catch {
      // page busy or navigating: next sample
    } finally {
      busy = false;
    }
  };
  await sample();
  const beforeMb = peakRendererMb;
  const timer = setInterval(sample, EVERY_MS);
  return {
    async stop() {
      clearInterval(timer);
      await sample();
      await Promise.race([cdp.detach().catch(() => {}), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
      return { beforeMb, peakRendererMb, peakJsHeapMb, everyMs: EVERY_MS, rendererPids: pids.length, source: 'renderer RSS from /proc + CDP Performance.getMetrics JSHeapUsedSize' };
    },
  };
}
