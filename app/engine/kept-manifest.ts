import { untilFileReleased } from './file-release';

/**
 * Which database file in the Origin Private File System holds the kept dataset. A new dataset
 * is written whole under a new name while the screens already use it; only when that file is
 * complete does the manifest name it (the one step that switches), and the old file goes. A
 * reload at any moment before finds the manifest naming the old, complete file; files the
 * manifest does not name are the remains of an interrupted write and are removed at start.
 */
const MANIFEST = 'retrieval-inspector.kept.json';
const PREFIX = 'retrieval-inspector';
/** The one name used before the manifest existed (and still read when there is no manifest). */
const FIRST_NAME = `${PREFIX}.db`;

export const opfsPath = (name: string) => `opfs://${name}`;

const root = () => navigator.storage.getDirectory();

/** The kept database file's name (it may not exist yet: nothing was kept). */
export async function keptFileName(): Promise<string> {
  try {
    const text = await (await (await (await root()).getFileHandle(MANIFEST)).getFile()).text();
    const name = (JSON.parse(text) as { file?: unknown }).file;
    return typeof name === 'string' && name.startsWith(PREFIX) ? name : FIRST_NAME;
  } catch {
    return FIRST_NAME;
  }
}

/** A name no kept file has used: one more than the current one's number. */
export function nextKeptFileName(current: string): string {
  const number = Number(/-(\d+)\.db$/.exec(current)?.[1] ?? 0);
  return `${PREFIX}-${number + 1}.db`;
}

/**
 * Names `name` as the kept file. A writable stream of the file system writes to a temporary
 * file and swaps it in on close, so the manifest is always the old one or the new one.
 */
export async function nameKeptFile(name: string): Promise<void> {
  const writable = await (await (await root()).getFileHandle(MANIFEST, { create: true })).createWritable();
  await writable.write(JSON.stringify({ file: name, keptAt: Date.now() }));
  await writable.close();
}

/** The app's own files in the storage: database files (and their logs) and the manifest. */
async function ownFileNames(): Promise<string[]> {
  const names: string[] = [];
  for await (const name of (await root()).keys()) if (name.startsWith(PREFIX)) names.push(name);
  return names;
}

/** Removes every kept file but `keep` and its log (a write a reload interrupted, a file replaced). */
export async function removeKeptFilesBut(keep: string): Promise<void> {
  const stale = (await ownFileNames()).filter((name) => name !== MANIFEST && name !== keep && name !== `${keep}.wal`);
  await removeEntries(stale);
}

/** Removes all of them, manifest included. */
export async function removeAllKeptFiles(): Promise<void> {
  await removeEntries(await ownFileNames());
}

/** Removal waits while an engine worker just terminated still holds a file (file-release.ts). */
async function removeEntries(names: string[]): Promise<void> {
  const directory = await root();
  for (const name of names) {
    await untilFileReleased(() => directory.removeEntry(name), { retryOn: (error) => (error as Error).name !== 'NotFoundError', waitMs: 2000, stepMs: 20 })
      .catch((error: Error) => {
        if (error.name !== 'NotFoundError') throw new Error(`${name} could not be removed from the browser's storage: ${error.message}`);
      });
  }
}

/** Whether a kept file of this name exists and holds anything. */
export async function keptFileExists(name: string): Promise<boolean> {
  try {
    return (await (await (await root()).getFileHandle(name)).getFile()).size > 0;
  } catch {
    return false;
  }
}
